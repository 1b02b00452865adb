/**
 * The arguments of `client.backup` and their checks. Names follow the official clients
 * (`backupId`, `backend`, `include`/`exclude` collections, `cpuPercentage`, ...).
 *
 * @packageDocumentation
 */
import { BackupState } from '../codecs/backup'
import { CallOptions, callOptions } from '../context/context'
import { ArgumentKeys, argsOf, argumentKeys, boolean, nonEmptyString, oneOf, optional, positiveInteger, stringArray, valueError } from '../input/check'
import { Feature } from '../server/version'

/**
 * The storage a backup is written to. Every backend the server names is typed; only `'filesystem'`
 * (the `backup-filesystem` module, single node) is tested by this project, `'s3'`, `'gcs'` and
 * `'azure'` are sent the same way but untested here.
 *
 * @example
 * ```ts
 * const backend: BackupBackend = 'filesystem'
 * ```
 */
export type BackupBackend = 'filesystem' | 's3' | 'gcs' | 'azure'
export const BACKENDS = ['filesystem', 's3', 'gcs', 'azure'] as const

/**
 * The compression of a backup's files (`config.CompressionLevel`).
 *
 * @example
 * ```ts
 * const level: BackupCompressionLevel = 'BestSpeed'
 * ```
 */
export type BackupCompressionLevel =
  | 'DefaultCompression'
  | 'BestSpeed'
  | 'BestCompression'
  | 'ZstdDefaultCompression'
  | 'ZstdBestSpeed'
  | 'ZstdBestCompression'
  | 'NoCompression'
const COMPRESSION_LEVELS = [
  'DefaultCompression',
  'BestSpeed',
  'BestCompression',
  'ZstdDefaultCompression',
  'ZstdBestSpeed',
  'ZstdBestCompression',
  'NoCompression',
] as const

/** Default of {@link BackupWatchOptions.pollIntervalMs}. */
export const DEFAULT_POLL_INTERVAL_MS = 1_000

/**
 * Where a backup is: its backend, its id and, on object stores, bucket and path.
 *
 * @example
 * ```ts
 * client.backup.getCreateStatus({ backend: 'filesystem', backupId: 'nightly-2026-11-27' })
 * ```
 */
export interface BackupLocation extends CallOptions {
  readonly backend: BackupBackend
  /** The backup's id: lower-case letters, digits, `_` and `-` (the server's rule). */
  readonly backupId: string
  /** Bucket, container or volume, on backends that have one (`config.Bucket`, the `bucket` query). */
  readonly bucket?: string
  /**
   * The path inside the backend (`config.Path`, the `path` query; for `'filesystem'` an absolute
   * directory instead of `BACKUP_FILESYSTEM_PATH`). Weaviate 1.27.2 (1.27.x) / 1.28.0 and later.
   */
  readonly path?: string
}

/**
 * How a create or restore stream follows its status.
 *
 * @example
 * ```ts
 * const watch: BackupWatchOptions = { pollIntervalMs: 250 }
 * ```
 */
export interface BackupWatchOptions {
  /** The pause between two status reads, in ms. Default 1000. */
  readonly pollIntervalMs?: number
}

/**
 * The arguments of `client.backup.create`.
 *
 * @example
 * ```ts
 * client.backup.create({ backend: 'filesystem', backupId: 'nightly', include: ['Article'], compressionLevel: 'BestSpeed' })
 * ```
 */
export interface BackupCreateArgs extends BackupLocation, BackupWatchOptions {
  /** Classes to back up (wildcards `*` allowed); default all. Not with `exclude`. */
  readonly include?: readonly string[]
  /** Classes to leave out (wildcards `*` allowed). Not with `include`. */
  readonly exclude?: readonly string[]
  /** `config.CompressionLevel`; the server's default is `'DefaultCompression'`. */
  readonly compressionLevel?: BackupCompressionLevel
  /** `config.ChunkSize` in MB (deprecated by the server, which ignores it from 1.29). */
  readonly chunkSize?: number
  /** `config.CPUPercentage`: the share of CPU cores the server may use, 1 to 80; default 50. */
  readonly cpuPercentage?: number
}

/**
 * What a restore brings back of the roles or users in a backup: nothing (`'noRestore'`, the
 * server's default) or `'all'`.
 *
 * @example
 * ```ts
 * const roles: RestoreAccessOption = 'all'
 * ```
 */
export type RestoreAccessOption = 'noRestore' | 'all'
const ACCESS_OPTIONS = ['noRestore', 'all'] as const

/**
 * The arguments of `client.backup.restore`. The classes restored must not exist.
 *
 * @example
 * ```ts
 * client.backup.restore({ backend: 'filesystem', backupId: 'nightly', exclude: ['Scratch'] })
 * ```
 */
