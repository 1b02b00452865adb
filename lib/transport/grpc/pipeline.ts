/**
 * The grpc-js side of a client (Node): the {@link GrpcEffect} of `calls.ts` over HTTP/2 channels,
 * the counterpart of the HttpEffect (`lib/transport/http/pipeline.ts`), built from the same policy
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
import type { Metadata } from '@grpc/grpc-js'
import type { SchedulerLike } from 'rxjs'
import { ArgumentValueError, ConnectionError } from '../../core/errors'
import { createNodes } from '../http/nodes'
import type { StreamBearer } from '../http/options'
import type { TlsSettings } from '../tls'
import type { ProxySettings } from '../proxy'
import type { GrpcNode } from './address'
import type { UnaryCarrier } from './attempts'
import { GrpcCallOptions, GrpcEffect, OpenedStream, UnaryOptions, callHeaders, unaryCalls } from './calls'
import { Channels, createChannels } from './channels'
import type { Keepalive } from './keepalive'
import { callMetadata, withHeaders } from './metadata'
import type { BidiMethod } from './methods'
import { asBuffer, startUnary } from './unary'
import { Status } from './codes'

/**
 * The resolved settings of a client's gRPC calls (the REST options' headers, retry and timeout).
 */
export interface GrpcOptions extends UnaryOptions {
  readonly nodes: readonly GrpcNode[]
  /** The TLS settings of `https` nodes (`lib/context/tls.ts`); Node's defaults when absent. */
  readonly tls?: TlsSettings
  /** The channels' keepalive pings (`keepalive.ts`); the defaults when absent, none for `false`. */
  readonly keepalive?: Keepalive | false
  /** The client's proxy settings (`../proxy.ts`); direct connections when absent. */
  readonly proxy?: ProxySettings
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
    const stream = channels.for(node).makeBidiStreamRequest(method.path, (message: I) => asBuffer(method.serialize(message)), method.deserialize, streamMetadata)
    if (probe !== undefined) {
      stream.once('status', (status: { readonly code: Status; readonly details: string }) =>
        probe.end(
          status.code === Status.OK
            ? { status: 'ok' }
            : status.code === Status.CANCELLED
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

// What the grpc-js side makes, for the modules that name it from here.
export type { GrpcCallOptions, GrpcEffect, OpenedStream } from './calls'
