/**
 * The data object as the server returns it, and its normalised form. Codecs are not exact: the
 * server adds fields between versions and they must not break decoding.
 *
 * @packageDocumentation
 */
import * as t from 'io-ts'

/** The raw object of `GET /v1/objects/...` (every field but `class` and `id` is omitempty). */
export const RawObject = t.intersection([
  t.type({ class: t.string, id: t.string }),
  t.partial({
    properties: t.UnknownRecord,
    additional: t.UnknownRecord,
    vectorWeights: t.union([t.null, t.UnknownRecord]),
    creationTimeUnix: t.number,
    lastUpdateTimeUnix: t.number,
    vector: t.array(t.number),
    vectors: t.UnknownRecord,
    tenant: t.string,
  }),
])
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
export interface WeaviateObject<P = Record<string, unknown>> {
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
  /** Present only when the read asked for it (`withVector: true`) and the object has one. */
  readonly vector?: readonly number[]
  readonly vectors?: Readonly<Record<string, unknown>>
  readonly tenant?: string
}

/** The normalised object with its properties decoded to `P`. */
export const normaliseObject = <P>(raw: RawObject, properties: P): WeaviateObject<P> => ({
  ...raw,
  properties,
  additional: raw.additional ?? {},
  vectorWeights: raw.vectorWeights ?? null,
})
