/**
 * `schema.getShards` (`GET /v1/schema/<Class>/shards`) and `schema.updateShard`
 * (`PUT /v1/schema/<Class>/shards/<shard>` with `{ status }`): the status of each shard of a class,
 * and setting one (`usecases/schema/shards.go`; the statuses of `entities/storagestate/status.go`).
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import * as t from 'io-ts'
import { ShardStatus, ShardStatusCodec, ShardStatusInput } from '../codecs/collection-config'
import { decode } from '../codecs/decode'
import { CallOptions, OperationContext, callInput } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { nonEmptyString, oneOf } from '../input/check'
import { className } from '../input/names'
import { schemaPath, shardPath } from '../server/routes'
import { ClassInput } from './call-input'

/** The checked input of `updateShard`. */
export interface ShardStatusChangeInput extends ClassInput {
  readonly shard: string
  readonly status: ShardStatusInput
}

const shardStatusInput = oneOf(['READY', 'READONLY', 'INDEXING'] as const)

/**
 * The shards of a class with their status (on this node's view of the cluster).
 */
export const getShards =
  (ctx: OperationContext) =>
  (name: string, options?: CallOptions): ObservableEither<WeaviateError, readonly ShardStatus[]> =>
    operation(
      (): ClassInput => ({ className: className('className', name), call: callInput('getShards', options) }),
      (input) =>
        ctx.http.run({ method: 'GET', path: schemaPath(input.className, 'shards'), expect: [200], ...input.call }, (res) =>
          decode(t.readonlyArray(ShardStatusCodec), res.body, res),
        ),
    )

/**
 * Sets the status of one shard (`READY` or `READONLY`, or `INDEXING`); emits the status the
 * server stored. A shard the class does not have is the server's 404 (an `UnexpectedStatusError`).
 */
export const updateShard =
  (ctx: OperationContext) =>
  (name: string, shard: string, status: ShardStatusInput, options?: CallOptions): ObservableEither<WeaviateError, ShardStatusInput> =>
    operation(
      (): ShardStatusChangeInput => ({
        className: className('className', name),
        shard: nonEmptyString('shard', shard),
        status: shardStatusInput('status', status),
        call: callInput('updateShard', options),
      }),
      (input) =>
        ctx.http.run(
          { method: 'PUT', path: shardPath(input.className, input.shard), body: { status: input.status }, expect: [200], ...input.call },
          () => E.right(input.status),
        ),
    )
