/**
 * The transport choice as the client and each call state it.
 *
 * @packageDocumentation
 */
import { oneOf } from './check'

/**
 * `'auto'`: gRPC where the server offers it (version and health check), else REST with one
 * warning; `'grpc'`: always gRPC; `'rest'`: always REST.
 *
 * @example
 * ```ts
 * connect({ url, transport: 'rest' })
 * ```
 */
export type TransportMode = 'auto' | 'grpc' | 'rest'

/**
 * The transport an operation runs over.
 */
export type TransportKind = 'grpc' | 'rest'

/**
 * Checks a `transport` option. Throws an {@link ArgumentValueError}.
 */
export const transportMode = (argument: string, value: unknown): TransportMode | undefined =>
  value === undefined ? undefined : transportModes(argument, value)

const transportModes = oneOf(['auto', 'grpc', 'rest'] as const)

/**
 * How a client's gRPC calls travel: `'native'` over HTTP/2 to the server's gRPC port (`grpcUrl`,
 * or the port paired with a REST URL on 8080); `'web'` as gRPC-Web on the REST URL itself
 * (Weaviate 1.38.3+), no second port, no HTTP/2. Over gRPC-Web, `BatchStream` does not exist, and
 * a batch writes with `BatchObjects`. The `grpc` option of `connect` also takes `'auto'` (the
 * default): `'web'` when the client has no gRPC address; with one, `BatchStream` over grpc-js and
 * the unary calls as gRPC-Web where the server serves it.
 *
 * @example
 * ```ts
 * connect({ url: 'https://my-cluster.example.com', grpc: 'web' })
 * ```
 */
export type GrpcCarrier = 'native' | 'web'

/**
 * Checks a `grpc` option: a carrier, or `'auto'`. Throws an {@link ArgumentValueError}.
 */
export const grpcOption = (argument: string, value: unknown): 'auto' | GrpcCarrier | undefined => (value === undefined ? undefined : grpcOptions(argument, value))

const grpcOptions = oneOf(['auto', 'native', 'web'] as const)
