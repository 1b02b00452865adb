/**
 * The gRPC counterpart of the HttpEffect (`lib/transport/http/pipeline.ts`), built from the same policy
 * modules so both transports behave alike (the loop is `attempts.ts`):
 *
 * ```
 * new Observable                          one per call: subscribing starts it, unsubscribing stops it
 *   -> startCall(...)                     attempts.ts: failover cursor, retry policy, time limits
 *     -> startUnary(attempt)              unary.ts: one grpc-js call, its deadline the attempt's limit
 * ```
 *
 * gRPC statuses become the REST path's errors (`status.ts`), so the retry policy reads them
 * unchanged: UNAVAILABLE is a transient connection error, DEADLINE_EXCEEDED an attempt timeout.
 * Everything a call shares (channels, the failover cursor, the metadata with the API key) is made
 * once per client; a call that succeeds at once allocates no operator, timer or retry state.
 *
 * @packageDocumentation
 */
import type { ClientDuplexStream, Metadata } from '@grpc/grpc-js'
import * as E from 'fp-ts/Either'
import { Observable, SchedulerLike, asyncScheduler } from 'rxjs'
import { ArgumentValueError, ConnectionError, WeaviateError } from '../../core/errors'
import { Nodes, createNodes } from '../http/nodes'
import { BearerSource, CallSettings, StreamBearer, forCall, withCallHeaders } from '../http/options'
import type { RetryOptions, TimeoutOptions } from '../http/types'
import { ObservableEither } from '../../core/observable-either'
import type { GrpcCarrier } from '../../input/transport-mode'
import type { TlsSettings } from '../tls'
import type { ProxySettings } from '../proxy'
import type { GrpcNode } from './address'
import { CallShared, ResolvedCall, UnaryCarrier, startCall } from './attempts'
import { Channels, createChannels } from './channels'
import type { Keepalive } from './keepalive'
import { callMetadata, withHeaders } from './metadata'
import type { BidiMethod, UnaryMethod } from './methods'
import { startUnary } from './unary'
import type { Ambient } from '../../observe/probe'

const GRPC_OK = 0
const GRPC_CANCELLED = 1

/**
 * The resolved settings of a client's gRPC calls (the REST options' headers, retry and timeout).
 */
export interface GrpcOptions {
  readonly nodes: readonly GrpcNode[]
  /** Sent as call metadata (the Authorization header included). */
  readonly headers: Readonly<Record<string, string>>
  readonly retry: RetryOptions
  readonly timeout: TimeoutOptions
  /** The TLS settings of `https` nodes (`lib/context/tls.ts`); Node's defaults when absent. */
  readonly tls?: TlsSettings
  /** The changing Authorization header (OIDC), asked before every call; none with an API key. */
  readonly bearer?: BearerSource | undefined
  /** The channels' keepalive pings (`keepalive.ts`); the defaults when absent, none for `false`. */
  readonly keepalive?: Keepalive | false
  /** The client's proxy settings (`../proxy.ts`); direct connections when absent. */
  readonly proxy?: ProxySettings
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
 * The client's metadata with an Authorization header, the last one kept (the token changes
 * rarely, calls are many).
 */
const tokenMetadata = (base: Metadata): ((authorization: string) => Metadata) => {
  let last: { readonly authorization: string; readonly metadata: Metadata } | undefined
  return (authorization) => {
    if (last?.authorization === authorization) return last.metadata
    const metadata = base.clone()
    metadata.set('authorization', authorization)
    last = { authorization, metadata }
    return metadata
  }
}

/**
 * A call's own headers, or an ArgumentValueError for an `authorization` that the client's
 * credentials (a bearer, or an Authorization header of the client's) forbid.
 */
const callHeaders =
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
  options: Pick<GrpcOptions, 'headers' | 'retry' | 'timeout' | 'bearer' | 'ambient'>,
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

/**
 * The grpc-js carrier: each attempt one call on the node's channel (`unary.ts`), with the
 * client's metadata, or a copy of it with the attempt's Authorization header.
 */
