/**
 * What the command reads from a class definition: its reference properties, and the definition
 * under another name (a copy into `--to-class`), where references to the class itself follow the
 * rename.
 *
 * @packageDocumentation
 */
import { ClassDefinition } from '../codecs/class-definition'

/** Primitive data types are lower-case (`text`, `int[]`, `geoCoordinates`); class names are not. */
const isClassName = (dataType: string): boolean => /^[A-Z]/.test(dataType)

/**
 * The names of the properties whose data type is one or more classes.
 *
 * @example
 * ```ts
 * referenceProperties({ class: 'Article', properties: [{ name: 'writtenBy', dataType: ['Author'] }] }) // ['writtenBy']
 * ```
 */
export const referenceProperties = (definition: ClassDefinition): readonly string[] =>
  (definition.properties ?? []).filter((p) => p.dataType.some(isClassName)).map((p) => p.name)

/**
 * The definition named `to`; reference data types naming the class itself are renamed too.
 *
 * @example
 * ```ts
 * renameClass({ class: 'Page', properties: [{ name: 'next', dataType: ['Page'] }] }, 'PageCopy')
 * // { class: 'PageCopy', properties: [{ name: 'next', dataType: ['PageCopy'] }] }
 * ```
 */
export const renameClass = (definition: ClassDefinition, to: string): ClassDefinition => {
  const from = definition.class
  if (from === to) return definition
  return {
    ...definition,
    class: to,
    ...(definition.properties === undefined || definition.properties === null
      ? {}
      : { properties: definition.properties.map((p) => ({ ...p, dataType: p.dataType.map((t) => (t === from ? to : t)) })) }),
  }
}

/**
 * A guard for a class definition read from a file (the export's header line): the library's own
 * codec.
 *
 * @example
 * ```ts
 * if (isClassDefinition(header.schema)) await lib.createClass(header.schema)
 * ```
 */
export const isClassDefinition = (u: unknown): u is ClassDefinition => ClassDefinition.is(u)
