/**
 * The last step of every search, whatever the transport: the properties of each result through
 * the caller's codec (as `objects.getById` decodes them), and every followed reference present
 * (an empty list when the object points nowhere).
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { DecodeError } from '../errors'
import type { AnyVector, RawSearchResult } from '../grpc/search-decode'
import { AnyProperties, PropertiesCodec, decodeProperties } from '../objects/decode-object'
import type { QueryInput } from './args'
import type { SearchObject, SearchResult } from './result'

/**
 * A raw result with its properties decoded by `codec`.
 *
 * @example
 * ```ts
 * decodeResult(raw, input, url) // right({ objects: [...] })
 * ```
 */
export const decodeResult = <P, V>(raw: RawSearchResult, input: QueryInput<P>, url: string): E.Either<DecodeError, SearchResult<P, V>> => {
  const codec = (input.codec ?? AnyProperties) as PropertiesCodec<P>
  const objects: Array<SearchObject<P, V>> = []
  for (let i = 0; i < raw.objects.length; i++) {
    const o = raw.objects[i]
    if (o === undefined) continue
    const properties = decodeProperties(codec, o.properties, { method: 'POST', url })
    if (E.isLeft(properties)) return E.left(new DecodeError({ method: 'POST', url, report: properties.left.report.map((line) => `objects[${i}].${line}`) }))
    let references = o.references
    if (input.references.length > 0) {
      const all: Record<string, ReadonlyArray<SearchObject<Record<string, unknown>, AnyVector>>> = {}
      for (const ref of input.references) all[ref.linkOn] = o.references?.[ref.linkOn] ?? []
      references = all
    }
    // The vector type is the one `vectorFormat` gives (checked where the format is chosen).
    objects.push({ ...o, properties: properties.right, ...(references === undefined ? {} : { references }) } as unknown as SearchObject<P, V>)
  }
  return E.right({ objects })
}
