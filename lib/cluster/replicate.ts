/**
 * `cluster.replicate`: `POST /v1/replication/replicate`, then the operation followed to its end.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { switchMap } from 'rxjs'
import { ReplicateResponseCodec } from '../codecs/cluster'
import { decode } from '../codecs/decode'
import { OperationContext } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { replicationPath } from '../server/routes'
import { ReplicateArgs, ReplicationOperation, checkReplicate } from './args'
import { follow } from './replication'
import { whenSupported } from './request'

/** Starts copying or moving a shard replica and follows it to its end. */
export const replicate =
  (ctx: OperationContext) =>
  (args: ReplicateArgs): ObservableEither<WeaviateError, ReplicationOperation> =>
    operation(
      () => checkReplicate(args),
      (input) =>
        whenSupported(ctx, input.features, input.call, { method: 'POST', path: replicationPath(), body: input.body, expect: [200] }, (res) =>
          E.map((r: typeof ReplicateResponseCodec._A) => r.id)(decode(ReplicateResponseCodec, res.body, res)),
        ).pipe(
          switchMap((id) =>
            E.isLeft(id)
              ? [id]
              : follow(ctx, { call: input.call, features: input.features, id: id.right, includeHistory: false, pollIntervalMs: input.pollIntervalMs }),
          ),
        ),
    )
