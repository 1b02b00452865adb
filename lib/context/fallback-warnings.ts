/**
 * The one warning of a client that wanted gRPC (`transport: 'auto'`) and runs over REST, naming
 * why, and the one of a client whose batches wanted `BatchStream` and write with `BatchObjects`;
 * emitted with `process.emitWarning` (`console.warn` where there is no process: `lib/core/platform.ts`) like the deprecation warnings (`lib/server/deprecations.ts`).
 *
 * @packageDocumentation
 */
import { emitWarning } from '../core/platform'

/**
 * The warning's code.
 */
export const GRPC_FALLBACK_WARNING = 'WEAVIATE_RX_GRPC001'

/**
 * Emits the fallback warning with `reason`.
 */
export const warnRestFallback = (reason: string): void => {
  emitWarning(`weaviate-rx uses REST instead of gRPC: ${reason}. Pass transport: 'rest' to choose REST without this warning.`, {
    type: 'WeaviateRxWarning',
    code: GRPC_FALLBACK_WARNING,
  })
}

/**
 * The code of the warning of a client whose `objects.batch` (`grpcMethod: 'auto'`) writes with
 * `BatchObjects` because the server, or a proxy in front of it, answered `BatchStream` with
 * UNIMPLEMENTED.
 */
export const BATCH_STREAM_FALLBACK_WARNING = 'WEAVIATE_RX_GRPC002'

/**
 * Emits the `BatchObjects` fallback warning with `reason`.
 */
export const warnBatchObjectsFallback = (reason: string): void => {
  emitWarning(`weaviate-rx writes batches with BatchObjects instead of BatchStream: ${reason}. Pass grpcMethod: 'unary' to choose BatchObjects without this warning.`, {
    type: 'WeaviateRxWarning',
    code: BATCH_STREAM_FALLBACK_WARNING,
  })
}
