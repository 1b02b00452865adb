/**
 * The content `verify` compares: an object's id, properties, vector and named vectors (multi-vectors
 * included), as canonical JSON (keys sorted at every level) hashed with SHA-256. Class names are taken out: the class itself and
 * references to it (`weaviate://localhost/<Class>/<id>`) read the same under another name, and a
 * reference's `href` (derived from its beacon) is left out.
 *
 * @packageDocumentation
 */
import { createHash } from 'node:crypto'
import { parseBeacon } from '../../index'

/**
 * JSON with object keys sorted at every level.
 *
 * @example
 * ```ts
 * canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] }) // '{"a":[{"c":3,"d":2}],"b":1}'
 * ```
 */
export const canonicalJson = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>
    const keys = Object.keys(record)
      .filter((k) => record[k] !== undefined)
      .sort()
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

const SELF = '<self>'

/** A reference entry without `href`, its beacon's class replaced by `<self>` when it is `self`. */
const canonicalReferences = (value: unknown, self: string): unknown => {
  if (!Array.isArray(value)) return value
  return value.map((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null || typeof (entry as { beacon?: unknown }).beacon !== 'string') return entry
    const { beacon, href: _href, ...rest } = entry as { beacon: string; href?: unknown }
    const parsed = parseBeacon(beacon)
    if (parsed === undefined) return { beacon, ...rest }
    return { ...rest, beacon: `weaviate://localhost/${parsed.className === self ? SELF : (parsed.className ?? '')}/${parsed.uuid}` }
  })
}

/**
 * The hash of an object's class-independent content.
 *
 * @example
 * ```ts
 * contentHash({ id, properties: { title: 'x' }, vector: [0.1] }, 'Article', ['writtenBy'])
 * ```
 */
export const contentHash = (
  object: {
    readonly id: string
    readonly properties: Readonly<Record<string, unknown>>
    readonly vector?: readonly number[]
    readonly vectors?: Readonly<Record<string, unknown>>
  },
  className: string,
  referenceProperties: readonly string[],
): string => {
  const properties: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(object.properties)) {
    properties[key] = referenceProperties.includes(key) ? canonicalReferences(value, className) : value
  }
  const content = { id: object.id, properties, vector: object.vector ?? null, vectors: object.vectors ?? null }
  return createHash('sha256').update(canonicalJson(content)).digest('hex')
}
