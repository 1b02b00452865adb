/**
 * The gRPC side of a client as every operation sees it (the {@link GrpcEffect}), and its unary calls
 * over any carrier ({@link unaryCalls}): the retry loop of `attempts.ts` as a cold Observable. The
 * carriers are grpc-js (`pipeline.ts`, Node) and gRPC-Web (`lib/transport/grpc-web/`, every
 * runtime); this module imports neither, so the web build has it.
 *
 * @packageDocumentation
 */
import type { ClientDuplexStream } from '@grpc/grpc-js'
import * as E from 'fp-ts/Either'
import { Observable, SchedulerLike, asyncScheduler } from 'rxjs'
import { ArgumentValueError, WeaviateError } from '../../core/errors'
import type { Nodes } from '../http/nodes'
import { BearerSource, CallSettings, StreamBearer, forCall, withCallHeaders } from '../http/options'
import type { RetryOptions, TimeoutOptions } from '../http/types'
import { ObservableEither } from '../../core/observable-either'
import type { GrpcCarrier } from '../../input/transport-mode'
import type { GrpcNode } from './address'
import { CallShared, ResolvedCall, UnaryCarrier, startCall } from './attempts'
import type { BidiMethod, UnaryMethod } from './methods'
import type { Ambient } from '../../observe/probe'

/**
 * The settings of a client's unary calls, whatever carries them (the REST options' headers, retry
 * and timeout, and the changing token).
 */
export interface UnaryOptions {
  /** Sent as call metadata (the Authorization header included). */
  readonly headers: Readonly<Record<string, string>>
  readonly retry: RetryOptions
  readonly timeout: TimeoutOptions
  /** The changing Authorization header (OIDC), asked before every call; none with an API key. */
  readonly bearer?: BearerSource | undefined
  /** Where a call finds the watched operation it belongs to (`lib/observe/`); none when nothing watches. */
  readonly ambient?: Ambient | undefined
}

/**
 * What a call may set, as a REST request does.
 */
export interface GrpcCallOptions {
  /** Whether sending the call twice is safe (retries need it). Default false. */
  readonly idempotent?: boolean
  readonly retry?: Partial<RetryOptions> | false
  readonly timeout?: Partial<TimeoutOptions>
  /** The call's own headers (checked, `lib/input/headers.ts`), sent as metadata over the client's. */
  readonly headers?: Readonly<Record<string, string>>
}

/**
 * The unary half of a {@link GrpcEffect}, the same whatever carries the calls.
 */
export interface UnaryCalls {
  readonly call: GrpcEffect['call']
  readonly run: GrpcEffect['run']
  readonly settings: GrpcEffect['settings']
}

/**
 * Sends gRPC calls.
 */
export interface GrpcEffect {
  /**
   * How the calls travel: `'native'` over HTTP/2 to the gRPC port (grpc-js), `'web'` as gRPC-Web
   * on the REST URL (`lib/transport/grpc-web/`); only `'native'` opens bidirectional calls
   * ({@link GrpcEffect.openStream}).
   */
  readonly carrier: GrpcCarrier
  /**
   * Cold: on subscription sends the call (plus retries, on the next node after a network
   * failure); emits the reply and completes, or errors with a WeaviateError. Unsubscribing
   * cancels the call in flight and any pending backoff.
   */
  call<I, O>(method: UnaryMethod<I, O>, request: I, call?: GrpcCallOptions): Observable<O>
  /** {@link GrpcEffect.call} with its failure as a `Left`. */
  run<I, O>(method: UnaryMethod<I, O>, request: I, call?: GrpcCallOptions): ObservableEither<WeaviateError, O>
  /**
   * {@link GrpcEffect.run} with the reply read by `interpret` as it arrives (as `HttpEffect.run`
   * reads a response): one Observable, no operator after it.
   */
  run<I, O, A>(
    method: UnaryMethod<I, O>,
    request: I,
    call: GrpcCallOptions | undefined,
    interpret: (reply: O) => E.Either<WeaviateError, A>,
  ): ObservableEither<WeaviateError, A>
  /**
   * The Authorization header a bidirectional call opens with when it changes over the client's
   * life (OIDC): at once while the token is fresh, else a promise of the next one (rejecting with
   * a WeaviateError, a failed sign-in). Undefined when the client's headers hold the credentials
   * (an API key, or none): a stream then lives as long as it likes.
   */
  streamBearer(): StreamBearer | Promise<StreamBearer> | undefined
  /**
   * Opens a bidirectional call (`BatchStream`) on the node the failover cursor picks, with the
   * call's metadata and `bearer`'s Authorization header (from {@link GrpcEffect.streamBearer}); no
   * retries or deadline: the caller owns the stream's life and gets the call's resolved retry and
   * timeout settings for it. Throws a ConnectionError when the client is closed, or when its
   * carrier is `'web'` (gRPC-Web has no bidirectional calls), and an ArgumentValueError for a call
   * `authorization` header on a client with credentials.
   */
  openStream<I, O>(method: BidiMethod<I, O>, call?: GrpcCallOptions, bearer?: StreamBearer): OpenedStream<I, O>
  /** The client's retry and timeout settings with the call's over them: what a call or stream applies. */
  settings(call?: GrpcCallOptions): CallSettings
  /** The nodes, in the order of the failover cursor. */
  readonly nodes: readonly GrpcNode[]
  /** Closes the channels; idempotent. */
  close(): void
}

