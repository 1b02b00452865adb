/**
 * `backup.cancel`: `DELETE /v1/backups/<backend>/<id>[/restore]`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { OperationContext } from '../context/context'
import { whenSupported } from '../context/when-supported'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { backupPath } from '../server/routes'
import { BackupCancelArgs, checkCancel, locationQuery } from './args'

/** Cancels a running backup or restore; its stream then ends with its `CANCELED` Left. */
export const cancelBackup =
  (ctx: OperationContext) =>
  (args: BackupCancelArgs): ObservableEither<WeaviateError, void> =>
    operation(
      () => checkCancel(args),
      (input) =>
        whenSupported(
          ctx,
          input.features,
          input.call,
          {
            method: 'DELETE',
            path: backupPath(input.backend, input.backupId, input.operation === 'restore' ? 'restore' : undefined),
            query: locationQuery(input),
            expect: [204],
          },
          () => E.right(undefined),
        ),
    )
