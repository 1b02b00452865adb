/**
 * The arguments of `client.export` and their checks. Names follow `client.backup`'s: an export is
 * addressed by its backend and its `exportId`, and names its collections by `include` or `exclude`.
 *
 * @packageDocumentation
 */
import { ExportShardState, ExportState } from '../../codecs/export'
import { CallOptions, callOptions } from '../../context/context'
import { argsOf, argumentKeys, nonEmptyString, oneOf, optional, valueError } from '../../input/check'
import { BACKENDS, BackupBackend, BackupWatchOptions, classes, pollInterval } from '../args'

/**
 * Where an export is: its backend and its id. The server writes it under its own configured place
 * (`EXPORT_DEFAULT_PATH`, and `EXPORT_DEFAULT_BUCKET` on object stores), which a request cannot change.
 *
 * @example
 * ```ts
 * client.export.getStatus({ backend: 'filesystem', exportId: 'articles-2026-12' })
 * ```
 */
export interface ExportLocation extends CallOptions {
  readonly backend: BackupBackend
  /** The export's id: lower-case letters, digits, `_` and `-`, at most 128 characters (the server's rule). */
  readonly exportId: string
}

/**
 * The file format of an export; Weaviate 1.39 writes Parquet only.
 *
 * @example
 * ```ts
 * const format: ExportFileFormat = 'parquet'
 * ```
 */
export type ExportFileFormat = 'parquet'
const FILE_FORMATS = ['parquet'] as const

/**
 * The arguments of `client.export.create`.
 *
 * @example
 * ```ts
 * client.export.create({ backend: 'filesystem', exportId: 'articles', include: ['Article'], pollIntervalMs: 500 })
 * ```
 */
export interface ExportCreateArgs extends ExportLocation, BackupWatchOptions {
  /** Collections to export; default all. Not with `exclude`. A name that is no collection is left out by the server. */
  readonly include?: readonly string[]
  /** Collections to leave out. Not with `include`. */
  readonly exclude?: readonly string[]
  /** Default `'parquet'`. */
  readonly fileFormat?: ExportFileFormat
}

/**
 * The progress of one shard of an export.
 *
 * @example
 * ```ts
 * const exported = (p: ExportShardProgress): number => p.objectsExported ?? 0
 * ```
 */
export interface ExportShardProgress {
  readonly status?: ExportShardState
  readonly objectsExported?: number
  readonly error?: string
  /** Why the shard was skipped (an offloaded tenant). */
  readonly skipReason?: string
}

/**
 * A status of an export, as the server reports it.
 *
 * @example
 * ```ts
 * const show = (s: ExportStatus): string => `${s.exportId}: ${s.status}${s.error === undefined ? '' : ` (${s.error})`}`
 * ```
 */
export interface ExportStatus {
  readonly exportId: string
  readonly backend: string
  readonly status: ExportState
  /** Where the export's files are: one Parquet file per shard and key range, `<Class>_<shard>_<range>.parquet`. */
  readonly path?: string
  /** The collections of the export. */
  readonly classes?: readonly string[]
  /** ISO date-time. */
  readonly startedAt?: string
  readonly completedAt?: string
  readonly tookInMs?: number
  /** Per collection, per shard: the shard's progress. */
  readonly shardStatus?: Readonly<Record<string, Readonly<Record<string, ExportShardProgress>>>>
  /** The server's message when the export failed or was cancelled. */
  readonly error?: string
}

// -------------------------------------------------------------------------------------
// checks
// -------------------------------------------------------------------------------------

const EXPORT_ID = /^[a-z0-9_-]+$/
const EXPORT_ID_MAX = 128

const exportId = (argument: string, value: unknown): string => {
  const s = nonEmptyString(argument, value)
  if (s.length > EXPORT_ID_MAX) valueError(argument, `'${argument}' may be at most ${EXPORT_ID_MAX} characters, got ${s.length}`)
  return EXPORT_ID.test(s) ? s : valueError(argument, `'${argument}' may hold only lower-case letters, digits, '_' and '-', got ${JSON.stringify(s)}`)
}

const LOCATION = { backend: true, exportId: true, retry: true, timeout: true, headers: true } as const

/** The keys each export operation takes. */
export const EXPORT_KEYS = {
  create: argumentKeys<ExportCreateArgs>('export.create', { ...LOCATION, pollIntervalMs: true, include: true, exclude: true, fileFormat: true }),
  getStatus: argumentKeys<ExportLocation>('export.getStatus', LOCATION),
  cancel: argumentKeys<ExportLocation>('export.cancel', LOCATION),
} as const

/** A checked location. */
export interface CheckedExportLocation {
  readonly backend: BackupBackend
  readonly exportId: string
  readonly call: CallOptions
}

const location = (a: Record<string, unknown>): CheckedExportLocation => ({
  backend: oneOf(BACKENDS)('backend', a['backend']),
  exportId: exportId('exportId', a['exportId']),
  call: callOptions(a),
})

export const checkExportLocation = (keys: (typeof EXPORT_KEYS)['getStatus' | 'cancel'], args: unknown): CheckedExportLocation => location(argsOf(keys, args))

/** A checked create: the request body and how to follow it. */
export interface CheckedExportCreate extends CheckedExportLocation {
  readonly body: Record<string, unknown>
  readonly pollIntervalMs: number
}

export const checkExportCreate = (args: unknown): CheckedExportCreate => {
  const a = argsOf(EXPORT_KEYS.create, args)
  const l = location(a)
  const fileFormat = optional(oneOf(FILE_FORMATS), 'fileFormat', a['fileFormat']) ?? 'parquet'
  return { ...l, pollIntervalMs: pollInterval(a), body: { id: l.exportId, file_format: fileFormat, ...classes(a) } }
}
