/**
 * `backup.restore`: `POST /v1/backups/<backend>/<id>/restore`, then the restore followed to its end.
 *
 * @packageDocumentation
 */
import { OperationContext } from '../context/context'
import { whenSupported } from '../context/when-supported'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { backupPath } from '../server/routes'
import { BackupRestoreArgs, BackupStatus, checkRestore } from './args'
import { decodeStatus, follow } from './status'

/** Starts a restore and follows it to its end. */
export const restoreBackup =
  (ctx: OperationContext) =>
  (args: BackupRestoreArgs): ObservableEither<WeaviateError, BackupStatus> =>
    operation(
      () => checkRestore(args),
      (input) =>
        follow(
          ctx,
          input,
          'restore',
          input.pollIntervalMs,
          whenSupported(
            ctx,
            input.features,
            input.call,
            { method: 'POST', path: backupPath(input.backend, input.backupId, 'restore'), body: input.body, expect: [200] },
            decodeStatus(input),
          ),
        ),
    )
