/**
 * The list envelope of `GET /v1/objects`: `{ objects, totalResults?, deprecations }`.
 *
 * @packageDocumentation
 */
import * as t from 'io-ts'

/** Only `objects` matters; each element is decoded on its own so errors name the index. */
export const ListResponse = t.intersection([
  t.type({ objects: t.array(t.unknown) }),
  t.partial({ totalResults: t.number }),
])
export type ListResponse = t.TypeOf<typeof ListResponse>
