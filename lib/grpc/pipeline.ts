/**
 * The gRPC counterpart of the HttpEffect (`lib/http/pipeline.ts`), built from the same policy
 * modules so both transports behave alike:
 *
 * ```
 * retryWithPolicy(                        lib/http/retry-with-policy.ts + retry.ts: backoff, give up
 *   nodes.pick()                          lib/http/nodes.ts: the failover cursor
 *   -> unaryCall(attempt)                 unary.ts: one call, cancelled on unsubscribe
 *   -> deadline.attempt(...)              lib/http/deadline.ts: attempt timeout and total deadline
 *   -> nodes.succeeded / nodes.failed
 * )
 * ```
 *
 * gRPC statuses become the REST path's errors (`status.ts`), so the retry policy reads them
 * unchanged: UNAVAILABLE is a transient connection error, DEADLINE_EXCEEDED an attempt timeout.
 *
 * @packageDocumentation
 */
import type { DescMessage, MessageShape } from '@bufbuild/protobuf'
import { Observable, SchedulerLike, asyncScheduler, defer, tap, throwError } from 'rxjs'
import { ConnectionError, WeaviateError } from '../errors'
import { startDeadline } from '../http/deadline'
import { createNodes } from '../http/nodes'
import { forCall } from '../http/options'
import { retryDelay } from '../http/retry'
import { retryWithPolicy } from '../http/retry-with-policy'
import { toEither } from '../http/to-either'
import type { RetryOptions, TimeoutOptions } from '../http/types'
import { ObservableEither } from '../observable-either'
import type { GrpcNode } from './address'
import { createChannels } from './channels'
import { callMetadata } from './metadata'
import type { UnaryMethod } from './methods'
import { unaryCall } from './unary'

/**
 * The resolved settings of a client's gRPC calls (the REST options' headers, retry and timeout).
 *
 * @example
 * ```ts
 * const options: GrpcOptions = { nodes: grpcNodes(urls, undefined), headers: resolved.headers, retry: resolved.retry, timeout: resolved.timeout }
 * ```
 */
export interface GrpcOptions {
  readonly nodes: readonly GrpcNode[]
  /** Sent as call metadata (the Authorization header included). */
  readonly headers: Readonly<Record<string, string>>
  readonly retry: RetryOptions
  readonly timeout: TimeoutOptions
}

/**
 * What a call may set, as a REST request does.
 *
 * @example
 * ```ts
 * const call: GrpcCallOptions = { idempotent: true, timeout: { attemptMs: 5_000 } }
 * ```
 */
export interface GrpcCallOptions {
  /** Whether sending the call twice is safe (retries need it). Default false. */
  readonly idempotent?: boolean
  readonly retry?: Partial<RetryOptions> | false
  readonly timeout?: Partial<TimeoutOptions>
}

/**
 * Sends gRPC calls.
 *
 * @example
 * ```ts
 * grpc.call(METHODS.batchObjects, create(BatchObjectsRequestSchema, { objects }), { idempotent: true })
 *   .subscribe((reply) => console.log(reply.errors))
 * ```
 */
export interface GrpcEffect {
  /**
   * Cold: on subscription sends the call (plus retries, on the next node after a network
   * failure); emits the reply and completes, or errors with a WeaviateError. Unsubscribing
   * cancels the call in flight and any pending backoff.
   */
  call<I extends DescMessage, O extends DescMessage>(method: UnaryMethod<I, O>, request: MessageShape<I>, call?: GrpcCallOptions): Observable<MessageShape<O>>
  /** {@link GrpcEffect.call} with its failure as a `Left`. */
  run<I extends DescMessage, O extends DescMessage>(method: UnaryMethod<I, O>, request: MessageShape<I>, call?: GrpcCallOptions): ObservableEither<WeaviateError, MessageShape<O>>
  /** The nodes, in the order of the failover cursor. */
  readonly nodes: readonly GrpcNode[]
  /** Closes the channels; idempotent. */
  close(): void
}

/**
 * Creates the gRPC side of a client; channels open on first use.
 *
 * @example
 * ```ts
 * const grpc = createGrpc({ nodes: grpcNodes(['http://127.0.0.1:8080'], undefined), headers: {}, retry: DEFAULT_RETRY, timeout: DEFAULT_TIMEOUT })
 * ```
 */
export const createGrpc = (options: GrpcOptions, internals: { readonly scheduler?: SchedulerLike } = {}): GrpcEffect => {
  const clock = internals.scheduler ?? asyncScheduler
  const channels = createChannels()
  const nodes = createNodes(options.nodes.map((node) => ({ origin: node.origin, basePath: '' })))
  const metadata = callMetadata(options.headers)

  const call = <I extends DescMessage, O extends DescMessage>(
    method: UnaryMethod<I, O>,
    request: MessageShape<I>,
    callOptions: GrpcCallOptions = {},
  ): Observable<MessageShape<O>> =>
    defer(() => {
      if (channels.closed) {
        const first = options.nodes[0]
        const url = `${first?.origin ?? ''}${method.path}`
        return throwError(() => new ConnectionError({ method: 'POST', url, code: 'ERR_CLIENT_CLOSED', detail: 'the client was closed', cause: undefined }))
      }
      const { retry, timeout } = forCall(options, callOptions)
      const deadline = startDeadline(timeout, clock)
      const attempt$ = defer(() => {
        const picked = nodes.pick()
        const node = options.nodes[picked.index]
        if (node === undefined) throw new RangeError(`no gRPC node ${picked.index}`)
        const url = `${node.origin}${method.path}`
        const attempt = { client: channels.for(node), method, request, metadata: metadata.clone(), url, limit: deadline.limit() }
        return unaryCall(attempt).pipe(
          deadline.attempt({ method: 'POST', url }),
          tap({ next: () => nodes.succeeded(picked), error: (e: unknown) => nodes.failed(picked, e) }),
        )
      })
      if (retry.attempts <= 1) return attempt$
      const request$ = { method: 'POST' as const, idempotent: callOptions.idempotent ?? false }
      return attempt$.pipe(
        retryWithPolicy({
          delay: (error, n) => retryDelay({ error, attempt: n, request: request$, options: retry, remainingMs: deadline.remainingMs() }),
          scheduler: clock,
        }),
      )
    })

  return {
    call,
    run: (method, request, callOptions) => call(method, request, callOptions).pipe(toEither()),
    nodes: options.nodes,
    close: () => channels.close(),
  }
}
