/**
 * A filtered stream's pages. The server refuses `after` with a filter, caps offset + limit at
 * `QUERY_MAXIMUM_RESULTS`, and sorts by id by loading every match, so a cursor loop over a filter
 * costs the square of the matches. Instead the id space is cut by UUID prefix: a `Like 'ab*'` on
 * the id reads only that range of the id index, so the matches under a prefix are counted
 * (`query.aggregate` of `where AND id Like prefix*`) and fetched (`query.fetchObjects`, no offset,
 * no sort) at a cost that follows the prefix, not the class. {@link PrefixWalk} cuts the matches
 * into bundles of at most `pageSize`; each bundle is one fetch, sorted by id here, so pages
 * ascend by id and `after` resumes a stream.
 *
 * A bundle is fetched with a limit one above what it may hold: a full answer (objects imported
 * since it was counted) cuts it finer and fetches again. The server refuses a limit above its
 * `QUERY_MAXIMUM_RESULTS`: then bundles shrink below that maximum and the fetch is sent again.
 * A bundle that comes back short of its count lost objects since: it is complete. No id at or
 * before the page cursor is passed on.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { from, map, mergeMap, of, take, toArray } from 'rxjs'
import { isReferenceProperty, type ClassDefinition } from '../../codecs/class-definition'
import { WeaviateObject } from '../../codecs/object'
import { OperationContext } from '../../context/context'
import { operation } from '../../core/operation'
import { WeaviateError } from '../../core/errors'
import { CheckedWhere } from '../../input/where'
import { ObservableEither } from '../../core/observable-either'
import { PrefixBundle, PrefixCounter, PrefixWalk } from '../../paging/prefix-walk'
import { likePatterns } from '../../paging/uuid-prefixes'
import { aggregateOperation } from '../../query/aggregate'
import type { ReturnReference } from '../../query/args'
import { fetchObjectsInput } from '../../query/check'
import { SearchResult } from '../../query/result'
import { runQuery } from '../../query/run'
import { ServerVersion, supports } from '../../server/version'
import { AnyProperties, PropertiesCodec } from '../../codecs/decode-object'
import { StreamInput } from './args'
import { Page } from './page-fetcher'
import { streamObjectOf } from './stream-object'
import type { VectorFormat, VectorOf } from '../../input/vector-format'

/** Prefix counts asked at once (one node's children). */
const COUNT_CONCURRENCY = 16

/** The page after a cursor, decoded (the bundles are decoded as they arrive: they are checked and sorted). */
type DecodedPageFetcher<P> = (after: string | undefined) => ObservableEither<WeaviateError, Page<P>>

/** A reference property's data types are class names (capitalised); every other type is lower-case. */

/** Every property, blobs too (as `GET /v1/objects` gives them), and each reference's target ids. */
const selection = (definition: ClassDefinition | null, withVector: boolean) => {
  const properties = definition?.properties ?? []
  const named = Object.keys(definition?.vectorConfig ?? {})
  return {
    returnProperties: properties.filter((p) => !isReferenceProperty(p)).map((p) => p.name),
    returnReferences: properties.filter(isReferenceProperty).map((p): ReturnReference => ({ linkOn: p.name, targetClassName: p.dataType[0] ?? '' })),
    returnMetadata: ['creationTimeUnix', 'lastUpdateTimeUnix'] as const,
    ...(withVector ? { includeVector: named.length > 0 ? named : true } : {}),
  }
}

/** The counts of several requests in their order, or the first `Left`. */
const countsOf = (requests: ReadonlyArray<ObservableEither<WeaviateError, number>>): ObservableEither<WeaviateError, readonly number[]> =>
  from(requests).pipe(
    mergeMap((request, i) => request.pipe(take(1), map((count) => [i, count] as const)), COUNT_CONCURRENCY),
    toArray(),
    map((answers) => {
      const counts = new Array<number>(requests.length).fill(0)
      for (const [i, count] of answers) {
        if (E.isLeft(count)) return count
        counts[i] = count.right
      }
      return E.right(counts)
    }),
  )

/** The objects of a page in ascending id order, those at or before `cursor` left out. */
const ascendingAfter = <P>(objects: Page<P>, cursor: string | undefined): Page<P> => {
  const after = cursor?.toLowerCase()
  return objects
    .map((o) => ({ key: o.id.toLowerCase(), o }))
    .filter(({ key }) => after === undefined || key > after)
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ o }) => o)
}

const OVER_MAXIMUM = /query maximum results exceeded/
const MAXIMUM = /QUERY_MAXIMUM_RESULTS '(\d+)'/

/**
 * The bundle cap under the server's `QUERY_MAXIMUM_RESULTS` when `error` is the server refusing a
 * limit above it (adapters/repos/db/search.go `getTotalLimit`, from 1.13 to 1.39): one below the
 * maximum it names (a fetch asks for cap + 1), or half the cap where the message names none
 * (before 1.2x). `undefined` for any other error, or when the cap cannot shrink.
 */
const capBelow = (error: WeaviateError, cap: number): number | undefined => {
  if (!OVER_MAXIMUM.test(error.message)) return undefined
  const maximum = MAXIMUM.exec(error.message)?.[1]
  const next = maximum === undefined ? Math.floor(cap / 2) : Number(maximum) - 1
  return next >= 1 && next < cap ? next : undefined
}

