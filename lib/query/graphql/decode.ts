/**
 * A GraphQL `Get` answer as a search result of the same shape as gRPC's: `_additional` becomes the
 * id, the metadata asked for (certainty and score as the float32 values gRPC sends; GraphQL prints
 * the score as a string and the certainty as a float64) and the vectors; references become objects;
 * null properties are left out (as REST and gRPC leave unset properties out); float32 geo
 * coordinates and vectors read as REST prints them.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import * as t from 'io-ts'
import { decode } from '../../codecs/decode'
import { DecodeError, UnexpectedStatusError } from '../../core/errors'
import { float32sAsJson, jsonFloat32 } from '../../codecs/float32-shortest'
import type { RawSearchResult } from '../result'
import type { VectorFormat, VectorOf } from '../../input/vector-format'
import type { JsonValue } from '../../codecs/value-json'
import { isMultiVector } from '../../input/vectors'
import { HttpResponse } from '../../transport/http/types'
import type { QueryInput } from '../input'
import type { QueryProfile, SearchGroup, SearchMetadata, SearchObject } from '../result'
import type { FieldSelection, ReferenceFields } from './selection'

type RawObject = SearchObject<Record<string, JsonValue>, VectorOf<VectorFormat>>
type Item = Readonly<Record<string, unknown>>

const Items = t.readonlyArray(t.UnknownRecord)
const Additional = t.partial({
  id: t.string,
  distance: t.union([t.null, t.number]),
  certainty: t.union([t.null, t.number]),
  score: t.union([t.null, t.string, t.number]),
  explainScore: t.union([t.null, t.string]),
  creationTimeUnix: t.union([t.null, t.string, t.number]),
  lastUpdateTimeUnix: t.union([t.null, t.string, t.number]),
  isConsistent: t.union([t.null, t.boolean]),
  // The query profile, as JSON text, on the first object only.
  queryProfile: t.union([t.null, t.string]),
  vector: t.union([t.null, t.readonlyArray(t.number)]),
  // A named vector is a vector, or a multi-vector's list of vectors.
  vectors: t.union([t.null, t.record(t.string, t.union([t.null, t.readonlyArray(t.number), t.readonlyArray(t.readonlyArray(t.number))]))]),
  generate: t.union([t.null, t.partial({ singleResult: t.union([t.null, t.string]), groupedResult: t.union([t.null, t.string]), error: t.union([t.null, t.string]) })]),
  rerank: t.union([t.null, t.readonlyArray(t.union([t.null, t.partial({ score: t.union([t.null, t.number]) })]))]),
})
type Additional = t.TypeOf<typeof Additional>

/** The query profile's JSON: the same shards as gRPC's `QueryProfile`. */
const ProfileJson = t.readonlyArray(
  t.type({
    name: t.string,
    node: t.string,
    searches: t.union([t.null, t.record(t.string, t.type({ details: t.union([t.null, t.record(t.string, t.string)]) }))]),
  }),
)

const profileOf = (text: string, res: HttpResponse): E.Either<DecodeError, QueryProfile> => {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = text
  }
  return E.map((shards: t.TypeOf<typeof ProfileJson>): QueryProfile => ({
    shards: shards.map((s) => ({
      name: s.name,
      node: s.node,
      searches: Object.fromEntries(Object.entries(s.searches ?? {}).map(([kind, search]) => [kind, { details: { ...(search.details ?? {}) } }])),
    })),
  }))(decode(ProfileJson, json, res))
}

/** A JSON value without its null object fields (REST and gRPC leave unset properties out). */
const withoutNulls = (v: unknown): JsonValue => {
  if (Array.isArray(v)) return v.map(withoutNulls)
  if (typeof v === 'object' && v !== null) {
    const out: Record<string, JsonValue> = {}
    for (const [k, x] of Object.entries(v)) if (x !== null && x !== undefined) out[k] = withoutNulls(x)
    return out
  }
  return v as JsonValue
}

const geo = (v: JsonValue): JsonValue => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return v
  const o = v as Record<string, JsonValue>
  const lat = o['latitude']
  const lon = o['longitude']
  return { ...o, ...(typeof lat === 'number' ? { latitude: jsonFloat32(lat) } : {}), ...(typeof lon === 'number' ? { longitude: jsonFloat32(lon) } : {}) }
}

const propertiesOf = (item: Item, fields: readonly FieldSelection[]): Record<string, JsonValue> => {
  const out: Record<string, JsonValue> = {}
  for (const f of fields) {
    const v = item[f.name]
    if (v === null || v === undefined) continue
    const json = withoutNulls(v)
    out[f.name] = f.kind === 'geo' ? geo(json) : json
  }
  return out
}

const vectorOf = (v: readonly number[], format: QueryInput<unknown>['vectorFormat']): VectorOf<VectorFormat> =>
  format === 'float32' ? Float32Array.from(v) : float32sAsJson(Float32Array.from(v))

