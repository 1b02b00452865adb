/**
 * `schema.deletePropertyIndex`: `DELETE /v1/schema/<Class>/properties/<property>/index/<index>`
 * (Weaviate 1.36+; an older server is an `UnsupportedVersionError` with nothing sent).
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { PROPERTY_INDEX_TYPES, PropertyIndexType } from '../codecs/index-status'
import { CallOptions, OperationContext, callInput } from '../context/context'
import { whenSupported } from '../context/when-supported'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { oneOf } from '../input/check'
import { className, propertyName } from '../input/names'
import { propertyIndexPath } from '../server/routes'
import { ClassInput } from './call-input'

/** The checked input of `deletePropertyIndex`. */
interface PropertyIndexInput extends ClassInput {
  readonly property: string
  readonly index: PropertyIndexType
}

/**
 * Drops one inverted index of a property (the property and its values stay): `filterable` stops
 * where filters on it, `searchable` bm25 and hybrid, `rangeFilters` range filters. Dropping an
 * index the property does not have is `right(undefined)` too (the server does nothing); an unknown
 * class or property is the server's 422 as an `UnexpectedStatusError`.
 */
export const deletePropertyIndex =
  (ctx: OperationContext) =>
  (name: string, property: string, index: PropertyIndexType, options?: CallOptions): ObservableEither<WeaviateError, void> =>
    operation(
      (): PropertyIndexInput => ({
        className: className('className', name),
        property: propertyName('property', property),
        index: oneOf(PROPERTY_INDEX_TYPES)('index', index),
        call: callInput('deletePropertyIndex', options),
      }),
      (input) =>
        whenSupported(
          ctx,
          ['deletePropertyIndex'],
          input.call,
          { method: 'DELETE', path: propertyIndexPath(input.className, input.property, input.index), expect: [200] },
          () => E.right(undefined),
        ),
    )

