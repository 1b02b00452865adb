/**
 * `schema.getShards` and `schema.updateShardStatus`: `GET /v1/schema/<Class>/shards` and
 * `PUT /v1/schema/<Class>/shards/<shard>` (Weaviate 1.12.0 and later, older than every server this
 * client speaks to, so no version gate).
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { ShardStatusCodec, ShardStatusListCodec } from '../codecs/cluster'
import { decode } from '../codecs/decode'
import { CallOptions, OperationContext, callInput } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { nonEmptyString, oneOf } from '../input/check'
import { className } from '../input/names'
import { shardsPath } from '../server/routes'
import { ClassInput } from './call-input'

/**
 * The statuses a shard can be set to: `'READONLY'` refuses writes, `'READY'` takes them again (the
 * way back from a `READONLY` the server set itself, for example when the disk was full);
 * `'INDEXING'` is what the server reports while it builds an index.
 *
 * @example
 * ```ts
 * const status: ShardStatusInput = 'READONLY'
 * ```
 */
export type ShardStatusInput = 'READY' | 'READONLY' | 'INDEXING'
const STATUSES = ['READY', 'READONLY', 'INDEXING'] as const

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

/** The checked input of `updateShardStatus`. */
interface ShardInput extends ClassInput {
  readonly shard: string
  readonly status: ShardStatusInput
}

/** Sets the status of one shard; the answer is the status the server now holds. */
export const updateShardStatus =
  (ctx: OperationContext) =>
  (name: string, shard: string, status: ShardStatusInput, options?: CallOptions): ObservableEither<WeaviateError, string> =>
    operation(
      (): ShardInput => ({
        className: className('className', name),
        shard: nonEmptyString('shard', shard),
        status: oneOf(STATUSES)('status', status),
        call: callInput('updateShardStatus', options),
      }),
      (input) =>
        ctx.http.run(
          { method: 'PUT', path: shardsPath(input.className, input.shard), body: { status: input.status }, expect: [200], ...input.call },
          (res) => E.map((r: typeof ShardStatusCodec._A) => r.status)(decode(ShardStatusCodec, res.body, res)),
        ),
    )
