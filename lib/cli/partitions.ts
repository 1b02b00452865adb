/**
 * Running one worker per UUID partition at once, and the per-partition cursor state a checkpoint
 * keeps: the last UUID done in each partition, and whether the partition is finished.
 *
 * @packageDocumentation
 */
import { uuidPartitions, type UuidRange } from '../paging'
import { CommandFailure } from './failure'

/**
 * How far one partition got.
 *
 * @example
 * ```ts
 * const cursor: PartitionCursor = { after: '36ddd591-2dee-4e7e-a3cc-eb86d30a4303', done: false }
 * ```
 */
export interface PartitionCursor {
  after?: string
  done: boolean
}

/**
 * The cursors to start from: the checkpoint's when it has them for the same number of partitions,
 * fresh ones otherwise. A checkpoint made with another number of partitions is refused.
 *
 * @example
 * ```ts
 * const cursors = startCursors(saved?.partitions, 4, 'checkpoint.json')
 * ```
 */
export const startCursors = (saved: unknown, count: number, file: string | undefined): PartitionCursor[] => {
  if (saved === undefined) return Array.from({ length: count }, () => ({ done: false }))
  if (!Array.isArray(saved) || saved.length !== count) {
    throw new CommandFailure(`the checkpoint ${file ?? ''} was made with --partitions ${Array.isArray(saved) ? saved.length : '?'}; run again with that value`)
  }
  return saved.map((c: unknown) => {
    const cursor = (typeof c === 'object' && c !== null ? c : {}) as { readonly after?: unknown; readonly done?: unknown }
    return { ...(typeof cursor.after === 'string' ? { after: cursor.after } : {}), done: cursor.done === true }
  })
}

/**
 * Runs `work` for every unfinished partition at once. When one fails, the others are asked to stop
 * (`stopped()` turns true) and the first failure is thrown once all have ended.
 *
 * @example
 * ```ts
 * await forEachPartition(cursors, async (range, cursor, stopped) => { ... })
 * ```
 */
export const forEachPartition = async (
  cursors: PartitionCursor[],
  work: (range: UuidRange, cursor: PartitionCursor, stopped: () => boolean) => Promise<void>,
): Promise<void> => {
  const ranges = uuidPartitions(cursors.length)
  let failure: { readonly error: unknown } | undefined
  const stopped = () => failure !== undefined
  await Promise.all(
    cursors.map(async (cursor, i) => {
      const range = ranges[i]
      if (cursor.done || range === undefined) return
      try {
        await work(range, cursor, stopped)
        if (!stopped()) cursor.done = true
      } catch (error) {
        failure ??= { error }
      }
    }),
  )
  if (failure !== undefined) throw failure.error
}
