/**
 * `backup.getCreateStatus`: `GET /v1/backups/<backend>/<id>`.
 *
 * @packageDocumentation
 */
import { OperationContext } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { BACKUP_KEYS, BackupLocation, BackupStatus, checkLocation } from './args'
import { getStatus } from './status'

/** The status of a backup's creation, whatever it is. */
export const getCreateStatus =
  (ctx: OperationContext) =>
  (args: BackupLocation): ObservableEither<WeaviateError, BackupStatus> =>
    operation(
      () => checkLocation(BACKUP_KEYS.getCreateStatus, args, ['backup']),
      (input) => getStatus(ctx, input, 'create'),
    )
