/**
 * The one thing the page machine asks of a transport: the page after a cursor. A page reaches the
 * machine as its objects' ids (all the cursor and the stop rules read) and is decoded into objects
 * only when it is passed on: a transport whose ids come cheaper than its objects (gRPC: the ids
 * are read from the reply's bytes first) has the next page requested before this one is decoded.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { OperatorFunction, map, takeWhile } from 'rxjs'
import { WeaviateObject } from '../../codecs/object'
import { WeaviateError } from '../../core/errors'
import type { VectorFormat, VectorOf } from '../../input/vector-format'
import type { EarlyPageFetcher } from '../../paging/paginate-after'

/**
 * The objects of a page.
 */
export type Page<P, V = VectorOf<VectorFormat>> = ReadonlyArray<WeaviateObject<P, V>>

/**
 * One object of a fetched page, known by its id; `objects(n)` decodes the first `n` objects of
 * its page (the page machine may cut a page short), and is the same function for every entry of
 * the page.
 */
export interface PageEntry<P> {
  readonly id: string
  readonly objects: (count: number) => E.Either<WeaviateError, Page<P>>
}

/**
 * A cold request for the page after `after` (the first page when `undefined`), retried by the
 * transport's own policy; ids ascend strictly after the cursor, or the page is a `DecodeError`. A
 * transport that reads a page's last id before the page is ready (REST, from the answer's text)
 * announces it with `early`, so the page machine requests the next page at once
 * ({@link EarlyPageFetcher}).
 */
export type PageFetcher<P> = EarlyPageFetcher<WeaviateError, PageEntry<P>>

/**
 * The entries of a page whose objects are decoded already.
 */
export const decodedEntries = <P>(page: Page<P>): Array<PageEntry<P>> => {
  const objects = (count: number): E.Either<WeaviateError, Page<P>> => E.right(count >= page.length ? page : page.slice(0, count))
  return page.map((o) => ({ id: o.id, objects }))
}

/**
 * The objects of a (possibly cut) page of entries.
 */
export const entryObjects = <P>(entries: ReadonlyArray<PageEntry<P>>): E.Either<WeaviateError, Page<P>> => {
  const first = entries[0]
  return first === undefined ? E.right([]) : first.objects(entries.length)
}

/**
 * Pages of entries as pages of objects, each decoded as it is passed on; a page that fails to
 * decode is the last value (a `Left`), as a failed request is.
 */
export const decodedPages =
  <P>(): OperatorFunction<E.Either<WeaviateError, ReadonlyArray<PageEntry<P>>>, E.Either<WeaviateError, Page<P>>> =>
  (entries$) =>
    entries$.pipe(
      // A plain branch, not `E.flatMap(entryObjects)`: fp-ts 2.16 routes that through `dual` (an arguments spread per page).
      map((entries) => (E.isLeft(entries) ? entries : entryObjects(entries.right))),
      takeWhile((page) => E.isRight(page), true),
    )