const grpcJsCarrier = (nodes: readonly GrpcNode[], channels: Channels, withToken: (authorization: string) => Metadata, metadata: Metadata): UnaryCarrier => {
  const nodeAt = (index: number): GrpcNode => {
    const node = nodes[index]
    if (node === undefined) throw new RangeError(`no gRPC node ${index}`)
    return node
  }
  return {
    transport: 'grpc',
    get closed() {
      return channels.closed
    },
    url: (index, path) => `${nodeAt(index).origin}${path}`,
    start: (attempt, done) =>
      startUnary(
        {
          client: channels.for(nodeAt(attempt.index)),
          method: attempt.method,
          request: attempt.request,
          metadata: withHeaders(attempt.authorization === undefined ? metadata : withToken(attempt.authorization), attempt.headers),
          url: attempt.url,
          limit: attempt.limit,
          via: channels.via(nodeAt(attempt.index)),
        },
        done,
      ),
  }
}

/**
 * Creates the gRPC side of a client; channels open on first use.
 */
export const createGrpc = (options: GrpcOptions, internals: { readonly scheduler?: SchedulerLike } = {}): GrpcEffect => {
  const channels = createChannels(options.tls, options.keepalive, options.proxy)
  const metadata = callMetadata(options.headers)
  const withToken = tokenMetadata(metadata)
  const bearer = options.bearer
  const cursor = createNodes(options.nodes.map((node) => ({ origin: node.origin, basePath: '' })))
  // One cursor for the unary calls and the streams: a node that failed either is left for both.
  const unary = unaryCalls(grpcJsCarrier(options.nodes, channels, withToken, metadata), cursor, options, internals.scheduler)
  const { settings } = unary

  const openStream = <I, O>(method: BidiMethod<I, O>, callOptions: GrpcCallOptions = {}, streamBearer?: StreamBearer): OpenedStream<I, O> => {
    const picked = cursor.pick()
    const node = options.nodes[picked.index]
    if (node === undefined) throw new RangeError(`no gRPC node ${picked.index}`)
    const url = `${node.origin}${method.path}`
    if (channels.closed) throw new ConnectionError({ method: 'POST', url, code: 'ERR_CLIENT_CLOSED', detail: 'the client was closed', cause: undefined })
    const headers = callHeaders(options.headers, bearer !== undefined)(callOptions)
    if (headers instanceof ArgumentValueError) throw headers
    const { retry, timeout } = settings(callOptions)
    // The stream keeps the token it opens with, and Weaviate checks it as it writes the stream's
    // objects: its owner reopens it before the token expires (`renewInMs`, docs/oidc.md).
    // A watched stream is one attempt of its operation, from opening to its status.
    const probe = options.ambient?.current()?.attempt({ transport: 'grpc', method: 'POST', rpc: method.path, url, attempt: 1 })
    const carried = probe?.headers === undefined ? headers : { ...headers, ...probe.headers }
    const streamMetadata = withHeaders(streamBearer === undefined ? metadata : withToken(streamBearer.authorization), carried)
    const stream = channels.for(node).makeBidiStreamRequest(method.path, method.serialize, method.deserialize, streamMetadata)
    if (probe !== undefined) {
      stream.once('status', (status: { readonly code: number; readonly details: string }) =>
        probe.end(
          status.code === GRPC_OK
            ? { status: 'ok' }
            : status.code === GRPC_CANCELLED
              ? { status: 'cancelled' }
              : { status: 'error', error: Object.assign(new Error(status.details), { name: `grpc.${status.code}` }) },
        ),
      )
    }
    return {
      call: stream,
      url,
      retry,
      timeout,
      succeeded: () => cursor.succeeded(picked),
      failed: (error) => cursor.failed(picked, error),
    }
  }

  return {
    carrier: 'native',
    ...unary,
    streamBearer: () => bearer?.forStream(),
    openStream,
    nodes: options.nodes,
    close: () => channels.close(),
  }
}
