/**
 * Splitting the UUID space into contiguous ranges, so that a full scan can run as k cursor scans
 * in parallel. Ranges are expressed in the cursor's terms: `after` is exclusive (Weaviate returns
 * ids strictly greater than `after`), `before` is the first id of the next range.
 *
 * @packageDocumentation
 */

export type { UuidRange } from '../core/uuid-range'
import type { UuidRange } from '../core/uuid-range'

/**
 * The most partitions a scan is split into: the one cap of `objects.stream`'s `partitions` and the
 * CLI's `--partitions`. (Boundaries are spread over the leading 8 hex digits, so far more would be
 * possible; more concurrent cursors than this only queue up at the server.)
 *
 * @example
 * ```ts
 * uuidPartitions(MAX_PARTITIONS).length // 4096
 * ```
 */
export const MAX_PARTITIONS = 4096

const LEADING_BITS = 32n
const SHIFT = 128n - LEADING_BITS

/**
 * Splits the 128-bit UUID space into `k` contiguous, non-overlapping ranges in ascending order.
 * Boundaries are spread evenly over the leading 8 hex digits (the rest is zero), so they read well
 * in logs: for `k = 2` the boundary is `80000000-0000-0000-0000-000000000000`. A range that starts
 * at boundary B has `after` = B − 1, because the cursor is exclusive.
 *
 * @example
 * ```ts
 * uuidPartitions(2)
 * // [ { after: undefined, before: '80000000-0000-0000-0000-000000000000' },
 * //   { after: '7fffffff-ffff-ffff-ffff-ffffffffffff', before: undefined } ]
 * const scans = uuidPartitions(4).map((range) =>
 *   paginateAfter(fetchPage, { cursorOf: (o) => o.id, pageSize: 100, after: range.after, until: (o) => !uuidInRange(o.id, range) }),
 * )
 * ```
 *
 * @throws RangeError when `k` is not an integer in [1, {@link MAX_PARTITIONS}].
 */
export const uuidPartitions = (k: number): UuidRange[] => {
  if (!Number.isSafeInteger(k) || k < 1 || k > MAX_PARTITIONS) {
    throw new RangeError(`uuidPartitions: k must be an integer in [1, ${MAX_PARTITIONS}], but was: ${k}`)
  }
  const count = BigInt(k)
  const boundary = (i: number): bigint => ((BigInt(i) << LEADING_BITS) / count) << SHIFT
  return Array.from({ length: k }, (_, i) => ({
    after: i === 0 ? undefined : formatUuid(boundary(i) - 1n),
    before: i === k - 1 ? undefined : formatUuid(boundary(i + 1)),
  }))
}

/**
 * True when `id` lies in `range`. Compared as lower-cased strings: for the canonical fixed-width
 * hex form that is the numeric order of the 128-bit values. Its negation is the
 * `until` of a partition scan: the first id at or past `before` ends it.
 *
 * @example
 * ```ts
 * const [first, second] = uuidPartitions(2)
 * if (first !== undefined && second !== undefined) {
 *   uuidInRange('00000000-0000-0000-0000-000000000001', first) // true
 *   uuidInRange('80000000-0000-0000-0000-000000000000', first) // false: belongs to the next range
 *   uuidInRange('80000000-0000-0000-0000-000000000000', second) // true
 * }
 * ```
 */
export const uuidInRange = (id: string, range: UuidRange): boolean => {
  const canonical = id.toLowerCase()
  return (
    (range.after === undefined || canonical > range.after) &&
    (range.before === undefined || canonical < range.before)
  )
}

/**
 * The canonical lower-case 8-4-4-4-12 form of a 128-bit number.
 *
 * @throws RangeError when `n` is outside [0, 2^128).
 */
export const formatUuid = (n: bigint): string => {
  if (n < 0n || n >= 1n << 128n) throw new RangeError(`formatUuid: ${n} is outside the 128-bit range`)
  const hex = n.toString(16).padStart(32, '0')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
