/**
 * One NDJSON input line of `import`: the export's schema header, or an object as weaviate-rx
 * returns it (`class`, `id`, `properties`, `vector`, `vectors`, `tenant`; other fields are ignored).
 *
 * @packageDocumentation
 */
import type { ClassDefinition, NamedVectorsInput } from '../../index'

/**
 * An object read from the input.
 *
 * @example
 * ```ts
 * const o: InputObject = { id: '36ddd591-2dee-4e7e-a3cc-eb86d30a4303', properties: { title: 'x' } }
 * ```
 */
export interface InputObject {
  readonly id?: string
  readonly className?: string
  readonly properties: Readonly<Record<string, unknown>>
  readonly vector?: readonly number[]
  /** Named vectors and multi-vectors; `objects.batch` checks their shapes (a bad one fails its object). */
  readonly vectors?: NamedVectorsInput
  readonly tenant?: string
}

/**
 * What a line holds: the schema header, an object, or why it is neither.
 *
 * @example
 * ```ts
 * const kind = classifyLine(JSON.parse(text))
 * if (kind._tag === 'Invalid') console.error(kind.reason)
 * ```
 */
export type InputLine =
  | { readonly _tag: 'Schema'; readonly schema: ClassDefinition }
  | { readonly _tag: 'Object'; readonly object: InputObject }
  | { readonly _tag: 'Invalid'; readonly reason: string }

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u)

/**
 * What the command reads of a schema line: a class name and properties with a name and data
 * types. The server checks the rest when the class is created.
 */
const isClassDefinition = (u: unknown): u is ClassDefinition =>
  isRecord(u) &&
  typeof u['class'] === 'string' &&
  (u['properties'] === undefined ||
    u['properties'] === null ||
    (Array.isArray(u['properties']) &&
      u['properties'].every((p: unknown) => isRecord(p) && typeof p['name'] === 'string' && Array.isArray(p['dataType']) && p['dataType'].every((t) => typeof t === 'string'))))

/**
 * Classifies a parsed line.
 *
 * @example
 * ```ts
 * classifyLine({ schema: { class: 'Article' } }) // { _tag: 'Schema', schema: { class: 'Article' } }
 * ```
 */
export const classifyLine = (value: unknown): InputLine => {
  if (!isRecord(value)) return { _tag: 'Invalid', reason: 'not a JSON object' }
  if ('schema' in value) {
    return isClassDefinition(value['schema'])
      ? { _tag: 'Schema', schema: value['schema'] }
      : { _tag: 'Invalid', reason: "'schema' is not a class definition" }
  }
  const { id, class: className, properties, vector, vectors, tenant } = value
  if (id !== undefined && typeof id !== 'string') return { _tag: 'Invalid', reason: "'id' is not a string" }
  if (className !== undefined && typeof className !== 'string') return { _tag: 'Invalid', reason: "'class' is not a string" }
  if (properties !== undefined && properties !== null && !isRecord(properties)) return { _tag: 'Invalid', reason: "'properties' is not an object" }
  if (vector !== undefined && vector !== null && !(Array.isArray(vector) && vector.every((x) => typeof x === 'number'))) {
    return { _tag: 'Invalid', reason: "'vector' is not an array of numbers" }
  }
  if (vectors !== undefined && vectors !== null && !isRecord(vectors)) return { _tag: 'Invalid', reason: "'vectors' is not an object" }
  if (tenant !== undefined && tenant !== null && typeof tenant !== 'string') return { _tag: 'Invalid', reason: "'tenant' is not a string" }
  return {
    _tag: 'Object',
    object: {
      properties: isRecord(properties) ? properties : {},
      ...(id === undefined ? {} : { id }),
      ...(className === undefined ? {} : { className }),
      ...(Array.isArray(vector) ? { vector } : {}),
      ...(isRecord(vectors) ? { vectors: vectors as NamedVectorsInput } : {}),
      ...(typeof tenant === 'string' ? { tenant } : {}),
    },
  }
}
