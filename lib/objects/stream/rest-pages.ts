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
import { listInput, runList } from '../list'
import { StreamInput } from './args'
import { PageFetcher, decodedEntries } from './page-fetcher'

/**
 * The page fetcher of a stream over REST; the list request is checked once, each page only moves
 * the cursor.
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
  // Plain branches, not `E.map(f)`: fp-ts 2.16 routes that through `dual` (an arguments spread per page).
  return (after) =>
    runList<P>(ctx, after === undefined ? request : { ...request, after }, 'retry').pipe(
      map((page) => (E.isLeft(page) ? page : E.right(decodedEntries<P>(inFormats ? page.right.map((o) => inFormat(o, input.vectorFormat)) : page.right)))),
    )
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

