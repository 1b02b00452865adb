/**
 * Paging building blocks (the `weaviate-rx/paging` entry): cursor paging with bounded prefetch,
 * the pacer that gives RxJS consumers backpressure, an Observable as a bounded AsyncIterable, and
 * the UUID partitions `objects.stream` and the CLI scan with. Generic: nothing here knows about
 * HTTP.
 *
 * @packageDocumentation
 */
export { createPacer } from './pacer'
export type { Pacer } from './pacer'
export { paginateAfter } from './paginate-after'
export type { PageProgress } from './page-progress'
export type { PaginateOptions } from './paginate-after'
export { BufferOverflowError, isBufferOverflowError, toAsyncIterable } from './to-async-iterable'
export type { ToAsyncIterableOptions } from './to-async-iterable'
export { MAX_PARTITIONS, uuidInRange, uuidPartitions } from './uuid-partitions'
export type { UuidRange } from './uuid-partitions'