export interface BackupRestoreArgs extends BackupLocation, BackupWatchOptions {
  /** Classes to restore (of those in the backup); default all. Not with `exclude`. */
  readonly include?: readonly string[]
  /** Classes to leave out. Not with `include`. */
  readonly exclude?: readonly string[]
  /** `config.CPUPercentage`, 1 to 80. */
  readonly cpuPercentage?: number
  /** `config.rolesOptions`. Weaviate 1.30.9 / 1.31.2 / 1.32.0 and later. */
  readonly rolesOptions?: RestoreAccessOption
  /** `config.usersOptions`. Weaviate 1.30.9 / 1.31.2 / 1.32.0 and later. */
  readonly usersOptions?: RestoreAccessOption
  /** Overwrite an alias of the same name on conflict. Weaviate 1.32.5 / 1.33.0 and later. */
  readonly overwriteAlias?: boolean
}

/**
 * The arguments of `client.backup.cancel`: a backup's location and which of its operations to cancel.
 *
 * @example
 * ```ts
 * client.backup.cancel({ backend: 'filesystem', backupId: 'nightly', operation: 'restore' })
 * ```
 */
export interface BackupCancelArgs extends BackupLocation {
  /** `'create'` (default; Weaviate 1.24.25 / 1.25.17 / 1.26.5 / 1.27.0 and later) or `'restore'` (1.36.0 and later). */
  readonly operation?: 'create' | 'restore'
}

/**
 * The arguments of `client.backup.list`.
 *
 * @example
 * ```ts
 * client.backup.list({ backend: 'filesystem' })
 * ```
 */
export interface BackupListArgs extends CallOptions {
  readonly backend: BackupBackend
}

/**
 * A status of a backup or a restore, as the server reports it.
 *
 * @example
 * ```ts
 * const show = (s: BackupStatus): string => `${s.backupId}: ${s.status}${s.error === undefined ? '' : ` (${s.error})`}`
 * ```
 */
export interface BackupStatus {
  readonly backupId: string
  readonly backend: string
  readonly status: BackupState
  /** Where the backup's files are. */
  readonly path?: string
  /** The server's message when the backup failed. */
  readonly error?: string
  /** The classes of the backup (in the answer to create and restore). */
  readonly classes?: readonly string[]
  /** ISO date-time (create status only). */
  readonly startedAt?: string
  readonly completedAt?: string
  /** The backup's size in GiB (create status only, newer servers). */
  readonly size?: number
}

/**
 * One backup of `client.backup.list`.
 *
 * @example
 * ```ts
 * const ids = (backups: readonly BackupListEntry[]) => backups.map((b) => b.backupId)
 * ```
 */
export interface BackupListEntry {
  readonly backupId: string
  readonly status?: BackupState
  readonly classes?: readonly string[]
  readonly startedAt?: string
  readonly completedAt?: string
  readonly size?: number
}

// -------------------------------------------------------------------------------------
// checks
// -------------------------------------------------------------------------------------

const BACKUP_ID = /^[a-z0-9_-]+$/

const backupId = (argument: string, value: unknown): string => {
  const s = nonEmptyString(argument, value)
  return BACKUP_ID.test(s) ? s : valueError(argument, `'${argument}' may hold only lower-case letters, digits, '_' and '-', got ${JSON.stringify(s)}`)
}

const cpuPercentage = (argument: string, value: unknown): number => {
  const n = positiveInteger(argument, value)
  return n <= 80 ? n : valueError(argument, `'${argument}' must be from 1 to 80, got ${n}`)
}

const classList = (argument: string, value: unknown): readonly string[] => {
  const list = stringArray(argument, value)
  list.forEach((c, i) => nonEmptyString(`${argument}[${i}]`, c))
  return list
}

/** A checked location, with the features it needs. */
export interface CheckedLocation {
  readonly backend: BackupBackend
  readonly backupId: string
  readonly bucket: string | undefined
  readonly path: string | undefined
  readonly call: CallOptions
  readonly features: readonly Feature[]
}

const LOCATION = { backend: true, backupId: true, bucket: true, path: true, retry: true, timeout: true, headers: true } as const

/** The keys each backup operation takes (a key the operation does not read is refused). */
export const BACKUP_KEYS = {
  create: argumentKeys<BackupCreateArgs>('backup.create', {
    ...LOCATION,
    pollIntervalMs: true,
    include: true,
    exclude: true,
    compressionLevel: true,
    chunkSize: true,
    cpuPercentage: true,
  }),
  restore: argumentKeys<BackupRestoreArgs>('backup.restore', {
    ...LOCATION,
    pollIntervalMs: true,
    include: true,
    exclude: true,
    cpuPercentage: true,
    rolesOptions: true,
    usersOptions: true,
    overwriteAlias: true,
  }),
  getCreateStatus: argumentKeys<BackupLocation>('backup.getCreateStatus', LOCATION),
  getRestoreStatus: argumentKeys<BackupLocation>('backup.getRestoreStatus', LOCATION),
  cancel: argumentKeys<BackupCancelArgs>('backup.cancel', { ...LOCATION, operation: true }),
  list: argumentKeys<BackupListArgs>('backup.list', { backend: true, retry: true, timeout: true, headers: true }),
} as const

