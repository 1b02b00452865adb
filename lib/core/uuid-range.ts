/**
 * A range of the UUID space, as a cursor scan sees it: the value the paging toolkit splits a scan
 * into and the error union reports when a partition of a stream fails.
 *
 * @packageDocumentation
 */

/**
 * One range of the UUID space: the ids `id` with `after < id < before` (bounds that are set).
 *
 * @example
 * ```ts
 * const upperHalf: UuidRange = { after: '7fffffff-ffff-ffff-ffff-ffffffffffff', before: undefined }
 * ```
 */
export interface UuidRange {
  /** Exclusive lower bound, `undefined` for the first range. Canonical lower-case UUID. */
  readonly after: string | undefined
  /** Exclusive upper bound (the next range's first id), `undefined` for the last range. */
  readonly before: string | undefined
}
