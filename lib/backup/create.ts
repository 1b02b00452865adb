/**
 * `backup.create`: `POST /v1/backups/<backend>`, then the backup followed to its end.
 *
 * @packageDocumentation
 */
import { OperationContext } from '../context/context'
import { whenSupported } from '../context/when-supported'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { backupPath } from '../server/routes'
import { BackupCreateArgs, BackupStatus, checkCreate } from './args'
import { decodeStatus, follow } from './status'

/** Starts a backup and follows it to its end. */
export const createBackup =
  (ctx: OperationContext) =>
  (args: BackupCreateArgs): ObservableEither<WeaviateError, BackupStatus> =>
    operation(
      () => checkCreate(args),
      (input) =>
        follow(
          ctx,
          input,
          'create',
          input.pollIntervalMs,
          whenSupported(ctx, input.features, input.call, { method: 'POST', path: backupPath(input.backend), body: input.body, expect: [200] }, decodeStatus(input)),
        ),
    )
