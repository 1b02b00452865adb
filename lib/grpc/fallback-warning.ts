/**
 * The one warning of a client that wanted gRPC (`transport: 'auto'`) and runs over REST, naming
 * why; emitted with `process.emitWarning` like the deprecation warnings (`lib/deprecations.ts`).
 *
 * @packageDocumentation
 */

/**
 * The warning's code.
 *
 * @example
 * ```ts
 * process.on('warning', (w) => { if ((w as NodeJS.ErrnoException).code === GRPC_FALLBACK_WARNING) console.log(w.message) })
 * ```
 */
export const GRPC_FALLBACK_WARNING = 'WEAVIATE_RX_GRPC001'

/**
 * Emits the fallback warning with `reason`.
 *
 * @example
 * ```ts
 * warnRestFallback('the server is 1.18.6; gRPC needs 1.25.0')
 * ```
 */
export const warnRestFallback = (reason: string): void => {
  process.emitWarning(`weaviate-rx uses REST instead of gRPC: ${reason}. Pass transport: 'rest' to choose REST without this warning.`, {
    type: 'WeaviateRxWarning',
    code: GRPC_FALLBACK_WARNING,
  })
}