const asNumber = (v: string | number | null | undefined): number | undefined => (v === null || v === undefined ? undefined : Number(v))

const metadataOf = (a: Additional, input: QueryInput<unknown>): SearchMetadata => {
  const out: { -readonly [K in keyof SearchMetadata]: SearchMetadata[K] } = {}
  const rerankScore = input.rerank === undefined ? undefined : a.rerank?.[0]?.score
  if (typeof rerankScore === 'number') out.rerankScore = rerankScore
  for (const field of input.metadata) {
    switch (field) {
      case 'distance':
        if (typeof a.distance === 'number') out.distance = Math.fround(a.distance)
        break
      case 'certainty':
        if (typeof a.certainty === 'number') out.certainty = Math.fround(a.certainty)
        break
      case 'score': {
        const score = asNumber(a.score)
        if (score !== undefined) out.score = Math.fround(score)
        break
      }
      case 'explainScore':
        if (typeof a.explainScore === 'string') out.explainScore = a.explainScore
        break
      case 'creationTimeUnix': {
        const ms = asNumber(a.creationTimeUnix)
        if (ms !== undefined) out.creationTimeUnix = ms
        break
      }
      case 'lastUpdateTimeUnix': {
        const ms = asNumber(a.lastUpdateTimeUnix)
        if (ms !== undefined) out.lastUpdateTimeUnix = ms
        break
      }
      case 'isConsistent':
        if (typeof a.isConsistent === 'boolean') out.isConsistent = a.isConsistent
        break
    }
  }
  return out
}

const idOf = (item: Item): string => {
  const additional = item['_additional']
  const id = typeof additional === 'object' && additional !== null ? (additional as { id?: unknown }).id : undefined
  return typeof id === 'string' ? id : ''
}

/** A referenced object's metadata: the times asked for. */
const referenceMetadataOf = (target: Item, ref: ReferenceFields): SearchMetadata => {
  const additional = target['_additional']
  const a = (typeof additional === 'object' && additional !== null ? additional : {}) as { creationTimeUnix?: string | number | null; lastUpdateTimeUnix?: string | number | null }
  const out: { -readonly [K in keyof SearchMetadata]: SearchMetadata[K] } = {}
  for (const field of ref.metadata) {
    const ms = asNumber(a[field])
    if (ms !== undefined) out[field] = ms
  }
  return out
}

const referencesOf = (item: Item, references: readonly ReferenceFields[]): Record<string, RawObject[]> => {
  const out: Record<string, RawObject[]> = {}
  for (const ref of references) {
    const targets = item[ref.linkOn]
    out[ref.linkOn] = Array.isArray(targets)
      ? targets.map((target: Item): RawObject => ({
          className: ref.targetClassName,
          id: idOf(target),
          properties: propertiesOf(target, ref.fields),
          metadata: referenceMetadataOf(target, ref),
          ...(ref.references.length === 0 ? {} : { references: referencesOf(target, ref.references) }),
        }))
      : []
  }
  return out
}

/**
 * The result of a `Get` answer's data.
 */
export const getResult = (
  data: Readonly<Record<string, unknown>>,
  input: QueryInput<unknown>,
  fields: readonly FieldSelection[],
  references: readonly ReferenceFields[],
  res: HttpResponse,
): E.Either<DecodeError | UnexpectedStatusError, RawSearchResult> => {
  const get = data['Get']
  const items = decode(Items, typeof get === 'object' && get !== null ? (get as Record<string, unknown>)[input.className] : undefined, res)
  if (E.isLeft(items)) return items
  if (input.groupBy !== undefined) return groupsOf(items.right, input, fields, references, res)
  const objects: RawObject[] = []
  let generated: string | undefined
  let profile: string | undefined
  for (const item of items.right) {
    const o = objectOf(item, input, fields, references, res)
    if (E.isLeft(o)) return o
    objects.push(o.right.object)
    // The grouped task's text is on one object (the first before a rerank moved it).
    if (generated === undefined && o.right.grouped !== undefined && o.right.grouped !== '') generated = o.right.grouped
    if (profile === undefined && o.right.profile !== undefined) profile = o.right.profile
  }
  return completed({ objects }, generated, profile, res)
}

/** A result with the grouped task's text and the server's query profile (decoded here), when it has them. */
const completed = (
  result: { -readonly [K in keyof RawSearchResult]: RawSearchResult[K] },
  generated: string | undefined,
  profile: string | undefined,
  res: HttpResponse,
): E.Either<DecodeError, RawSearchResult> => {
  if (generated !== undefined) result.generated = generated
  if (profile === undefined) return E.right(result)
  const decoded = profileOf(profile, res)
  if (E.isLeft(decoded)) return decoded
  result.queryProfile = decoded.right
  return E.right(result)
}

/**
 * A generative module's error on an object: the search fails, as it does over gRPC (where the
 * server answers the whole search with the error).
 */
