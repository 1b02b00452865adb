/**
 * The checked inputs of the schema operations (their optional last argument is checked by
 * `callInput`, `lib/context/context.ts`).
 *
 * @packageDocumentation
 */
import type { CallOptions } from '../context/context'
import type { ClassDefinition, PropertyDefinition } from '../codecs/class-definition'

/** The checked input of an operation on one class: its name and the per-call options. */
export interface ClassInput {
  readonly className: string
  readonly call: CallOptions
}

/** The checked input of `createClass` and `updateClass`: a copy of the definition. */
export interface DefinitionInput {
  readonly definition: ClassDefinition
  readonly call: CallOptions
}

/** The checked input of `addProperty`. */
export interface PropertyInput extends ClassInput {
  readonly property: PropertyDefinition
}
