/**
 * Paging operators: cursor paging with bounded prefetch, pacing, AsyncIterable bridging and UUID
 * partitions. Generic: nothing here knows about HTTP or Weaviate.
 *
 * @example
 * ```ts
 * import { paginateAfter, createPacer, toAsyncIterable, uuidPartitions, mergePartitions } from './paging'
 * ```
 *
 * @packageDocumentation
 */
export { createPacer, isPacedSource } from './pacer'
export type { Pacer, PacedSource } from './pacer'
export { PacedObservable } from './paced-observable'
export { paginateAfter } from './paginate-after'
export type { PageProgress, PaginateOptions, PagedStream } from './paginate-after'
export { BufferOverflowError, isBufferOverflowError, toAsyncIterable } from './to-async-iterable'
export type { ToAsyncIterableOptions } from './to-async-iterable'
export { MAX_PARTITIONS, formatUuid, uuidInRange, uuidPartitions } from './uuid-partitions'
export type { UuidRange } from './uuid-partitions'
export { mergePartitions } from './merge-partitions'
export type { MergePartitionsOptions } from './merge-partitions'
