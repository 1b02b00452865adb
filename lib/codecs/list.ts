/**
 * The list envelope of `GET /v1/objects`: `{ objects, totalResults?, deprecations }`.
 *
 * @packageDocumentation
 */
import * as t from 'io-ts'

/** Only `objects` matters; each element is decoded on its own so errors name the index. */
const ListResponseShape = t.intersection([t.type({ objects: t.array(t.unknown) }), t.partial({ totalResults: t.number })])

/**
 * The same check written out: io-ts's `t.array(t.unknown)` validates (and allocates for) every
 * element of a page, which a stream does for every object. A value that fails it is run through
 * the io-ts shape for a precise report.
 */
const isListResponse = (u: unknown): u is t.TypeOf<typeof ListResponseShape> => {
  if (typeof u !== 'object' || u === null) return false
  const { objects, totalResults } = u as Record<string, unknown>
  return Array.isArray(objects) && (totalResults === undefined || typeof totalResults === 'number')
}

/** Codec of the list envelope: the fast check above, with the io-ts shape's report on failure. */
export const ListResponse = new t.Type<t.TypeOf<typeof ListResponseShape>, t.TypeOf<typeof ListResponseShape>, unknown>(
  'ListResponse',
  isListResponse,
  (u, c) => (isListResponse(u) ? t.success(u) : ListResponseShape.validate(u, c)),
  t.identity,
)
export type ListResponse = t.TypeOf<typeof ListResponse>
