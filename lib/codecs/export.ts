/**
 * The answers of `/v1/export/...` (ExportCreateResponse and ExportStatusResponse in Weaviate's
 * OpenAPI document). Only `status` is required: the rest is kept when the server sends it.
 *
 * @packageDocumentation
 */
import * as t from 'io-ts'

/**
 * The phases of an export, as the server names them: `STARTED` (the answer of the create request),
 * `TRANSFERRING`, then `SUCCESS`, `FAILED` or `CANCELED`, which are terminal.
 *
 * @example
 * ```ts
 * const done = (s: ExportState): boolean => s === 'SUCCESS' || s === 'FAILED' || s === 'CANCELED'
 * ```
 */
export type ExportState = 'STARTED' | 'TRANSFERRING' | 'SUCCESS' | 'FAILED' | 'CANCELED'

const ExportStateCodec = t.keyof({ STARTED: null, TRANSFERRING: null, SUCCESS: null, FAILED: null, CANCELED: null })

/**
 * The phases of one shard's export: `SKIPPED` for a shard that cannot be read (an offloaded tenant).
 *
 * @example
 * ```ts
 * const finished = (s: ExportShardState): boolean => s !== 'TRANSFERRING'
 * ```
 */
export type ExportShardState = 'TRANSFERRING' | 'SUCCESS' | 'FAILED' | 'SKIPPED'

const ExportShardStateCodec = t.keyof({ TRANSFERRING: null, SUCCESS: null, FAILED: null, SKIPPED: null })

/** True for `SUCCESS`, `FAILED` and `CANCELED`: the server will not change the status again. */
export const isTerminalExportState = (s: ExportState): boolean => s === 'SUCCESS' || s === 'FAILED' || s === 'CANCELED'

/** The progress of one shard (ShardProgress). */
export const ShardProgressCodec = t.partial({
  status: ExportShardStateCodec,
  objectsExported: t.number,
  error: t.string,
  skipReason: t.string,
})

/** The answer of a create and of each status read. */
export const ExportStatusCodec = t.intersection([
  t.type({ status: ExportStateCodec }),
  t.partial({
    id: t.string,
    backend: t.string,
    path: t.string,
    startedAt: t.string,
    completedAt: t.string,
    tookInMs: t.number,
    classes: t.array(t.string),
    shardStatus: t.record(t.string, t.record(t.string, ShardProgressCodec)),
    error: t.string,
  }),
])
