/**
 * `schema.deleteAll`: `GET /v1/schema`, then `DELETE /v1/schema/<Class>` for each class.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { concatMap, from, last, map, takeWhile } from 'rxjs'
import { CallOptions, OperationContext, callInput } from '../context/context'
import { WeaviateError } from '../core/errors'
import { OE, ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { deleteClass } from './delete-class'
import { getSchema } from './get'

/**
 * Deletes every class of the server with all its objects, as the official clients'
 * `collections.deleteAll` / `delete_all` do: the schema is read once, then each class deleted in
 * turn. Emits the names of the classes deleted (none on an empty server); the first deletion that
 * fails is the Left, and the classes after it are left in place.
 */
export const deleteAll =
  (ctx: OperationContext) =>
  (options?: CallOptions): ObservableEither<WeaviateError, readonly string[]> =>
    operation(
      () => callInput('deleteAll', options),
      (call) =>
        getSchema(ctx)(call).pipe(
          OE.flatMap((schema): ObservableEither<WeaviateError, readonly string[]> => {
            const names = (schema.classes ?? []).map((c) => c.class)
            if (names.length === 0) return OE.right([])
            return from(names).pipe(
              concatMap((name) => deleteClass(ctx)(name, call)),
              takeWhile(E.isRight, true),
              last(),
              map(E.map((): readonly string[] => names)),
            )
          }),
        ),
    )
