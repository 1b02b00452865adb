/**
 * The last step of every search, whatever the transport: the properties of each result through
 * the caller's codec (as `objects.getById` decodes them), and every followed reference present
 * (an empty list when the object points nowhere); a grouped search's groups likewise.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { DecodeError } from '../core/errors'
import type { RawSearchResult } from './result'
import type { VectorFormat, VectorOf } from '../input/vector-format'
import type { JsonValue } from '../codecs/value-json'
import { AnyProperties, PropertiesCodec, decodeProperties } from '../codecs/decode-object'
import type { QueryInput } from './input'
import type { SearchGroup, SearchObject, SearchResult } from './result'

type RawObject = SearchObject<Record<string, JsonValue>, VectorOf<VectorFormat>>

const decodeObjects = <P, V>(raw: readonly RawObject[], input: QueryInput<P>, url: string, at: string): E.Either<DecodeError, Array<SearchObject<P, V>>> => {
  const codec = (input.codec ?? AnyProperties) as PropertiesCodec<P>
  // The default codec and no references: every object stays as it is, so the raw list (made for
  // this call by the reply's decoder) is the result: no second pass, no second array.
  if (codec === AnyProperties && input.references.length === 0) return E.right(raw as unknown as Array<SearchObject<P, V>>)
  const objects: Array<SearchObject<P, V>> = []
  for (let i = 0; i < raw.length; i++) {
    const o = raw[i]
    if (o === undefined) continue
    const properties = decodeProperties(codec, o.properties, { method: 'POST', url })
    if (E.isLeft(properties)) return E.left(new DecodeError({ method: 'POST', url, report: properties.left.report.map((line) => `${at}[${i}].${line}`) }))
    // The vector type is the one `vectorFormat` gives (checked where the format is chosen).
    if (input.references.length === 0 && (properties.right as unknown) === o.properties) {
      // Nothing changed (the default codec, no references to fill in): the raw object as it is, no copy.
      objects.push(o as unknown as SearchObject<P, V>)
      continue
    }
    let references = o.references
    if (input.references.length > 0) {
      const all: Record<string, ReadonlyArray<SearchObject<Record<string, unknown>, VectorOf<VectorFormat>>>> = {}
      for (const ref of input.references) all[ref.linkOn] = o.references?.[ref.linkOn] ?? []
      references = all
    }
    objects.push({ ...o, properties: properties.right, ...(references === undefined ? {} : { references }) } as unknown as SearchObject<P, V>)
  }
  return E.right(objects)
}

/**
 * A raw result with its properties decoded by `codec`.
 */
export const decodeResult = <P, V>(raw: RawSearchResult, input: QueryInput<P>, url: string): E.Either<DecodeError, SearchResult<P, V>> => {
  const objects = decodeObjects<P, V>(raw.objects, input, url, 'objects')
  if (E.isLeft(objects)) return objects
  if (raw.groups === undefined) {
    if (raw.generated === undefined && raw.queryProfile === undefined) return E.right({ objects: objects.right })
    const result: { -readonly [K in keyof SearchResult<P, V>]: SearchResult<P, V>[K] } = { objects: objects.right }
    if (raw.generated !== undefined) result.generated = raw.generated
    if (raw.queryProfile !== undefined) result.queryProfile = raw.queryProfile
    return E.right(result)
  }
  const groups: Record<string, SearchGroup<P, V>> = {}
  for (const [name, g] of Object.entries(raw.groups)) {
    const members = decodeObjects<P, V>(g.objects, input, url, `groups.${name}.objects`)
    if (E.isLeft(members)) return members
    groups[name] = { ...g, objects: members.right }
  }
  const result: { -readonly [K in keyof SearchResult<P, V>]: SearchResult<P, V>[K] } = { objects: Object.values(groups).flatMap((g) => g.objects), groups }
  if (raw.generated !== undefined) result.generated = raw.generated
  if (raw.queryProfile !== undefined) result.queryProfile = raw.queryProfile
  return E.right(result)
}
