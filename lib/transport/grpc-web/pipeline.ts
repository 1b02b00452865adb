/**
 * The gRPC side of a client whose calls travel as gRPC-Web on the REST URL: the same unary calls
 * as grpc-js's (`../grpc/calls.ts`: the failover cursor, retries, the deadline, the token),
 * only the carrier differs. Each node's methods are at `<url's path>/v1/grpc-web/<service>/<method>`
 * (so a proxy's path prefix holds), where Weaviate serves them from 1.38.3 (`FEATURES.grpcWeb`).
 * gRPC-Web has no bidirectional calls: `openStream` throws, and a batch writes with `BatchObjects`.
 *
 * @packageDocumentation
 */
import type { SchedulerLike } from 'rxjs'
import { ConnectionError } from '../../core/errors'
import type { GrpcNode } from '../grpc/address'
import type { UnaryCarrier } from '../grpc/attempts'
import { GrpcEffect, UnaryOptions, unaryCalls } from '../grpc/calls'
import { Node, createNodes } from '../http/nodes'
import type { WebExchange } from './exchange'
import { WEB_HEADERS, startWebUnary } from './unary'

/** Where the server mounts gRPC-Web, under a node's API base path (`/v1`). */
export const GRPC_WEB_PATH = '/grpc-web'

/**
 * What a gRPC-Web client needs: its REST nodes, the REST options' headers, retry and timeout, and
 * the exchange that sends (undici on the client's pools, or fetch).
 */
export interface GrpcWebOptions extends UnaryOptions {
  readonly nodes: readonly Node[]
  readonly exchange: WebExchange
  /** True once the connections the exchange uses are closed. */
  readonly closed: () => boolean
}

/** A REST node as the gRPC side names it: its `origin` is where a method's path is appended. */
const webNode = (node: Node): GrpcNode => {
  const url = new URL(node.origin)
  return { target: url.host, secure: url.protocol === 'https:', origin: `${node.origin}${node.basePath}${GRPC_WEB_PATH}` }
}

/**
 * The carrier: each attempt one POST of the framed request, with the client's headers, or a copy
 * of them with the attempt's Authorization header (the last one kept).
 */
const webCarrier = (options: GrpcWebOptions): UnaryCarrier => {
  const base: Readonly<Record<string, string>> = Object.freeze({ ...lowerCased(options.headers), ...WEB_HEADERS })
  let last: { readonly authorization: string; readonly headers: Readonly<Record<string, string>> } | undefined
  const withToken = (authorization: string): Readonly<Record<string, string>> => {
    if (last?.authorization !== authorization) last = { authorization, headers: Object.freeze({ ...base, authorization }) }
    return last.headers
  }
  const prefixes = options.nodes.map((node) => `${node.basePath}${GRPC_WEB_PATH}`)
  const nodeAt = (index: number): { readonly origin: string; readonly prefix: string } => {
    const node = options.nodes[index]
    const prefix = prefixes[index]
    if (node === undefined || prefix === undefined) throw new RangeError(`no node ${index}`)
    return { origin: node.origin, prefix }
  }
  return {
    transport: 'grpc-web',
    get closed() {
      return options.closed()
    },
    url: (index, path) => {
      const { origin, prefix } = nodeAt(index)
      return `${origin}${prefix}${path}`
    },
    start: (attempt, done) => {
      const { origin, prefix } = nodeAt(attempt.index)
      return startWebUnary(
        {
          exchange: options.exchange,
          method: attempt.method,
          request: attempt.request,
          origin,
          path: `${prefix}${attempt.method.path}`,
          url: attempt.url,
          headers: withCallHeaders(attempt.authorization === undefined ? base : withToken(attempt.authorization), attempt.headers),
          limit: attempt.limit,
        },
        done,
      )
    },
  }
}

/** The attempt's headers with the call's own (checked: no reserved name among them) over them. */
const withCallHeaders = (headers: Readonly<Record<string, string>>, call: Readonly<Record<string, string>> | undefined): Readonly<Record<string, string>> =>
  call === undefined ? headers : { ...headers, ...call }

const lowerCased = (headers: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))

/**
 * Creates the gRPC-Web side of a client. Its connections are the exchange's (the client's REST
 * pools on Node), so `close()` here closes nothing.
 */
export const createGrpcWeb = (options: GrpcWebOptions, internals: { readonly scheduler?: SchedulerLike } = {}): GrpcEffect => {
  const nodes = options.nodes.map(webNode)
  const unary = unaryCalls(webCarrier(options), createNodes(options.nodes), options, internals.scheduler)
  return {
    carrier: 'web',
    ...unary,
    streamBearer: () => options.bearer?.forStream(),
    openStream: (method) => {
      throw new ConnectionError({
        method: 'POST',
        url: `${nodes[0]?.origin ?? ''}${method.path}`,
        code: 'ERR_NO_BIDI_STREAMS',
        detail: 'gRPC-Web has no bidirectional calls',
        cause: undefined,
      })
    },
    nodes,
    close: () => undefined,
  }
}
