/**
 * Reading a class as pages of UUID partitions with the library's `objects.streamPages({ ranges })`
 * (one cursor per range, pages as they come), resuming each partition after the last UUID a
 * checkpoint recorded for it. The loop paces the reading: the next page is fetched only while the
 * previous one is being worked on (prefetch 1 per partition), so memory stays flat.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import type { Client, TransportMode, VectorFormat, WeaviateObject, VectorOf } from '../../index'
import { toAsyncIterable, uuidInRange, uuidPartitions } from '../../paging'
import { CommandFailure } from '../terminal/command-errors'

/**
 * Per partition, the last UUID done (`null`: none yet), as a checkpoint keeps it.
 *
 * @example
 * ```ts
 * const cursors: PartitionCursors = [null, '80000000-0000-0000-0000-00000000002a']
 * ```
 */
export type PartitionCursors = Array<string | null>

/**
 * The cursors to start from: the checkpoint's, or fresh ones; a checkpoint made with another number
 * of partitions is refused.
 *
 * @example
 * ```ts
 * const cursors = startCursors(saved?.partitions, 4, 'copy.ckpt')
 * ```
 */
export const startCursors = (saved: PartitionCursors | undefined, count: number, file: string | undefined): PartitionCursors => {
  if (saved === undefined) return Array.from({ length: count }, () => null)
  if (saved.length !== count) throw new CommandFailure(`the checkpoint ${file ?? ''} was made with --partitions ${saved.length}; run again with that value`)
  return [...saved]
}

/**
 * One page of one partition.
 *
 * @example
 * ```ts
 * for await (const { partition, objects } of partitionPages(client, read)) cursors[partition] = objects.at(-1)?.id ?? null
 * ```
 */
export interface PartitionPage {
  readonly partition: number
  /** Their vectors as `read.vectorFormat` gives them. */
  readonly objects: ReadonlyArray<WeaviateObject<Record<string, unknown>, VectorOf<VectorFormat>>>
}

/**
 * What to read.
 *
 * @example
 * ```ts
 * const read: PartitionRead = { className: 'Article', cursors: [null, null], pageSize: 500, withVector: true, vectorFormat: 'float32', transport: 'auto' }
 * ```
 */
export interface PartitionRead {
  readonly className: string
  readonly cursors: PartitionCursors
  readonly pageSize: number
  readonly withVector: boolean
  /** `'float32'` (Float32Arrays) or `'array'` (see `vectorFormatFor`). */
  readonly vectorFormat: VectorFormat
  /** The transport of the reads (see `readTransport`). */
  readonly transport: TransportMode
  readonly tenant?: string | undefined
}

/**
 * The pages of every partition, as they come; a read failure (after the client's retries) is
 * thrown as the WeaviateError.
 *
 * @example
 * ```ts
 * for await (const page of partitionPages(client, read)) await write(page.objects)
 * ```
 */
export async function* partitionPages(client: Client, read: PartitionRead): AsyncGenerator<PartitionPage> {
  const partitions = uuidPartitions(read.cursors.length)
  const ranges = partitions.map((range, i) => ({ after: read.cursors[i] ?? range.after, before: range.before }))
  const pages = toAsyncIterable((pacer) =>
    client.objects.streamPages({
      className: read.className,
      ranges,
      ordered: false,
      pageSize: read.pageSize,
      prefetch: 1,
      withVector: read.withVector,
      vectorFormat: read.vectorFormat,
      transport: read.transport,
      pacer,
      ...(read.tenant === undefined ? {} : { tenant: read.tenant }),
    }),
  )
  for await (const page of pages) {
    if (E.isLeft(page)) throw page.left
    const first = page.right[0]
    if (first === undefined) continue
    const partition = partitions.findIndex((range) => uuidInRange(first.id, range))
    yield { partition, objects: page.right }
  }
}
