/**
 * The data object as the server returns it, and its normalised form. Codecs are not exact: the
 * server adds fields between versions and they must not break decoding.
 *
 * @packageDocumentation
 */
import * as t from 'io-ts'

/**
 * Named vectors as the server returns them: by vector name, a vector, or a multi-vector's list of
 * vectors (a named vector whose index has `multivector` enabled, Weaviate 1.29+). `V` is the type
 * of one vector: numbers, or a `Float32Array` where `vectorFormat: 'float32'` was asked for. What a
 * read gives can be written back as it is (`NamedVectorsInput` takes both shapes).
 *
 * @example
 * ```ts
 * const vectors: NamedVectors = { title: [0.1, 0.2], colbert: [[0.1, 0.2], [0.3, 0.4]] }
 * ```
 */
export type NamedVectors<V = readonly number[]> = Readonly<Record<string, V | ReadonlyArray<V>>>

/** REST's `vectors`: a vector (`number[]`) or a multi-vector (`number[][]`) by name. */
const RawNamedVectors = t.record(t.string, t.union([t.array(t.number), t.array(t.array(t.number))]))

/** The raw object of `GET /v1/objects/...` (every field but `class` and `id` is omitempty). */
const RawObjectShape = t.intersection([
  t.type({ class: t.string, id: t.string }),
  t.partial({
    properties: t.UnknownRecord,
    additional: t.UnknownRecord,
    vectorWeights: t.union([t.null, t.UnknownRecord]),
    creationTimeUnix: t.number,
    lastUpdateTimeUnix: t.number,
    vector: t.array(t.number),
    vectors: RawNamedVectors,
    tenant: t.string,
  }),
])

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u)
const optionalOf = (u: unknown, check: (v: unknown) => boolean): boolean => u === undefined || check(u)
// Plain loops (no callback per number): a streamed object's vectors are checked number by number.
const isNumberArray = (u: unknown): boolean => {
  if (!Array.isArray(u)) return false
  for (let i = 0; i < u.length; i++) if (typeof u[i] !== 'number') return false
  return true
}
const isVectorOrMultiVector = (u: unknown): boolean => {
  if (!Array.isArray(u)) return false
  if (u.length === 0 || typeof u[0] === 'number') return isNumberArray(u)
  for (let i = 0; i < u.length; i++) if (!isNumberArray(u[i])) return false
  return true
}
const isNamedVectors = (u: unknown): boolean => {
  if (!isRecord(u)) return false
  for (const key in u) if (!isVectorOrMultiVector(u[key])) return false
  return true
}

/**
 * The same check as the io-ts shape, written out: objects arrive by the hundred thousand when a
 * class is streamed, and io-ts's intersection copies every object. A value that fails it is run
 * through the io-ts shape for a precise error report.
 */
const isRawObject = (u: unknown): u is t.TypeOf<typeof RawObjectShape> =>
  isRecord(u) &&
  typeof u['class'] === 'string' &&
  typeof u['id'] === 'string' &&
  optionalOf(u['properties'], isRecord) &&
  optionalOf(u['additional'], isRecord) &&
  optionalOf(u['vectorWeights'], (v) => v === null || isRecord(v)) &&
  optionalOf(u['creationTimeUnix'], (v) => typeof v === 'number') &&
  optionalOf(u['lastUpdateTimeUnix'], (v) => typeof v === 'number') &&
  optionalOf(u['vector'], isNumberArray) &&
  optionalOf(u['vectors'], isNamedVectors) &&
  optionalOf(u['tenant'], (v) => typeof v === 'string')

/** Codec of a raw object: the fast check above, with the io-ts shape's report on failure. */
export const RawObject = new t.Type<t.TypeOf<typeof RawObjectShape>, t.TypeOf<typeof RawObjectShape>, unknown>(
  'RawObject',
  isRawObject,
  (u, c) => (isRawObject(u) ? t.success(u) : RawObjectShape.validate(u, c)),
  t.identity,
)
export type RawObject = t.TypeOf<typeof RawObject>

/**
 * A data object. `P` is the type of its properties: `Record<string, unknown>` by default, or the
 * type of the io-ts codec given as `codec`.
 *
 * @example
 * ```ts
 * const Article = t.type({ title: t.string })
 * client.objects.getById({ className: 'Article', uuid, codec: Article })
 * // ObservableEither<WeaviateError, WeaviateObject<{ title: string }> | null>
 * ```
 */
export interface WeaviateObject<P = Record<string, unknown>, V = readonly number[]> {
  readonly class: string
  readonly id: string
  readonly properties: P
  /** Extra properties that were requested; `{}` when none. */
  readonly additional: Readonly<Record<string, unknown>>
  /** Always null for the objects shown by the interface. */
  readonly vectorWeights: Readonly<Record<string, unknown>> | null
  /** Unix time in milliseconds; may be absent after a replace. */
  readonly creationTimeUnix?: number
  readonly lastUpdateTimeUnix?: number
  /**
   * Present only when the read asked for it (`withVector: true`) and the object has one; a
   * `Float32Array` when a stream asked for `vectorFormat: 'float32'`.
   */
  readonly vector?: V
  /**
   * Present only when the read asked for them and the object has named vectors: a vector or a
   * multi-vector (a list of vectors) by name, each vector in the format of `vector`.
   */
  readonly vectors?: NamedVectors<V>
  readonly tenant?: string
}

/** The fields of a raw object `normaliseObject` reads, its vector of type `V`. */
export type RawObjectOf<V> = Omit<RawObject, 'vector' | 'vectors' | 'properties'> & { readonly vector?: V; readonly vectors?: NamedVectors<V> }

/** The normalised object with its properties decoded to `P`. */
export const normaliseObject = <P, V = readonly number[]>(raw: RawObjectOf<V>, properties: P): WeaviateObject<P, V> => {
  // Field by field, not `{ ...raw, properties, ... }`: on JSON.parse'd objects that spread costs
  // many times this, and a class stream decodes 100,000s of them (docs/decisions/0011-hot-loop-code-shapes.md).
  const o: { -readonly [K in keyof WeaviateObject<P, V>]: WeaviateObject<P, V>[K] } = {
    class: raw.class,
    id: raw.id,
    properties,
    additional: raw.additional ?? {},
    vectorWeights: raw.vectorWeights ?? null,
  }
  if (raw.creationTimeUnix !== undefined) o.creationTimeUnix = raw.creationTimeUnix
  if (raw.lastUpdateTimeUnix !== undefined) o.lastUpdateTimeUnix = raw.lastUpdateTimeUnix
  if (raw.vector !== undefined) o.vector = raw.vector
  if (raw.vectors !== undefined) o.vectors = raw.vectors
  if (raw.tenant !== undefined) o.tenant = raw.tenant
  return o
}
