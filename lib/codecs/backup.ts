/**
 * The answers of `/v1/backups/...` (BackupCreateResponse, BackupCreateStatusResponse,
 * BackupRestoreResponse, BackupRestoreStatusResponse, BackupListResponse in Weaviate's OpenAPI
 * document). Only `status` is required: the rest is kept when the server sends it.
 *
 * @packageDocumentation
 */
import * as t from 'io-ts'

/**
 * The phases of a backup or a restore, as the server names them. `SUCCESS`, `FAILED` and
 * `CANCELED` are terminal.
 *
 * @example
 * ```ts
 * const done = (s: BackupState): boolean => s === 'SUCCESS' || s === 'FAILED' || s === 'CANCELED'
 * ```
 */
export type BackupState = 'STARTED' | 'TRANSFERRING' | 'TRANSFERRED' | 'FINALIZING' | 'SUCCESS' | 'FAILED' | 'CANCELLING' | 'CANCELED'

const BackupStateCodec = t.keyof({
  STARTED: null,
  TRANSFERRING: null,
  TRANSFERRED: null,
  FINALIZING: null,
  SUCCESS: null,
  FAILED: null,
  CANCELLING: null,
  CANCELED: null,
})

/** True for `SUCCESS`, `FAILED` and `CANCELED`: the server will not change the status again. */
export const isTerminalState = (s: BackupState): boolean => s === 'SUCCESS' || s === 'FAILED' || s === 'CANCELED'

/**
 * One status of a backup's creation or restore: the answer of the create or restore request and of
 * each status read.
 */
export const BackupStatusCodec = t.intersection([
  t.type({ status: BackupStateCodec }),
  t.partial({
    id: t.string,
    backend: t.string,
    path: t.string,
    bucket: t.string,
    error: t.string,
    classes: t.array(t.string),
    startedAt: t.string,
    completedAt: t.string,
    size: t.number,
  }),
])

/**
 * One backup in `GET /v1/backups/<backend>`.
 */
export const BackupListCodec = t.array(
  t.intersection([
    t.type({ id: t.string }),
    t.partial({
      status: BackupStateCodec,
      classes: t.array(t.string),
      startedAt: t.string,
      completedAt: t.string,
      size: t.number,
    }),
  ]),
)
