/**
 * Index management of a class: `schema.deletePropertyIndex`
 * (`DELETE /v1/schema/<Class>/properties/<property>/index/<index>`, 1.36+),
 * `schema.deleteVectorIndex` (`DELETE /v1/schema/<Class>/vectors/<vector>/index`, 1.37+, and only
 * on a server started with `ENABLE_EXPERIMENTAL_ALTER_SCHEMA_DROP_VECTOR_INDEX_ENDPOINT=true`) and
 * `schema.indexStatus` (`GET /v1/schema/<Class>/indexes`, 1.38+). On an older server each is an
 * `UnsupportedVersionError` with nothing sent.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { decode } from '../codecs/decode'
import { IndexStatus, IndexStatusCodec, PROPERTY_INDEX_TYPES, PropertyIndexType } from '../codecs/index-status'
import { CallOptions, OperationContext, callInput } from '../context/context'
import { whenSupported } from '../context/when-supported'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { oneOf } from '../input/check'
import { className, propertyName, vectorName } from '../input/names'
import { indexesPath, propertyIndexPath, vectorIndexPath } from '../server/routes'
import { ClassInput } from './call-input'

/** The checked input of `deletePropertyIndex`. */
interface PropertyIndexInput extends ClassInput {
  readonly property: string
  readonly index: PropertyIndexType
}

/** The checked input of `deleteVectorIndex`. */
interface VectorIndexInput extends ClassInput {
  readonly vector: string
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

/**
 * Drops the index of a named vector: the vector's `vectorIndexType` becomes `'none'`, searches on
 * it are refused, and the server strips the vector from the stored objects in the background.
 * The server must run with `ENABLE_EXPERIMENTAL_ALTER_SCHEMA_DROP_VECTOR_INDEX_ENDPOINT=true`
 * (else its 422 says so), and the class must have named vectors.
 */
export const deleteVectorIndex =
  (ctx: OperationContext) =>
  (name: string, vector: string, options?: CallOptions): ObservableEither<WeaviateError, void> =>
    operation(
      (): VectorIndexInput => ({
        className: className('className', name),
        vector: vectorName('vector', vector),
        call: callInput('deleteVectorIndex', options),
      }),
      (input) =>
        whenSupported(
          ctx,
          ['deleteVectorIndex'],
          input.call,
          { method: 'DELETE', path: vectorIndexPath(input.className, input.vector), expect: [200] },
          () => E.right(undefined),
        ),
    )

/** Reads each property of a class with its inverted indexes and their state (reindex progress included). */
export const indexStatus =
  (ctx: OperationContext) =>
  (name: string, options?: CallOptions): ObservableEither<WeaviateError, IndexStatus> =>
    operation(
      (): ClassInput => ({ className: className('className', name), call: callInput('indexStatus', options) }),
      (input) =>
        whenSupported(ctx, ['indexStatus'], input.call, { method: 'GET', path: indexesPath(input.className), expect: [200] }, (res) =>
          decode(IndexStatusCodec, res.body, res),
        ),
    )
