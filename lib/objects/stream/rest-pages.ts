/**
 * A stream's pages over REST: `GET /v1/objects?class=...&after=...&limit=...`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { map } from 'rxjs'
import { WeaviateObject } from '../../codecs/object'
import { OperationContext } from '../../context/context'
import { VectorFormat, type VectorOf } from '../../input/vector-format'
import { isMultiVector } from '../../input/vectors'
import { cursorPages, listInput, runList } from '../list'
import { StreamInput } from './args'
import { PageEntry, PageFetcher, decodedEntries } from './page-fetcher'
import { supports } from '../../server/version'

/**
 * The page fetcher of a stream over REST; the list request is checked once, each page only moves
 * the cursor. Once the server's version is known (the client reads it once, at the latest for
 * the first page) and has the cursor, the route and codec are settled once for the stream
 * and a page is one pipeline run (`cursorPages`, which announces the page's last id from its text
 * before it parses it); before that, and on a server without the cursor (its
 * `UnsupportedVersionError`), a page runs as a list does.
 */
export const restPageFetcher = <P>(ctx: OperationContext, input: StreamInput<P>): PageFetcher<P> => {
  const request = {
    ...listInput<P>({
      className: input.className,
      limit: input.pageSize,
      ...(input.tenant === undefined ? {} : { tenant: input.tenant }),
      ...(input.consistencyLevel === undefined ? {} : { consistencyLevel: input.consistencyLevel }),
      ...(input.codec === undefined ? {} : { codec: input.codec }),
      ...input.call,
    }),
    include: input.include,
  }
  const inFormats = input.vectorFormat !== 'array' && input.withVector
  const entries = (objects: Array<WeaviateObject<P>>): Array<PageEntry<P>> =>
    decodedEntries<P>(inFormats ? objects.map((o) => inFormat(o, input.vectorFormat)) : objects)
  let pages: PageFetcher<P> | undefined
  return (after, early) => {
    if (pages === undefined) {
      const version = ctx.versions.known()
      if (version === undefined || !supports(version, 'cursor')) {
        // Plain branches, not `E.map(f)`: fp-ts 2.16 routes that through `dual` (an arguments spread per page).
        return runList<P>(ctx, after === undefined ? request : { ...request, after }, 'retry').pipe(map((page) => (E.isLeft(page) ? page : E.right(entries(page.right)))))
      }
      pages = cursorPages<P, Array<PageEntry<P>>>(ctx, version, request, entries)
    }
    return pages(after, early)
  }
}

/** An object of REST's JSON with its vectors as `Float32Array`s (for `vectorFormat: 'float32'`). */
const inFormat = <P>(o: WeaviateObject<P>, format: VectorFormat): WeaviateObject<P, VectorOf<VectorFormat>> => {
  if (format === 'array' || (o.vector === undefined && o.vectors === undefined)) return o
  const { vector, vectors: named, ...rest } = o
  const out: { -readonly [K in keyof WeaviateObject<P, Float32Array>]: WeaviateObject<P, Float32Array>[K] } = rest
  if (vector !== undefined) out.vector = Float32Array.from(vector)
  if (named !== undefined) {
    const vectors: Record<string, Float32Array | readonly Float32Array[]> = {}
    for (const [name, v] of Object.entries(named)) vectors[name] = isMultiVector(v) ? v.map((x) => Float32Array.from(x)) : Float32Array.from(v)
    out.vectors = vectors
  }
  return out
}

