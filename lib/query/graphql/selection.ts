/**
 * The GraphQL selection of a query's properties. GraphQL has no "every property", and geo
 * coordinates, phone numbers and object properties need sub-selections, so the selection is made
 * from the class definition: by default every property that is not a reference or a blob (what
 * gRPC returns by default), object properties with all their nested properties.
 *
 * @packageDocumentation
 */
import { isReferenceProperty, type ClassDefinition, type PropertyDefinition } from '../../codecs/class-definition'
import type { ReferenceMetadataField } from '../args'
import type { PropertySelection, QueryInput, ReferenceSelection } from '../input'

/**
 * A property to select and how its value reads back.
 */
export interface FieldSelection {
  readonly name: string
  readonly kind: 'plain' | 'geo' | 'phone' | 'object'
  readonly nested?: readonly FieldSelection[]
}

/**
 * A followed reference: the property, its target class, the target's properties and metadata, and
 * the target's own references to follow.
 */
export interface ReferenceFields {
  readonly linkOn: string
  readonly targetClassName: string
  readonly fields: readonly FieldSelection[]
  readonly metadata: readonly ReferenceMetadataField[]
  readonly references: readonly ReferenceFields[]
}

const kindOf = (p: PropertyDefinition | undefined): FieldSelection['kind'] => {
  switch (p?.dataType[0]) {
    case 'geoCoordinates':
      return 'geo'
    case 'phoneNumber':
      return 'phone'
    case 'object':
    case 'object[]':
      return 'object'
    default:
      return 'plain'
  }
}

const all = (properties: readonly PropertyDefinition[]): FieldSelection[] =>
  properties.filter((p) => !isReferenceProperty(p) && p.dataType[0] !== 'blob').map((p) => field(p, undefined))

const field = (p: PropertyDefinition, asked: readonly PropertySelection[] | undefined): FieldSelection => {
  const kind = kindOf(p)
  if (kind !== 'object') return { name: p.name, kind }
  const nested = p.nestedProperties ?? []
  return { name: p.name, kind, nested: asked === undefined ? all(nested) : named(nested, asked) }
}

const named = (definitions: readonly PropertyDefinition[], asked: readonly PropertySelection[]): FieldSelection[] =>
  asked.map((a) => {
    const p = definitions.find((d) => d.name === a.name)
    // A name the class lacks is selected as it is: the server's answer names it.
    return p === undefined ? { name: a.name, kind: 'plain' } : field(p, a.nested)
  })

/**
 * The fields of a class to select: the asked ones, or every non-reference, non-blob property.
 */
export const fieldsOf = (definition: ClassDefinition | null, asked: readonly PropertySelection[] | undefined): readonly FieldSelection[] => {
  const properties = definition?.properties ?? []
  return asked === undefined ? all(properties) : named(properties, asked)
}

/** The definition of a class by name, when known. */
export type ClassLookup = (className: string) => ClassDefinition | null

const referenceFields = (definition: ClassDefinition | null, ref: ReferenceSelection, classOf: ClassLookup): ReferenceFields => {
  const targetClassName = ref.targetClassName ?? definition?.properties?.find((p) => p.name === ref.linkOn)?.dataType[0] ?? ref.linkOn
  const target = classOf(targetClassName)
  return {
    linkOn: ref.linkOn,
    targetClassName,
    fields: named(target?.properties ?? [], ref.properties),
    metadata: ref.metadata,
    references: ref.references.map((nested) => referenceFields(target, nested, classOf)),
  }
}

/**
 * The references to follow, each target class from the definition of the class that holds the
 * reference when not given (`classOf` knows the classes beyond the searched one, for nested
 * references).
 */
export const referencesOf = (definition: ClassDefinition | null, input: QueryInput<unknown>, classOf: ClassLookup = () => null): readonly ReferenceFields[] =>
  input.references.map((ref) => referenceFields(definition, ref, classOf))

const PHONE = 'input internationalFormatted countryCode national nationalFormatted valid defaultCountry'

/**
 * The selection text of fields.
 */
export const selectionText = (fields: readonly FieldSelection[]): string =>
  fields
    .map((f) => {
      switch (f.kind) {
        case 'plain':
          return f.name
        case 'geo':
          return `${f.name} { latitude longitude }`
        case 'phone':
          return `${f.name} { ${PHONE} }`
        case 'object':
          return `${f.name} { ${selectionText(f.nested ?? [])} }`
      }
    })
    .join(' ')
