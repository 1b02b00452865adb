/**
 * `client.backup`: create, restore, read the status of, cancel and list backups
 * (`/v1/backups/...`). Creation and restore are streams of status updates that end at the
 * terminal status.
 *
 * @packageDocumentation
 */
import { OperationContext } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { BackupCancelArgs, BackupCreateArgs, BackupListArgs, BackupListEntry, BackupLocation, BackupRestoreArgs, BackupStatus } from './args'
import { cancelBackup } from './cancel'
import { createBackup } from './create'
import { getCreateStatus } from './get-create-status'
import { getRestoreStatus } from './get-restore-status'
import { listBackups } from './list'
import { restoreBackup } from './restore'

/**
 * `client.backup` (Weaviate 1.15.0 and later; cancel, list and some options later, see each
 * method). Every method checks its arguments first (bad input is one `Left`, nothing sent) and
 * gives an `UnsupportedVersionError` before any request on a server without the feature.
 *
 * `create` and `restore` are cold: each subscription starts one backup (or restore) and follows
 * it. They emit each new status (the answer of the request first, then every status read that
 * differs from the one before, one read each `pollIntervalMs`) and complete after `SUCCESS`; a
 * `FAILED` or `CANCELED` end is one `Left`, an `UnexpectedStatusError` whose `body` is the
 * {@link BackupStatus} and whose message names the end. So `lastValueFrom(client.backup.create(...))`
 * waits for the end. **Unsubscribing stops the status reads only: the backup or restore goes on on
 * the server.** To stop it, call `cancel`.
 *
 * @example
 * ```ts
 * const last = await lastValueFrom(client.backup.create({ backend: 'filesystem', backupId: 'nightly', include: ['Article'] }))
 * if (E.isLeft(last)) console.error(last.left.message)
 * await firstRight(client.backup.restore({ backend: 'filesystem', backupId: 'nightly' }).pipe(OE.map((s) => s.status)))
 * ```
 */
export interface BackupApi {
  /** Starts a backup and follows it to its end (`POST /v1/backups/<backend>`). */
  readonly create: (args: BackupCreateArgs) => ObservableEither<WeaviateError, BackupStatus>
  /** The status of a backup's creation (`GET /v1/backups/<backend>/<id>`); a failed backup is a Right here. */
  readonly getCreateStatus: (args: BackupLocation) => ObservableEither<WeaviateError, BackupStatus>
  /** Starts a restore and follows it to its end (`POST /v1/backups/<backend>/<id>/restore`); the classes must not exist. */
  readonly restore: (args: BackupRestoreArgs) => ObservableEither<WeaviateError, BackupStatus>
  /** The status of a restore (`GET /v1/backups/<backend>/<id>/restore`). */
  readonly getRestoreStatus: (args: BackupLocation) => ObservableEither<WeaviateError, BackupStatus>
  /**
   * Cancels a running backup (`DELETE /v1/backups/<backend>/<id>`; Weaviate 1.24.25, 1.25.17,
   * 1.26.5 or 1.27.0 and later) or, with `operation: 'restore'`, a running restore (`.../restore`;
   * 1.36.0 and later). The create or restore stream then ends with its `CANCELED` Left.
   */
  readonly cancel: (args: BackupCancelArgs) => ObservableEither<WeaviateError, void>
  /**
   * The backups of a backend (`GET /v1/backups/<backend>`): Weaviate 1.30.12 (1.30.x), 1.31.5
   * (1.31.x), 1.32.0 and later; older servers answered "not implemented".
   */
  readonly list: (args: BackupListArgs) => ObservableEither<WeaviateError, readonly BackupListEntry[]>
}

/**
 * Binds the backup operations to a client context.
 */
export const backupApi = (ctx: OperationContext): BackupApi => ({
  create: createBackup(ctx),
  getCreateStatus: getCreateStatus(ctx),
  restore: restoreBackup(ctx),
  getRestoreStatus: getRestoreStatus(ctx),
  cancel: cancelBackup(ctx),
  list: listBackups(ctx),
})
