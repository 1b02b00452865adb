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
