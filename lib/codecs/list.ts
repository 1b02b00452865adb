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

/** `"id":"` followed by a UUID's 36 characters and the closing quote. */
const ID_KEY = '"id":"'
const UUID_CHARS = 36
const QUOTE = 0x22
const BACKSLASH = 0x5c
/** The envelope's count of the page's objects, written after them (absent on an empty page). */
const TOTAL_KEY = '"totalResults":'

/**
 * The last object's id of a full list page (`totalResults` is `pageSize`), read from the answer's
 * text before it is parsed, or `undefined`. The server writes the envelope's `totalResults` (the
 * page's length) after the objects, and an object's `id` before its properties and vectors, so
 * the last `"id":"…"` of UUID length before it is the last object's id, unless that object holds
 * a nested object with such an `id` (a string's own quotes are escaped, so text in a value cannot
 * match). A guess to act on early: the caller checks it against the parsed page. The id is a string
 * of its own: a slice of the text would keep the whole page's text alive as long as the cursor and
 * the next request's URL live.
 *
 * @example
 * ```ts
 * fullPageLastId('{"objects":[{"class":"A","id":"00000000-0000-4000-8000-000000000001","properties":{}}],"totalResults":1}', 1)
 * // '00000000-0000-4000-8000-000000000001'
 * ```
 */
export const fullPageLastId = (text: string, pageSize: number): string | undefined => {
  const total = text.lastIndexOf(TOTAL_KEY)
  if (total < 0 || Number.parseInt(text.slice(total + TOTAL_KEY.length, total + TOTAL_KEY.length + 12), 10) !== pageSize) return undefined
  const at = text.lastIndexOf(ID_KEY, total)
  if (at < 0) return undefined
  const from = at + ID_KEY.length
  if (text.charCodeAt(from + UUID_CHARS) !== QUOTE) return undefined
  // Only a string with no quote or backslash among its 36 characters is an id (else the closing
  // quote is another string's, or escaped). Checked on the text, not on a slice given to a RegExp,
  // which keeps its last input (and a slice its text) alive.
  for (let i = from; i < from + UUID_CHARS; i++) {
    const c = text.charCodeAt(i)
    if (c === QUOTE || c === BACKSLASH) return undefined
  }
  return JSON.parse(text.slice(from - 1, from + UUID_CHARS + 1)) as string
}
