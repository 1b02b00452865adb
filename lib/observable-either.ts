/**
 * A tiny ObservableEither kit: the type every operation returns and the few combinators users need
 * to move between the Either world and RxJS's error channel. Modelled on fp-ts-rxjs, without its
 * unbounded `mergeMap` chain and its rxjs 6 peer.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { Observable, OperatorFunction, catchError, concatMap, map, of, throwError } from 'rxjs'
import { WeaviateError, isWeaviateError } from './errors'

/**
 * A cold Observable of `Either<E, A>`: failures arrive as `Left` values, never on the error channel.
 *
 * @example
 * ```ts
 * const id$: ObservableEither<WeaviateError, string> = client.objects.create({ className: 'A', dataObject: {} })
 * ```
 */
export interface ObservableEither<E, A> extends Observable<E.Either<E, A>> {}

/**
 * Moves `Left` values to the RxJS error channel and unwraps `Right` values, for users who prefer
 * `try/catch` with `firstValueFrom`.
 *
 * @example
 * ```ts
 * const id = await firstValueFrom(client.objects.create({ className: 'A', dataObject: {} }).pipe(rightOrThrow()))
 * ```
 */
export const rightOrThrow =
  <E, A>(): OperatorFunction<E.Either<E, A>, A> =>
  (source) =>
    source.pipe(
      concatMap((either) => (E.isRight(either) ? of(either.right) : throwError(() => either.left))),
    )

/**
 * Folds a source that signals failure on the error channel into Either values: values become
 * `Right`, a {@link WeaviateError} becomes one `Left` followed by completion. Anything else (a bug)
 * stays an Observable error.
 *
 * @example
 * ```ts
 * const safe$ = pipeline$.pipe(toEither())
 * ```
 */
export const toEither =
  <A>(): OperatorFunction<A, E.Either<WeaviateError, A>> =>
  (source) =>
    source.pipe(
      map((a) => E.right(a)),
      catchError((e: unknown) => (isWeaviateError(e) ? of(E.left(e)) : throwError(() => e))),
    )

/**
 * Maps the `Right` values, leaving `Left` values untouched.
 *
 * @example
 * ```ts
 * client.objects.list({ className: 'A' }).pipe(mapRight((objects) => objects.length))
 * ```
 */
export const mapRight =
  <E, A, B>(f: (a: A) => B): OperatorFunction<E.Either<E, A>, E.Either<E, B>> =>
  (source) =>
    source.pipe(map(E.map(f)))

/**
 * Runs the next ObservableEither for each `Right` value, one at a time (`concatMap`), and passes
 * `Left` values through.
 *
 * @example
 * ```ts
 * client.objects.create({ className: 'A', dataObject: {} }).pipe(
 *   chainRight((uuid) => client.objects.getById({ className: 'A', uuid })),
 * )
 * ```
 */
export const chainRight =
  <E, A, B>(f: (a: A) => Observable<E.Either<E, B>>): OperatorFunction<E.Either<E, A>, E.Either<E, B>> =>
  (source) =>
    source.pipe(concatMap((either) => (E.isRight(either) ? f(either.right) : of(either))))

/**
 * An ObservableEither that emits one `Left` and completes; used for input errors so nothing is
 * sent.
 *
 * @example
 * ```ts
 * const failed$ = leftOf(new ArgumentValueError('limit', "'limit' must be > 0"))
 * ```
 */
export const leftOf = <E, A = never>(e: E): ObservableEither<E, A> => of(E.left(e))
