/**
 * The checked input shared by the operations on a property index's task (`rebuild-index.ts`,
 * `cancel-index-rebuild.ts`): the class, the property and the index.
 *
 * @packageDocumentation
 */
import { PROPERTY_INDEX_TYPES, PropertyIndexType } from '../codecs/index-status'
import { oneOf } from '../input/check'
import { className, propertyName } from '../input/names'
import { ClassInput } from './call-input'

/** The checked input of an operation on one property index's task. */
export interface IndexTaskInput extends ClassInput {
  readonly property: string
  readonly index: PropertyIndexType
}

/** The class, property and index checked; the call options are the operation's own. */
export const indexTaskInput = (name: string, property: string, index: PropertyIndexType): Omit<IndexTaskInput, 'call'> => ({
  className: className('className', name),
  property: propertyName('property', property),
  index: oneOf(PROPERTY_INDEX_TYPES)('index', index),
})
