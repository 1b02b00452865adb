/**
 * Where the gRPC API of each node is: the `grpcUrl` option, or each REST URL's host on port 50051.
 *
 * @packageDocumentation
 */
import { ArgumentValueError, redactUrl } from '../../core/errors'

/** Weaviate's default gRPC port. */
export const DEFAULT_GRPC_PORT = 50051

/**
 * A node's gRPC endpoint.
 */
export interface GrpcNode {
  /** `host:port`, as grpc-js dials it. */
  readonly target: string
  /** TLS for an `https` URL, plaintext for `http`. */
  readonly secure: boolean
  /** `http(s)://host:port`, for errors. */
  readonly origin: string
}

/**
 * The gRPC nodes: `grpcUrl` when given (one URL or one per node), else every REST URL with its port
 * replaced by 50051. Throws an {@link ArgumentValueError} for a URL that is not http(s).
 */
export const grpcNodes = (restUrls: readonly string[], grpcUrl: string | readonly string[] | undefined): GrpcNode[] => {
  const given = grpcUrl === undefined ? undefined : typeof grpcUrl === 'string' ? [grpcUrl] : grpcUrl
  if (given !== undefined && given.length === 0) throw new ArgumentValueError({ argument: 'grpcUrl', reason: 'at least one gRPC URL is required when grpcUrl is given' })
  return given === undefined ? restUrls.map((url) => nodeOf('url', url, DEFAULT_GRPC_PORT)) : given.map((url) => nodeOf('grpcUrl', url, undefined))
}

const nodeOf = (argument: string, raw: string, port: number | undefined): GrpcNode => {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new ArgumentValueError({ argument, reason: `not a valid URL: ${redactUrl(raw)}` })
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ArgumentValueError({ argument, reason: `only http and https URLs are supported: ${redactUrl(raw)}` })
  }
  const secure = url.protocol === 'https:'
  const effective = port ?? (url.port === '' ? (secure ? 443 : 80) : Number(url.port))
  const target = `${url.hostname}:${effective}`
  return { target, secure, origin: `${url.protocol}//${target}` }
}
