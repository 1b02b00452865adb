/**
 * A class definition under another name (a copy into `--to-class`, an import into `--class`),
 * where references to the class itself follow the rename.
 *
 * @packageDocumentation
 */
import type { ClassDefinition } from '../../index'

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