/**
 * The page fetchers of a filtered stream: call the result once per subscription (each walk of
 * the prefix tree is its own). The fetcher it gives must be asked one page at a time, as the
 * page machine does (the next page's cursor is the last page's last id).
 */
export const filteredPageFetcher = <P>(
  ctx: OperationContext,
  input: StreamInput<P>,
  where: CheckedWhere,
  version: ServerVersion,
  definition: ClassDefinition | null,
): (() => DecodedPageFetcher<P>) => {
  const valueKey = supports(version, 'idFilterText') ? 'valueText' : 'valueString'
  const idUnder = (prefixes: readonly string[]): CheckedWhere => {
    const leaves = prefixes.flatMap(likePatterns).map((pattern): CheckedWhere => ({ path: ['id'], operator: 'Like', [valueKey]: pattern }))
    const [only] = leaves
    return leaves.length === 1 && only !== undefined ? only : { operator: 'Or', operands: leaves }
  }
  /** The filter's matches under `prefixes`; the root prefix `''` is every match. */
  const matching = (prefixes: readonly string[]): CheckedWhere => (prefixes.includes('') ? where : { operator: 'And', operands: [where, idUnder(prefixes)] })
  const common = {
    className: input.className,
    ...(input.tenant === undefined ? {} : { tenant: input.tenant }),
    ...(input.transport === undefined ? {} : { transport: input.transport }),
    ...input.call,
  }
  const aggregate = aggregateOperation(ctx)
  const count = (prefixes: readonly string[]): ObservableEither<WeaviateError, number> =>
    aggregate({ ...common, where: matching(prefixes) }).pipe(map(E.map((result) => result.count)))
  const counter: PrefixCounter<WeaviateError> = (groups) => countsOf(groups.map(count))

  const fetchArgs = {
    ...common,
    ...(input.consistencyLevel === undefined ? {} : { consistencyLevel: input.consistencyLevel }),
    ...selection(definition, input.withVector),
    vectorFormat: input.vectorFormat,
  }
  const objectOptions = {
    namespaced: supports(version, 'classNamespaces'),
    codec: (input.codec ?? AnyProperties) as PropertiesCodec<P>,
    method: 'POST' as const,
    url: `the filtered stream of ${input.className}`,
  }
  const fetch = (prefixes: readonly string[], limit: number): ObservableEither<WeaviateError, Page<P>> =>
    operation(
      () => fetchObjectsInput<Record<string, unknown>>({ ...fetchArgs, where: matching(prefixes), limit }),
      (query) => runQuery<Record<string, unknown>, VectorOf<VectorFormat>>(ctx, query),
    ).pipe(map(E.flatMap((result: SearchResult<Record<string, unknown>, VectorOf<VectorFormat>>) => streamObjects(result, objectOptions))))

  return () => {
    // Bundles hold one less than the page size, so a fetch asks for `pageSize` (cap + 1), as the
    // unfiltered stream's pages do: a page size the server takes there is taken here.
    const walk = new PrefixWalk<WeaviateError>(counter, Math.max(1, input.pageSize - 1), input.after)
    const left = (error: WeaviateError): ObservableEither<WeaviateError, Page<P>> => of(E.left(error))

    const page = (cursor: string | undefined): ObservableEither<WeaviateError, Page<P>> =>
      walk.next().pipe(mergeMap(E.match(left, (bundle) => (bundle === undefined ? of(E.right<WeaviateError, Page<P>>([])) : fetchBundle(bundle, cursor)))))

    const fetchBundle = (bundle: PrefixBundle, cursor: string | undefined): ObservableEither<WeaviateError, Page<P>> =>
      // One more than the bundle may hold, so a fetch shows whether it has grown.
      fetch(bundle.prefixes, walk.cap + 1).pipe(
        mergeMap(
          E.match(
            (error) => {
              const cap = capBelow(error, walk.cap)
              if (cap === undefined) return left(error)
              walk.cap = cap
              return bundle.count > cap && walk.split(bundle) ? page(cursor) : fetchBundle(bundle, cursor)
            },
            (objects) => judge(bundle, objects, cursor),
          ),
        ),
      )

    const judge = (bundle: PrefixBundle, objects: Page<P>, cursor: string | undefined): ObservableEither<WeaviateError, Page<P>> =>
      objects.length > walk.cap && walk.split(bundle) ? page(cursor) : accept(objects, cursor)

    const accept = (objects: Page<P>, cursor: string | undefined): ObservableEither<WeaviateError, Page<P>> => {
      const out = ascendingAfter(objects, cursor)
      // An empty page would end the stream: a bundle with nothing new moves on to the next.
      return out.length > 0 ? of(E.right(out)) : page(cursor)
    }

    return page
  }
}

const streamObjects = <P>(
  result: SearchResult<Record<string, unknown>, VectorOf<VectorFormat>>,
  options: Parameters<typeof streamObjectOf<P>>[1],
): E.Either<WeaviateError, Page<P>> => {
  const out = new Array<WeaviateObject<P, VectorOf<VectorFormat>>>(result.objects.length)
  for (let i = 0; i < result.objects.length; i++) {
    const o = result.objects[i]
    if (o === undefined) continue
    const converted = streamObjectOf<P>(o, options)
    if (E.isLeft(converted)) return converted
    out[i] = converted.right
  }
  return E.right(out)
}

