/**
 * The reference properties of a class, and splitting an object's properties into plain values and
 * references. Objects are written without their references first (the server refuses a reference
 * to an object it does not have yet), and the references are added in a second pass once every
 * object is there.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { isReferenceProperty, referencesOf, type ClassDefinition } from '../../index'

/**
 * The references of one property of one object, targets in order.
 *
 * @example
 * ```ts
 * const refs: PropertyReferences = { property: 'writtenBy', targets: [{ className: 'Author', uuid }] }
 * ```
 */
export interface PropertyReferences {
  readonly property: string
  readonly targets: ReadonlyArray<{ readonly className: string | undefined; readonly uuid: string }>
}

/**
 * The names of the properties whose data type is one or more classes.
 *
 * @example
 * ```ts
 * referenceProperties({ class: 'Article', properties: [{ name: 'writtenBy', dataType: ['Author'] }] }) // ['writtenBy']
 * ```
 */
export const referenceProperties = (definition: ClassDefinition): readonly string[] =>
  (definition.properties ?? []).filter(isReferenceProperty).map((p) => p.name)

/**
 * The properties without the reference properties.
 *
 * @example
 * ```ts
 * withoutReferences({ title: 'x', writtenBy: [{ beacon }] }, ['writtenBy']) // { title: 'x' }
 * ```
 */
export const withoutReferences = (
  properties: Readonly<Record<string, unknown>>,
  referenceProperties: readonly string[],
): Readonly<Record<string, unknown>> => {
  if (referenceProperties.length === 0) return properties
  const plain: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(properties)) if (!referenceProperties.includes(key)) plain[key] = value
  return plain
}

/**
 * The non-empty reference properties of an object; a property that does not hold reference
 * entries is a `Left` with the reason.
 *
 * @example
 * ```ts
 * referencesIn({ properties: { writtenBy: [{ beacon: 'weaviate://localhost/Author/…' }] } }, ['writtenBy'])
 * ```
 */
export const referencesIn = (
  object: { readonly properties: unknown },
  referenceProperties: readonly string[],
): E.Either<string, readonly PropertyReferences[]> => {
  const found: PropertyReferences[] = []
  for (const property of referenceProperties) {
    const parsed = referencesOf(object, property)
    if (E.isLeft(parsed)) return parsed
    if (parsed.right.length > 0) found.push({ property, targets: parsed.right.map((r) => ({ className: r.className, uuid: r.uuid })) })
  }
  return E.right(found)
}

/**
 * A target's class on the destination: references to the source class itself point to the
 * destination class (a copy under `--to-class`); a beacon without class keeps the property's.
 *
 * @example
 * ```ts
 * targetClass('Page', 'PageCopy', 'Page') // 'PageCopy'
 * ```
 */
export const targetClass = (className: string | undefined, sourceClass: string, destinationClass: string): string | undefined =>
  className === sourceClass ? destinationClass : className
