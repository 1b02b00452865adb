/**
 * Which gRPC method `objects.batch` writes with: `BatchObjects` (one unary call per batch) or
 * server-side batching (`BatchStream`, one stream per run, `batch-stream.ts`). Checked once at the
 * call; decided once per run from the server's version.
 *
 * @packageDocumentation
 */
import { oneOf } from '../../input/check'
import { ServerVersion, supports } from '../../server/version'

/**
 * `objects.batch`'s `grpcMethod`: `'auto'` (the default) writes with `BatchStream` where the server
 * has server-side batching (1.36.0+), else `BatchObjects` (`STREAM_BY_DEFAULT` in this module); a
 * server or proxy that answers `BatchStream` with UNIMPLEMENTED gets `BatchObjects`, with one
 * warning (`WEAVIATE_RX_GRPC002`), for good (`batch-stream-fallback.ts`);
 * `'stream'`: `BatchStream` (servers from 1.36.0; older ones answer `UnsupportedVersionError`);
 * `'unary'`: `BatchObjects`. It only chooses among gRPC methods: a call over REST ignores it.
 *
 * @example
 * ```ts
 * client.objects.batch(objects, { grpcMethod: 'stream' })
 * ```
 */
export type BatchGrpcMethod = 'auto' | 'stream' | 'unary'

/**
 * Whether `'auto'` writes with `BatchStream` on servers that have it: the one switch of the
 * default, read from `npm run bench -- --only vectors` (`vectors import 20k <index>
 * ours-stream/ours-unary`: the stream path against the `BatchObjects` path with `objects.batch`'s
 * defaults). On: the stream is the faster of the two (docs/decisions/0008-batch-stream-by-default.md;
 * docs/batch.md, "Over gRPC"). Specs whose stub speaks only `BatchObjects` pass `grpcMethod: 'unary'`.
 */
export const STREAM_BY_DEFAULT = true

/**
 * Checks a `grpcMethod` option; undefined is `'auto'`. Throws an {@link ArgumentValueError}.
 */
export const batchGrpcMethod = (argument: string, value: unknown): BatchGrpcMethod => (value === undefined ? 'auto' : batchGrpcMethods(argument, value))

const batchGrpcMethods = oneOf(['auto', 'stream', 'unary'] as const)

/**
 * Whether the server's version decides the method (else it is `BatchObjects`, and no version is
 * asked for: a `transport: 'grpc'` call needs nothing from REST).
 */
export const versionDecides = (method: BatchGrpcMethod): boolean => method === 'stream' || (method === 'auto' && STREAM_BY_DEFAULT)

/**
 * The method a run on a server of `version` writes with (`'stream'` asked of a server without it
 * stays `'stream'`: the caller reports the missing feature).
 */
export const writeMethod = (method: BatchGrpcMethod, version: ServerVersion): 'stream' | 'unary' => {
  switch (method) {
    case 'stream':
    case 'unary':
      return method
    case 'auto':
      return STREAM_BY_DEFAULT && supports(version, 'grpcBatchStream') ? 'stream' : 'unary'
    default: {
      const unknown: never = method
      return unknown
    }
  }
}
