/**
 * Reading one UUID partition of a class page by page, from where an earlier run got: the cursor
 * starts after the partition's last finished UUID and stops at the partition's end. One partition
 * is one ascending cursor, so "the last UUID done" says exactly what is done.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import type { WeaviateObject } from '../index'
import { uuidInRange, type UuidRange } from '../paging'
import type { CliLibrary } from './library'

/**
 * What to read.
 *
 * @example
 * ```ts
 * const scan: PartitionScan = { className: 'Article', range, after: undefined, pageSize: 100, withVector: true }
 * ```
 */
export interface PartitionScan {
  readonly className: string
  readonly range: UuidRange
  /** The last UUID already done in this partition (exclusive start), or undefined. */
  readonly after: string | undefined
  readonly pageSize: number
  readonly withVector: boolean
  readonly tenant?: string
  /** Checked between objects: true stops the scan early (another partition failed). */
  readonly stopped?: () => boolean
}

/**
 * The pages of the partition (arrays of at most `pageSize` objects, ascending UUIDs). The next
 * page is fetched while the consumer works on this one (prefetch 1), never further ahead. A read
 * failure (after the client's retries) is thrown as the WeaviateError.
 *
 * @example
 * ```ts
 * for await (const page of scanPartition(lib, scan)) await write(page)
 * ```
 */
export async function* scanPartition(lib: CliLibrary, scan: PartitionScan): AsyncGenerator<readonly WeaviateObject[]> {
  const start = scan.after ?? scan.range.after
  const objects = lib.iterate({
    className: scan.className,
    pageSize: scan.pageSize,
    prefetch: 1,
    withVector: scan.withVector,
    ...(start === undefined ? {} : { after: start }),
    ...(scan.tenant === undefined ? {} : { tenant: scan.tenant }),
  })
  let page: WeaviateObject[] = []
  for await (const item of objects) {
    if (E.isLeft(item)) throw item.left
    if (scan.stopped?.() === true) return
    if (!uuidInRange(item.right.id, scan.range)) break
    page.push(item.right)
    if (page.length >= scan.pageSize) {
      yield page
      page = []
    }
  }
  if (page.length > 0) yield page
}
