/**
 * `schema.deleteVectorIndex`: `DELETE /v1/schema/<Class>/vectors/<vector>/index` (Weaviate 1.37+,
 * and only on a server started with `ENABLE_EXPERIMENTAL_ALTER_SCHEMA_DROP_VECTOR_INDEX_ENDPOINT=true`;
 * an older server is an `UnsupportedVersionError` with nothing sent).
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { CallOptions, OperationContext, callInput } from '../context/context'
import { whenSupported } from '../context/when-supported'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { className, vectorName } from '../input/names'
import { vectorIndexPath } from '../server/routes'
import { ClassInput } from './call-input'

/** The checked input of `deleteVectorIndex`. */
interface VectorIndexInput extends ClassInput {
  readonly vector: string
}

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

