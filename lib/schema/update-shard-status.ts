/**
 * `schema.updateShardStatus`: `PUT /v1/schema/<Class>/shards/<shard>` (Weaviate 1.12.0 and later,
 * older than every server this client speaks to, so no version gate).
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { ShardStatusCodec } from '../codecs/cluster'
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
