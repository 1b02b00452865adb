/**
 * The fold from the pipeline's error channel into Either values.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { OperatorFunction, catchError, map, of, throwError } from 'rxjs'
import { WeaviateError, isWeaviateError } from '../../core/errors'

/**
 * Values become `Right`; a {@link WeaviateError} on the error channel becomes one `Left` followed by
 * completion. Anything else (a bug) stays an Observable error.
 */
export const toEither =
  <A>(): OperatorFunction<A, E.Either<WeaviateError, A>> =>
  (source) =>
    source.pipe(
      map((a) => E.right(a)),
      catchError((e: unknown) => (isWeaviateError(e) ? of(E.left(e)) : throwError(() => e))),
    )
