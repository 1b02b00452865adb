/**
 * Reading one status of a backup's creation or restore (`GET /v1/backups/<backend>/<id>[/restore]`),
 * and the stream that follows a creation or a restore to its end.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { map } from 'rxjs'
import { BackupStatusCodec, isTerminalState } from '../codecs/backup'
import { decode } from '../codecs/decode'
import { OperationContext } from '../context/context'
import { whenSupported } from '../context/when-supported'
import { HttpMethod, WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { endedBadly, pollUntilDone } from '../core/poll'
import { backupPath } from '../server/routes'
import { HttpResponse } from '../transport/http/types'
import { BackupStatus, CheckedLocation, locationQuery } from './args'

/** Which of a backup's operations a status belongs to. */
export type BackupOperation = 'create' | 'restore'

/** A status with the request it answered (for the error of a failed or cancelled end). */
interface Answer {
  readonly method: HttpMethod
  readonly url: string
  readonly status: BackupStatus
}

/** The decoded status of an answer; `backupId` and `backend` from the request when the server leaves them out. */
export const decodeStatus =
  (location: CheckedLocation) =>
  (res: HttpResponse): E.Either<WeaviateError, Answer> =>
    E.map((s: BackupStatusCodecType) => ({ method: res.method, url: res.url, status: toStatus(location, s) }))(
      decode(BackupStatusCodec, res.body, res),
    )

type BackupStatusCodecType = typeof BackupStatusCodec._A

const toStatus = (location: CheckedLocation, s: BackupStatusCodecType): BackupStatus => ({
  backupId: s.id ?? location.backupId,
  backend: s.backend ?? location.backend,
  status: s.status,
  ...(s.path === undefined ? {} : { path: s.path }),
  ...(s.error === undefined || s.error === '' ? {} : { error: s.error }),
  ...(s.classes === undefined ? {} : { classes: s.classes }),
  ...(s.startedAt === undefined ? {} : { startedAt: s.startedAt }),
  ...(s.completedAt === undefined ? {} : { completedAt: s.completedAt }),
  ...(s.size === undefined ? {} : { size: s.size }),
})

/** One status read, with the request it answered. */
const readStatus = (
  ctx: OperationContext,
  location: CheckedLocation,
  operation: BackupOperation,
): ObservableEither<WeaviateError, Answer> =>
  whenSupported(
    ctx,
    location.features,
    location.call,
    {
      method: 'GET',
      path: backupPath(location.backend, location.backupId, operation === 'restore' ? 'restore' : undefined),
      query: locationQuery(location),
      expect: [200],
    },
    decodeStatus(location),
  )

/** `getCreateStatus` / `getRestoreStatus`: one status, whatever it is. */
export const getStatus = (
  ctx: OperationContext,
  location: CheckedLocation,
  operation: BackupOperation,
): ObservableEither<WeaviateError, BackupStatus> => readStatus(ctx, location, operation).pipe(map(E.map((a) => a.status)))

/**
 * The stream of a creation or a restore: the answer of `start`, then a status read every
 * `pollIntervalMs` until a terminal status; each status that differs from the one before is
 * emitted. `SUCCESS` is the last Right; `FAILED` and `CANCELED` end as one Left instead (an
 * `UnexpectedStatusError` whose `body` is the status and whose message names the end).
 * Unsubscribing stops the reads only: the server goes on with the backup.
 */
export const follow = (
  ctx: OperationContext,
  location: CheckedLocation,
  operation: BackupOperation,
  pollIntervalMs: number,
  start: ObservableEither<WeaviateError, Answer>,
): ObservableEither<WeaviateError, BackupStatus> =>
  pollUntilDone({
    first: start,
    read: () => readStatus(ctx, location, operation),
    done: (a) => isTerminalState(a.status.status),
    same: (a, b) => a.status.status === b.status.status,
    intervalMs: pollIntervalMs,
  }).pipe(map((e): E.Either<WeaviateError, BackupStatus> => (E.isLeft(e) ? e : ended(operation, e.right))))

/** A status as a Right, or the Left of a failed or cancelled end. */
const ended = (operation: BackupOperation, answer: Answer): E.Either<WeaviateError, BackupStatus> => {
  const s = answer.status
  if (s.status !== 'FAILED' && s.status !== 'CANCELED') return E.right(s)
  const what = operation === 'create' ? 'backup' : 'restore of backup'
  return E.left(endedBadly(answer, s, `${what} ${s.backupId} ended ${s.status}${s.error === undefined ? '' : `: ${s.error}`}`))
}
