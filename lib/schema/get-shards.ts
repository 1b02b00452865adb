/**
 * `schema.getShards`: `GET /v1/schema/<Class>/shards` (Weaviate 1.12.0 and later, older than every
 * server this client speaks to, so no version gate).
 *
 * @packageDocumentation
 */
import { ShardStatusListCodec } from '../codecs/cluster'
import { decode } from '../codecs/decode'
import { CallOptions, OperationContext, callInput } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { className } from '../input/names'
import { shardsPath } from '../server/routes'
import { ClassInput } from './call-input'

/**
 * One shard of a class and its status, as `client.schema.getShards` reads it.
 *
 * @example
 * ```ts
 * const readOnly = (shards: readonly ShardStatus[]) => shards.filter((s) => s.status === 'READONLY').map((s) => s.name)
 * ```
 */
export interface ShardStatus {
  readonly name: string
  /** `READY`, `READONLY`, `INDEXING`, ... as the server names it. */
  readonly status: string
  /** Vectors waiting to be indexed (newer servers). */
  readonly vectorQueueSize?: number
}

/** Reads the shards of a class and their status. */
export const getShards =
  (ctx: OperationContext) =>
  (name: string, options?: CallOptions): ObservableEither<WeaviateError, readonly ShardStatus[]> =>
    operation(
      (): ClassInput => ({ className: className('className', name), call: callInput('getShards', options) }),
      (input) =>
        ctx.http.run({ method: 'GET', path: shardsPath(input.className), expect: [200], ...input.call }, (res) =>
          decode(ShardStatusListCodec, res.body, res),
        ),
    )