export const checkLocation = (keys: ArgumentKeys, args: unknown, features: readonly Feature[]): CheckedLocation & { readonly a: Record<string, unknown> } => {
  const a = argsOf(keys, args)
  const path = optional(nonEmptyString, 'path', a['path'])
  return {
    a,
    backend: oneOf(BACKENDS)('backend', a['backend']),
    backupId: backupId('backupId', a['backupId']),
    bucket: optional(nonEmptyString, 'bucket', a['bucket']),
    path,
    call: callOptions(a),
    features: path === undefined ? features : [...features, 'backupPath'],
  }
}

/** The `bucket` and `path` query of a status read or a cancel. */
export const locationQuery = (l: CheckedLocation): ReadonlyArray<readonly [string, string | undefined]> => [
  ['bucket', l.bucket],
  ['path', l.path],
]

export const pollInterval = (a: Record<string, unknown>): number =>
  optional(positiveInteger, 'pollIntervalMs', a['pollIntervalMs']) ?? DEFAULT_POLL_INTERVAL_MS

export const classes = (a: Record<string, unknown>): { readonly include?: readonly string[]; readonly exclude?: readonly string[] } => {
  const include = optional(classList, 'include', a['include'])
  const exclude = optional(classList, 'exclude', a['exclude'])
  if (include !== undefined && exclude !== undefined) valueError('include', "'include' and 'exclude' cannot be used together")
  return { ...(include === undefined ? {} : { include }), ...(exclude === undefined ? {} : { exclude }) }
}

/** A checked create: the request body and how to follow it. */
export interface CheckedCreate extends CheckedLocation {
  readonly body: Record<string, unknown>
  readonly pollIntervalMs: number
}

export const checkCreate = (args: unknown): CheckedCreate => {
  const l = checkLocation(BACKUP_KEYS.create, args, ['backup'])
  const { a } = l
  const compression = optional(oneOf(COMPRESSION_LEVELS), 'compressionLevel', a['compressionLevel'])
  const chunkSize = optional(positiveInteger, 'chunkSize', a['chunkSize'])
  const cpu = optional(cpuPercentage, 'cpuPercentage', a['cpuPercentage'])
  const config = definedOnly({ Bucket: l.bucket, Path: l.path, CompressionLevel: compression, ChunkSize: chunkSize, CPUPercentage: cpu })
  return {
    ...withoutArgs(l),
    pollIntervalMs: pollInterval(a),
    body: { id: l.backupId, ...classes(a), ...(Object.keys(config).length === 0 ? {} : { config }) },
  }
}

/** A checked restore: the request body, the features it needs, and how to follow it. */
export type CheckedRestore = CheckedCreate

export const checkRestore = (args: unknown): CheckedRestore => {
  const l = checkLocation(BACKUP_KEYS.restore, args, ['backup'])
  const { a } = l
  const cpu = optional(cpuPercentage, 'cpuPercentage', a['cpuPercentage'])
  const rolesOptions = optional(oneOf(ACCESS_OPTIONS), 'rolesOptions', a['rolesOptions'])
  const usersOptions = optional(oneOf(ACCESS_OPTIONS), 'usersOptions', a['usersOptions'])
  const overwriteAlias = optional(boolean, 'overwriteAlias', a['overwriteAlias'])
  const config = definedOnly({ Bucket: l.bucket, Path: l.path, CPUPercentage: cpu, rolesOptions, usersOptions })
  const features: Feature[] = [...l.features]
  if (rolesOptions !== undefined || usersOptions !== undefined) features.push('restoreRbacOptions')
  if (overwriteAlias !== undefined) features.push('restoreOverwriteAlias')
  return {
    ...withoutArgs(l),
    features,
    pollIntervalMs: pollInterval(a),
    body: {
      ...classes(a),
      ...(Object.keys(config).length === 0 ? {} : { config }),
      ...(overwriteAlias === undefined ? {} : { overwriteAlias }),
    },
  }
}

export const checkCancel = (args: unknown): CheckedLocation & { readonly operation: 'create' | 'restore' } => {
  const a = argsOf(BACKUP_KEYS.cancel, args)
  const operation = optional(oneOf(['create', 'restore'] as const), 'operation', a['operation']) ?? 'create'
  const l = checkLocation(BACKUP_KEYS.cancel, args, [operation === 'create' ? 'backupCancel' : 'restoreCancel'])
  return { ...withoutArgs(l), operation }
}

export const checkList = (args: unknown): { readonly backend: BackupBackend; readonly call: CallOptions } => {
  const a = argsOf(BACKUP_KEYS.list, args)
  return { backend: oneOf(BACKENDS)('backend', a['backend']), call: callOptions(a) }
}

const withoutArgs = (l: CheckedLocation & { readonly a: Record<string, unknown> }): CheckedLocation => ({
  backend: l.backend,
  backupId: l.backupId,
  bucket: l.bucket,
  path: l.path,
  call: l.call,
  features: l.features,
})

const definedOnly = (o: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined))
