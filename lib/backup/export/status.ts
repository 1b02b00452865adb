/**
 * Reading one status of an export (`GET /v1/export/<backend>/<id>`), and the stream that follows a
 * creation to its end.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { map } from 'rxjs'
import { ExportStatusCodec, isTerminalExportState } from '../../codecs/export'
import { decode } from '../../codecs/decode'
import { OperationContext } from '../../context/context'
import { whenSupported } from '../../context/when-supported'
import { HttpMethod, WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { endedBadly, pollUntilDone } from '../../core/poll'
import { exportPath } from '../../server/routes'
import { HttpResponse } from '../../transport/http/types'
import { CheckedExportLocation, ExportStatus } from './args'

/** A status with the request it answered (for the error of a failed or cancelled end). */
interface Answer {
  readonly method: HttpMethod
  readonly url: string
  readonly status: ExportStatus
}

type ExportStatusCodecType = typeof ExportStatusCodec._A

/** The decoded status of an answer; `exportId` and `backend` from the request when the server leaves them out. */
export const decodeExportStatus =
  (location: CheckedExportLocation) =>
  (res: HttpResponse): E.Either<WeaviateError, Answer> =>
    E.map((s: ExportStatusCodecType) => ({ method: res.method, url: res.url, status: toStatus(location, s) }))(decode(ExportStatusCodec, res.body, res))

const toStatus = (location: CheckedExportLocation, s: ExportStatusCodecType): ExportStatus => ({
  exportId: s.id ?? location.exportId,
  backend: s.backend ?? location.backend,
  status: s.status,
  ...(s.path === undefined ? {} : { path: s.path }),
  ...(s.classes === undefined ? {} : { classes: s.classes }),
  ...(s.startedAt === undefined ? {} : { startedAt: s.startedAt }),
  ...(s.completedAt === undefined ? {} : { completedAt: s.completedAt }),
  ...(s.tookInMs === undefined ? {} : { tookInMs: s.tookInMs }),
  ...(s.shardStatus === undefined ? {} : { shardStatus: s.shardStatus }),
  ...(s.error === undefined || s.error === '' ? {} : { error: s.error }),
})

/** One status read, with the request it answered. */
const readStatus = (ctx: OperationContext, location: CheckedExportLocation): ObservableEither<WeaviateError, Answer> =>
  whenSupported(ctx, ['export'], location.call, { method: 'GET', path: exportPath(location.backend, location.exportId), expect: [200] }, decodeExportStatus(location))

/** `getStatus`: one status, whatever it is. */
export const getExportStatus = (ctx: OperationContext, location: CheckedExportLocation): ObservableEither<WeaviateError, ExportStatus> =>
  readStatus(ctx, location).pipe(map(E.map((a) => a.status)))

/**
 * The stream of a creation: the answer of `start`, then a status read every `pollIntervalMs` until
 * a terminal status; each status that differs from the one before (its state, or a shard's count
 * of exported objects) is emitted. `SUCCESS` is the last Right; `FAILED` and `CANCELED` end as one
 * Left instead (an `UnexpectedStatusError` whose `body` is the status and whose message names
 * the end). Unsubscribing stops the reads only: the server goes on with the export.
 */
export const followExport = (
  ctx: OperationContext,
  location: CheckedExportLocation,
  pollIntervalMs: number,
  start: ObservableEither<WeaviateError, Answer>,
): ObservableEither<WeaviateError, ExportStatus> =>
  pollUntilDone({
    first: start,
    read: () => readStatus(ctx, location),
    done: (a) => isTerminalExportState(a.status.status),
    same: (a, b) => a.status.status === b.status.status && JSON.stringify(a.status.shardStatus) === JSON.stringify(b.status.shardStatus),
    intervalMs: pollIntervalMs,
  }).pipe(map((e): E.Either<WeaviateError, ExportStatus> => (E.isLeft(e) ? e : ended(e.right))))

/** A status as a Right, or the Left of a failed or cancelled end. */
const ended = (answer: Answer): E.Either<WeaviateError, ExportStatus> => {
  const s = answer.status
  if (s.status !== 'FAILED' && s.status !== 'CANCELED') return E.right(s)
  return E.left(endedBadly(answer, s, `export ${s.exportId} ended ${s.status}${s.error === undefined ? '' : `: ${s.error}`}`))
}