/**
 * A bidirectional call just opened, with the settings its owner applies.
 */
export interface OpenedStream<I, O> {
  readonly call: ClientDuplexStream<I, O>
  /** The method's URL on the node, for errors. */
  readonly url: string
  readonly retry: RetryOptions
  readonly timeout: TimeoutOptions
  /** The node answered (the failover cursor stays on it). */
  readonly succeeded: () => void
  /** The call failed with `error`: a network failure moves the failover cursor to the next node. */
  readonly failed: (error: WeaviateError) => void
}

/**
 * A call's own headers, or an ArgumentValueError for an `authorization` that the client's
 * credentials (a bearer, or an Authorization header of the client's) forbid.
 */
export const callHeaders =
  (clientHeaders: Readonly<Record<string, string>>, bearer: boolean) =>
  (call: GrpcCallOptions): Readonly<Record<string, string>> | undefined | ArgumentValueError => {
    if (call.headers === undefined) return undefined
    const checked = withCallHeaders({}, call.headers, bearer || clientHeaders['authorization'] !== undefined)
    return checked instanceof ArgumentValueError ? checked : call.headers
  }

/**
 * The unary calls of a client over `carrier`, with its failover `cursor` (over the carrier's
 * nodes): the retry loop (`attempts.ts`) as a cold Observable. Shared by the grpc-js and gRPC-Web
 * sides.
 */
export const unaryCalls = (
  carrier: UnaryCarrier,
  cursor: Nodes,
  options: UnaryOptions,
  clock: SchedulerLike = asyncScheduler,
): UnaryCalls => {
  const bearer = options.bearer
  const shared: CallShared = {
    cursor,
    carrier,
    authorization: bearer === undefined ? undefined : () => bearer.authorization(),
    clock,
    ambient: options.ambient,
  }
  const headersOf = callHeaders(options.headers, bearer !== undefined)
  const resolve = <I, O>(method: UnaryMethod<I, O>, request: I, call: GrpcCallOptions): ResolvedCall<I, O> | ArgumentValueError => {
    const headers = headersOf(call)
    return headers instanceof ArgumentValueError
      ? headers
      : { method, request, settings: forCall(options, call), idempotent: call.idempotent ?? false, headers }
  }

  const call = <I, O>(method: UnaryMethod<I, O>, request: I, callOptions: GrpcCallOptions = {}): Observable<O> =>
    new Observable<O>((subscriber) => {
      const resolved = resolve(method, request, callOptions)
      if (resolved instanceof ArgumentValueError) return subscriber.error(resolved)
      return startCall(shared, resolved, (result) => {
        if (E.isLeft(result)) return subscriber.error(result.left)
        subscriber.next(result.right)
        subscriber.complete()
      })
    })

  const run = <I, O, A>(
    method: UnaryMethod<I, O>,
    request: I,
    callOptions: GrpcCallOptions = {},
    interpret?: (reply: O) => E.Either<WeaviateError, A>,
  ): ObservableEither<WeaviateError, A | O> =>
    new Observable<E.Either<WeaviateError, A | O>>((subscriber) => {
      const resolved = resolve(method, request, callOptions)
      if (resolved instanceof ArgumentValueError) {
        subscriber.next(E.left(resolved))
        return subscriber.complete()
      }
      return startCall(shared, resolved, (result) => {
        let value: E.Either<WeaviateError, A | O>
        try {
          value = interpret === undefined || E.isLeft(result) ? result : interpret(result.right)
        } catch (e) {
          // A bug in `interpret` stays an Observable error, as in HttpEffect.run.
          return subscriber.error(e)
        }
        subscriber.next(value)
        subscriber.complete()
      })
    })

  return { call, run, settings: (callOptions: GrpcCallOptions = {}): CallSettings => forCall(options, callOptions) }
}

