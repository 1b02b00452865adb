/**
 * `backup.getRestoreStatus`: `GET /v1/backups/<backend>/<id>/restore`.
 *
 * @packageDocumentation
 */
import { OperationContext } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { BACKUP_KEYS, BackupLocation, BackupStatus, checkLocation } from './args'
import { getStatus } from './status'

/** The status of a restore, whatever it is. */
export const getRestoreStatus =
  (ctx: OperationContext) =>
  (args: BackupLocation): ObservableEither<WeaviateError, BackupStatus> =>
    operation(
      () => checkLocation(BACKUP_KEYS.getRestoreStatus, args, ['backup']),
      (input) => getStatus(ctx, input, 'restore'),
    )
