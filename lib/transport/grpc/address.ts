/**
 * Where the gRPC API of each node is: the `grpcUrl` option, or, only where it is the same server,
 * an address paired with the REST URL.
 *
 * The pairing rule: a REST URL on Weaviate's default REST port 8080 is paired with its host's
 * default gRPC port 50051; a REST URL on any other port gets no gRPC address (the client then
 * runs over REST, `transport-choice.ts`). Why this proves the same server: a Weaviate process
 * listens on 8080 and 50051 together unless it is told otherwise, and the official clients'
 * local defaults pair the two the same way, so a user who reaches a server on 8080 without
 * naming a gRPC address runs it, or a copy of it, with the defaults. A REST URL on another port
 * says the defaults were changed or remapped (two servers on one host, a container's port
 * mapping), and then nothing tells which server owns the host's 50051: `/v1/meta` names no gRPC
 * port, and no read-only gRPC method answers with anything REST can be compared with (the health
 * check says only SERVING; a search needs a class and answers with data two copies share). So the
 * address is not guessed: a batch sent to a guessed port is written into whichever server owns it.
 *
 * A given address is `http://host:port` (plaintext), `https://host:port` (TLS), or `host:port`,
 * which takes TLS from its REST URL: TLS when that is `https`, plaintext otherwise.
 *
 * @packageDocumentation
 */
import { ArgumentValueError, redactUrl } from '../../core/errors'

/** Weaviate's default REST port: the only one a gRPC address is paired with. */
export const DEFAULT_REST_PORT = 8080

/** Weaviate's default gRPC port. */
export const DEFAULT_GRPC_PORT = 50051

/**
 * A node's gRPC endpoint.
 */
export interface GrpcNode {
  /** `host:port`, as grpc-js dials it. */
  readonly target: string
  /** TLS for an `https` URL (or a `host:port` whose REST URL is `https`), plaintext otherwise. */
  readonly secure: boolean
  /** `http(s)://host:port`, for errors. */
  readonly origin: string
}

/**
 * The gRPC nodes: `grpcUrl` when given (one address or one per node), else each REST URL paired
 * with port 50051 when every REST URL is on port 8080, else none. Throws an
 * {@link ArgumentValueError} for a URL that is not http(s) or a `host:port` that is not one.
 */
export const grpcNodes = (restUrls: readonly string[], grpcUrl: string | readonly string[] | undefined): GrpcNode[] => {
  const rest = restUrls.map((raw) => parseUrl('url', raw))
  const given = grpcUrl === undefined ? undefined : typeof grpcUrl === 'string' ? [grpcUrl] : grpcUrl
  if (given !== undefined && given.length === 0) throw new ArgumentValueError({ argument: 'grpcUrl', reason: 'at least one gRPC URL is required when grpcUrl is given' })
  if (given !== undefined) return given.map((raw, i) => grpcAddress(raw, (rest[i] ?? rest[0])?.protocol === 'https:'))
  if (rest.length === 0 || !rest.every((url) => portOf(url) === DEFAULT_REST_PORT)) return []
  return rest.map((url) => nodeAt(url.hostname, DEFAULT_GRPC_PORT, url.protocol === 'https:'))
}

/**
 * Why a client of `restUrls` without `grpcUrl` has no gRPC address, and how to give one; for the
 * REST fallback warning and the error of a forced `'grpc'`.
 */
export const noGrpcAddressReason = (restUrls: readonly string[]): string => {
  const other = restUrls.find((raw) => {
    try {
      return portOf(new URL(raw)) !== DEFAULT_REST_PORT
    } catch {
      return true
    }
  })
  const where = other === undefined ? 'the url' : redactUrl(other).replace(/\/$/, '')
  return (
    `no grpcUrl was given, and ${where} is not on Weaviate's default REST port ${DEFAULT_REST_PORT}, ` +
    `the only one whose gRPC port (${DEFAULT_GRPC_PORT}) is known to belong to the same server; ` +
    `pass the server's gRPC address as grpcUrl ('host:port' or 'http(s)://host:port') to use gRPC`
  )
}

const parseUrl = (argument: string, raw: string): URL => {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new ArgumentValueError({ argument, reason: `not a valid URL: ${redactUrl(raw)}` })
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ArgumentValueError({ argument, reason: `only http and https URLs are supported: ${redactUrl(raw)}` })
  }
  return url
}

const portOf = (url: URL): number => (url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port))

const nodeAt = (hostname: string, port: number, secure: boolean): GrpcNode => {
  const target = `${hostname}:${port}`
  return { target, secure, origin: `${secure ? 'https' : 'http'}://${target}` }
}

/** A scheme (`http://`, `grpc://`...) at the start: a URL, not `host:port`. */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//

/** `host:port` or `[ipv6]:port`, nothing else. */
const HOST_PORT = /^(\[[0-9A-Fa-f:.]+\]|[^:/?#@[\]\s]+):(\d{1,5})$/

/**
 * One given gRPC address: a URL (http or https), or `host:port` with TLS when `restSecure`.
 */
const grpcAddress = (raw: string, restSecure: boolean): GrpcNode => {
  if (SCHEME.test(raw)) {
    const url = parseUrl('grpcUrl', raw)
    return nodeAt(url.hostname, portOf(url), url.protocol === 'https:')
  }
  const match = HOST_PORT.exec(raw)
  const host = match?.[1]
  const port = Number(match?.[2])
  if (host === undefined || !(port >= 1 && port <= 65535)) {
    throw new ArgumentValueError({ argument: 'grpcUrl', reason: `not a URL (http(s)://host:port) nor host:port: ${redactUrl(raw)}` })
  }
  let hostname: string
  try {
    hostname = new URL(`http://${host}`).hostname
  } catch {
    throw new ArgumentValueError({ argument: 'grpcUrl', reason: `not a valid host in host:port: ${redactUrl(raw)}` })
  }
  return nodeAt(hostname, port, restSecure)
}
