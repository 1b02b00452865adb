/**
 * The transport choice as the client and each call state it.
 *
 * @packageDocumentation
 */
import { ArgumentValueError } from '../errors'

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
 *
 * @example
 * ```ts
 * const chosen: Transport = 'grpc'
 * ```
 */
export type TransportKind = 'grpc' | 'rest'

/**
 * Checks a `transport` option. Throws an {@link ArgumentValueError}.
 *
 * @example
 * ```ts
 * transportMode('transport', undefined) // undefined
 * transportMode('transport', 'grpc')    // 'grpc'
 * ```
 */
export const transportMode = (argument: string, value: unknown): TransportMode | undefined => {
  if (value === undefined) return undefined
  if (value === 'auto' || value === 'grpc' || value === 'rest') return value
  throw new ArgumentValueError({ argument, reason: `'${argument}' must be 'auto', 'grpc' or 'rest', got ${JSON.stringify(value)}` })
}
