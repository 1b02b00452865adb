/**
 * Reference entries, the elements of a reference property's array, and a reader that decodes a
 * property of an object as such entries with their class and UUID parsed out of the beacon.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import * as t from 'io-ts'
import { canonicalUuid } from '../input/uuid'
import { splitBeacon } from '../server/routes'

/**
 * One reference as the server returns it: `{ beacon, href }`.
 */
export const ReferenceEntry = t.intersection([t.type({ beacon: t.string }), t.partial({ href: t.string })])
export type ReferenceEntry = t.TypeOf<typeof ReferenceEntry>

/**
 * A reference entry with the target's class (when the beacon names it) and UUID.
 *
 * @example
 * ```ts
 * const ref: ParsedReference = {
 *   beacon: 'weaviate://localhost/Author/36ddd591-2dee-4e7e-a3cc-eb86d30a4303',
 *   href: '/v1/objects/Author/36ddd591-2dee-4e7e-a3cc-eb86d30a4303',
 *   className: 'Author',
 *   uuid: '36ddd591-2dee-4e7e-a3cc-eb86d30a4303',
 * }
 * ```
 */
export interface ParsedReference extends ReferenceEntry {
  readonly className: string | undefined
  readonly uuid: string
}


/**
 * Parses a beacon into class and UUID; undefined when it is not an object beacon.
 *
 * @example
 * ```ts
 * parseBeacon('weaviate://localhost/Author/36ddd591-2dee-4e7e-a3cc-eb86d30a4303')
 * // { className: 'Author', uuid: '36ddd591-2dee-4e7e-a3cc-eb86d30a4303' }
 * ```
 */
export const parseBeacon = (beacon: string): { className: string | undefined; uuid: string } | undefined => {
  const parts = splitBeacon(beacon)
  const uuid = parts === undefined ? undefined : canonicalUuid(parts.uuid)
  return uuid === undefined ? undefined : { className: parts?.className, uuid }
}

/**
 * Reads a reference property of an object: `right([])` when the property is absent, a `left`
 * with a short reason when it is not an array of reference entries.
 *
 * @example
 * ```ts
 * const article = { properties: { writtenBy: [{ beacon: `weaviate://localhost/Author/${authorId}` }] } }
 * referencesOf(article, 'writtenBy') // right([{ beacon, href, className: 'Author', uuid: authorId }])
 * ```
 */
export const referencesOf = (
  object: { readonly properties: unknown },
  property: string,
): E.Either<string, readonly ParsedReference[]> => {
  const props = object.properties
  const value = typeof props === 'object' && props !== null ? (props as Record<string, unknown>)[property] : undefined
  if (value === undefined || value === null) return E.right([])
  if (!Array.isArray(value)) return E.left(`property '${property}' is not an array`)
  const parsed: ParsedReference[] = []
  for (const [i, entry] of value.entries()) {
    if (!ReferenceEntry.is(entry)) return E.left(`${property}[${i}] is not a reference entry`)
    const target = parseBeacon(entry.beacon)
    if (target === undefined) return E.left(`${property}[${i}] has a malformed beacon`)
    parsed.push({ ...entry, ...target })
  }
  return E.right(parsed)
}