const generateError = (message: string, res: HttpResponse): UnexpectedStatusError =>
  new UnexpectedStatusError({ method: res.method, url: res.url, status: res.status, body: res.body, messages: [`generative search: ${message}`] })

const objectOf = (
  item: Item,
  input: QueryInput<unknown>,
  fields: readonly FieldSelection[],
  references: readonly ReferenceFields[],
  res: HttpResponse,
): E.Either<DecodeError | UnexpectedStatusError, { readonly object: RawObject; readonly grouped?: string; readonly profile?: string }> => {
  const additional = decode(Additional, item['_additional'] ?? {}, res)
  if (E.isLeft(additional)) return additional
  const a = additional.right
  const generate = input.generate === undefined ? undefined : a.generate
  if (typeof generate?.error === 'string' && generate.error !== '') return E.left(generateError(generate.error, res))
  const o: { -readonly [K in keyof RawObject]: RawObject[K] } = {
    className: input.className,
    id: a.id ?? '',
    properties: propertiesOf(item, fields),
    metadata: metadataOf(a, input),
  }
  if (input.vector && a.vector !== null && a.vector !== undefined && a.vector.length > 0) o.vector = vectorOf(a.vector, input.vectorFormat)
  if (input.vectorNames.length > 0 && a.vectors !== null && a.vectors !== undefined) {
    const vectors: Record<string, VectorOf<VectorFormat> | readonly VectorOf<VectorFormat>[]> = {}
    for (const [name, v] of Object.entries(a.vectors)) {
      if (v !== null) vectors[name] = isMultiVector(v) ? v.map((x) => vectorOf(x, input.vectorFormat)) : vectorOf(v, input.vectorFormat)
    }
    o.vectors = vectors
  }
  if (references.length > 0) o.references = referencesOf(item, references)
  if (input.generate?.singlePrompt !== undefined && typeof generate?.singleResult === 'string') o.generated = generate.singleResult
  const grouped = generate?.groupedResult
  const profile = input.queryProfile === true && typeof a.queryProfile === 'string' && a.queryProfile !== '' ? { profile: a.queryProfile } : {}
  return E.right(typeof grouped === 'string' ? { object: o, grouped, ...profile } : { object: o, ...profile })
}

const Group = t.type({
  _additional: t.type({
    group: t.type({
      groupedBy: t.type({ value: t.string }),
      count: t.number,
      minDistance: t.number,
      maxDistance: t.number,
      hits: t.union([t.null, t.readonlyArray(t.UnknownRecord)]),
    }),
  }),
})

/** A grouped answer: one item per group, nearest group first. */
const groupsOf = (
  items: readonly Item[],
  input: QueryInput<unknown>,
  fields: readonly FieldSelection[],
  references: readonly ReferenceFields[],
  res: HttpResponse,
): E.Either<DecodeError | UnexpectedStatusError, RawSearchResult> => {
  const groups: Record<string, SearchGroup<Record<string, JsonValue>, VectorOf<VectorFormat>>> = {}
  let generated: string | undefined
  let profile: string | undefined
  for (const item of items) {
    const decoded = decode(Group, item, res)
    if (E.isLeft(decoded)) return decoded
    const g = decoded.right._additional.group
    const objects: RawObject[] = []
    for (const hit of g.hits ?? []) {
      const o = objectOf(hit, input, fields, references, res)
      if (E.isLeft(o)) return o
      objects.push(o.right.object)
    }
    const name = g.groupedBy.value
    const group: { -readonly [K in keyof RawGroup]: RawGroup[K] } = { name, minDistance: Math.fround(g.minDistance), maxDistance: Math.fround(g.maxDistance), numberOfObjects: g.count, objects }
    if (input.generate !== undefined || input.rerank !== undefined || input.queryProfile === true) {
      const additional = decode(Additional, item['_additional'], res)
      if (E.isLeft(additional)) return additional
      const a = additional.right
      const generate = input.generate === undefined ? undefined : a.generate
      if (typeof generate?.error === 'string' && generate.error !== '') return E.left(generateError(generate.error, res))
      if (input.generate?.singlePrompt !== undefined && typeof generate?.singleResult === 'string') group.generated = generate.singleResult
      // The grouped task's text is on one group (the first before a rerank moved it).
      if (generated === undefined && typeof generate?.groupedResult === 'string' && generate.groupedResult !== '') generated = generate.groupedResult
      const score = input.rerank === undefined ? undefined : a.rerank?.[0]?.score
      if (typeof score === 'number') group.rerankScore = score
      if (profile === undefined && input.queryProfile === true && typeof a.queryProfile === 'string' && a.queryProfile !== '') profile = a.queryProfile
    }
    groups[name] = group
  }
  return completed({ objects: Object.values(groups).flatMap((g) => g.objects), groups }, generated, profile, res)
}

type RawGroup = SearchGroup<Record<string, JsonValue>, VectorOf<VectorFormat>>
