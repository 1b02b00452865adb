/**
 * UUID inputs: a canonical or 32-hex UUID in any case (braces and `urn:uuid:` tolerated), or a URL
 * or beacon that ends in an object address (`weaviate://localhost/[Class/]<uuid>`,
 * `http(s)://host/v1/objects/[Class/]<uuid>`). Always normalised to lower-case canonical form.
 *
 * @packageDocumentation
 */
import { splitBeacon } from '../server/routes'
import { string, valueError } from './check'

const HEX32 = /^[0-9a-f]{32}$/i
const DASHED_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
/** 8-4-4-4-12 in either case. */
const DASHED = new RegExp(DASHED_PATTERN, 'i')
/** Already lower-case canonical 8-4-4-4-12: the spelling the server returns and most inputs have. */
const CANONICAL = new RegExp(DASHED_PATTERN)

/** Parses a bare UUID spelling to lower-case canonical 8-4-4-4-12, or undefined. */
export const canonicalUuid = (raw: string): string | undefined => {
  if (CANONICAL.test(raw)) return raw
  let s = raw.trim()
  if (s.toLowerCase().startsWith('urn:uuid:')) s = s.slice('urn:uuid:'.length)
  if (s.startsWith('{') && s.endsWith('}')) s = s.slice(1, -1)
  const dashed = DASHED.test(s)
  const hex = dashed ? s.replace(/-/g, '') : s
  if (!HEX32.test(hex)) return undefined
  const h = hex.toLowerCase()
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

/** The trailing UUID of a beacon (`weaviate://host/[Class/]uuid`) or object URL (`.../v1/objects/[Class/]uuid`). */
const uuidOfObjectAddress = (s: string): string | undefined => {
  const beacon = splitBeacon(s)
  if (beacon !== undefined) return canonicalUuid(beacon.uuid)
  const parts = s.split('/v1/')
  const tail = parts.length === 2 ? parts[1] : undefined
  const object = tail === undefined ? null : /^objects\/(?:[A-Za-z][_0-9A-Za-z]*\/)?([^/?#]+)$/.exec(tail)
  return object?.[1] === undefined ? undefined : canonicalUuid(object[1])
}

/**
 * Checks a UUID argument and returns it normalised.
 */
export const uuid = (argument: string, value: unknown): string => {
  const s = string(argument, value)
  return (
    canonicalUuid(s) ??
    uuidOfObjectAddress(s) ??
    valueError(argument, `Not valid '${argument}' or '${argument}' can not be extracted from value`)
  )
}
