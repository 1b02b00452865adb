/**
 * A stream's pages over gRPC: Weaviate's `Search` with `after` (no offset, filter or sort: the
 * server's cursor validator refuses them with a cursor), every property and the object's metadata
 * asked for, each result turned into the object REST returns (`lib/query/grpc/search-result.ts`) and
 * its properties decoded by the caller's codec as REST's are.
 *
 * References are not among a result's properties unless asked for by name, so the stream reads
 * the class definition once (REST) and asks for each reference property's targets' ids; the request
 * is `query/grpc/cursor-request.ts`'s.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { map, mergeMap, of } from 'rxjs'
import { WeaviateObject, normaliseObject } from '../../codecs/object'
import { OperationContext } from '../../context/context'
import { DecodeError, WeaviateError } from '../../core/errors'
import { cursorRequestBytes, cursorSearchRequest } from '../../query/grpc/cursor-request'
import { SearchReplyResults } from '../../proto/generated/weaviate/v1/search_pages_pb'
import { METHODS } from '../../transport/grpc/methods'
import { ResultOptions, searchResultToRest, vectorReader } from '../../query/grpc/search-result'
import { ObservableEither } from '../../core/observable-either'
import { getClass } from '../../schema/get-class'
import { AnyProperties, PropertiesCodec, decodeProperties } from '../../codecs/decode-object'
import { afterCursor } from '../list'
import { StreamInput } from './args'
import { PageResults } from './grpc-results'
import { PageEntry, PageFetcher } from './page-fetcher'
import type { VectorFormat, VectorOf } from '../../input/vector-format'

/**
 * The page fetcher of a stream over gRPC. Its first page reads the class definition (for the
 * reference properties); the request is then built and encoded once, each page only appends its
 * cursor. A page's reply arrives with its results as bytes (`METHODS.searchPages`) and reaches the page
 * machine as entries whose ids are read on demand: the machine reads the last one (the next
 * cursor), requests the next page, and only then are the results decoded and turned into objects
 * (REST's shape, vectors copied, properties through the codec), so that work overlaps the
 * server's. The ids' order after the cursor is checked as the objects are made (a page that does
 * not ascend is a `DecodeError`, as over REST). A partitioned stream reads every id as a page
 * arrives (its range's end), so its pages are decoded and checked at once.
 */
export const grpcPageFetcher = <P>(ctx: OperationContext, input: StreamInput<P>): PageFetcher<P> => {
  const url = `${ctx.grpc.nodes[0]?.origin ?? ''}${METHODS.search.path}`
  const codec = (input.codec ?? AnyProperties) as PropertiesCodec<P>
  const call = { idempotent: true, ...input.call }
  const eager = input.ranges !== undefined
  let request: ((after: string | undefined) => Uint8Array) | undefined
  const prepared = (): ObservableEither<WeaviateError, (after: string | undefined) => Uint8Array> =>
    request !== undefined
      ? of(E.right(request))
      : getClass(ctx)(input.className, input.call).pipe(
          map(E.map((definition) => (request = cursorRequestBytes(cursorSearchRequest(input as StreamInput<unknown>, definition))))),
        )
  const entries = (reply: SearchReplyResults, after: string | undefined): E.Either<WeaviateError, Array<PageEntry<P>>> => {
    const results = new PageResults(reply.results, url)
    const objects = (count: number) => {
      const page = decodeResults<P>(results, count, codec, { className: input.className, readVector: vectorReader(input.vectorFormat) }, url)
      return after === undefined || E.isLeft(page) ? page : afterCursor(page.right, after, url)
    }
    const page = reply.results.map((_, i) => resultEntry(results, i, objects))
    const last = results.decode(results.length - 1)
    if (results.length > 0 && E.isLeft(last)) return last
    return eager ? E.map(() => page)(objects(page.length)) : E.right(page)
  }
  return (after) =>
    prepared().pipe(
      mergeMap(
        E.match(
          (error) => of(E.left<WeaviateError, Array<PageEntry<P>>>(error)),
          (bytes) =>
            ctx.grpc
              .run(METHODS.searchPages, bytes(after), call)
              .pipe(map(E.flatMap((reply) => entries(reply, after)))),
        ),
      ),
    )
}

/** Entry `i` of a page: its id read from its result when first asked for. */
const resultEntry = <P>(results: PageResults, i: number, objects: PageEntry<P>['objects']): PageEntry<P> => ({
  get id() {
    return results.id(i)
  },
  objects,
})

/** The first `count` results of a page as REST's objects, properties decoded by `codec`. */
const decodeResults = <P>(
  results: PageResults,
  count: number,
  codec: PropertiesCodec<P>,
  options: ResultOptions,
  url: string,
): E.Either<DecodeError, Array<WeaviateObject<P, VectorOf<VectorFormat>>>> => {
  const n = Math.min(count, results.length)
  const out = new Array<WeaviateObject<P, VectorOf<VectorFormat>>>(n)
  for (let i = 0; i < n; i++) {
    const result = results.decode(i)
    if (E.isLeft(result)) return result
    const raw = searchResultToRest(result.right, options)
    const properties = decodeProperties(codec, raw.properties, { method: 'POST', url })
    if (E.isLeft(properties)) {
      return E.left(new DecodeError({ method: 'POST', url, report: properties.left.report.map((line) => `results[${i}].${line}`) }))
    }
    out[i] = normaliseObject<P, VectorOf<VectorFormat>>(raw, properties.right)
  }
  return E.right(out)
}
