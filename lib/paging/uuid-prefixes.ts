/**
 * UUID prefixes: the id space cut at hex digits, `''` (every id) to a whole UUID. A prefix is
 * lower-case and never ends in a dash; its children are the 16 prefixes one hex digit longer, in
 * ascending order, so a depth-first walk of the children visits ids in ascending order.
 *
 * @packageDocumentation
 */

const HEX = '0123456789abcdef'
/** The length of a UUID's text form, `8-4-4-4-12`. */
export const UUID_LENGTH = 36
const DASHES: ReadonlySet<number> = new Set([8, 13, 18, 23])

/**
 * The 16 prefixes one hex digit longer than `prefix`, ascending (a dash is passed over).
 */
export const prefixChildren = (prefix: string): string[] => {
  const stem = DASHES.has(prefix.length) ? `${prefix}-` : prefix
  return [...HEX].map((digit) => stem + digit)
}

/**
 * True when `prefix` is a whole UUID: it has no children.
 */
export const isWholeUuid = (prefix: string): boolean => prefix.length >= UUID_LENGTH

/**
 * True when every id under `prefix` sorts at or before `after` (compared lower-case): the prefix
 * has nothing after that cursor.
 */
export const prefixBefore = (prefix: string, after: string | undefined): boolean =>
  after !== undefined && prefix < after.toLowerCase().slice(0, prefix.length)

/**
 * The `Like` patterns that match the ids under `prefix`. Weaviate indexes an id as the text it
 * was imported with (upper-case ids stay upper-case in the id index, from 1.13 to 1.39 at least)
 * and `Like` compares case-sensitively, so a prefix with hex letters also takes its upper-case
 * form. An id that mixes cases is matched by neither.
 */
export const likePatterns = (prefix: string): string[] => {
  const upper = prefix.toUpperCase()
  return upper === prefix ? [`${prefix}*`] : [`${prefix}*`, `${upper}*`]
}
