/**
 * The ObservableEither kit: the type every operation returns, and the fp-ts vocabulary over it
 * (`map`, `flatMap`, `mapLeft`, `match`, `getOrElse`), plus the two ways out to the RxJS error
 * channel and to a Promise (`rightOrThrow`, `firstRight`). Each combinator is an RxJS operator, so
 * it goes straight into `pipe()`. Imported as a namespace, like an fp-ts module:
 *
 * ```ts
 * import { OE } from 'weaviate-rx'
 * client.objects.list({ className: 'A' }).pipe(OE.map((objects) => objects.length))
 * ```
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { Observable, OperatorFunction, concatMap, firstValueFrom, map as rxMap, of, throwError } from 'rxjs'

// -------------------------------------------------------------------------------------
// model
// -------------------------------------------------------------------------------------

/**
 * A cold Observable of `Either<E, A>`: failures arrive as `Left` values, never on the error channel.
 *
 * @example
 * ```ts
 * const id$: ObservableEither<WeaviateError, string> = client.objects.create({ className: 'A', dataObject: {} })
 * ```
 */
export interface ObservableEither<E, A> extends Observable<E.Either<E, A>> {}

// -------------------------------------------------------------------------------------
// constructors
// -------------------------------------------------------------------------------------

/**
 * An ObservableEither that emits one `Right` and completes.
 */
export const right = <E = never, A = never>(a: A): ObservableEither<E, A> => of(E.right(a))

/**
 * An ObservableEither that emits one `Left` and completes.
 */
export const left = <E = never, A = never>(e: E): ObservableEither<E, A> => of(E.left(e))

// -------------------------------------------------------------------------------------
// mapping
// -------------------------------------------------------------------------------------

/**
 * Maps the `Right` values, leaving `Left` values untouched.
 */
export const map =
  <A, B>(f: (a: A) => B) =>
  <E>(source: Observable<E.Either<E, A>>): ObservableEither<E, B> =>
    source.pipe(rxMap(E.map(f)))

/**
 * Maps the `Left` values, leaving `Right` values untouched.
 */
export const mapLeft =
  <E, G>(f: (e: E) => G) =>
  <A>(source: Observable<E.Either<E, A>>): ObservableEither<G, A> =>
    source.pipe(rxMap(E.mapLeft(f)))

// -------------------------------------------------------------------------------------
// sequencing
// -------------------------------------------------------------------------------------

/**
 * Runs the next ObservableEither for each `Right` value, one at a time (`concatMap`), and passes
 * `Left` values through. The error types widen (`E1 | E2`), as fp-ts's `flatMap` does.
 */
export const flatMap =
  <A, E2, B>(f: (a: A) => Observable<E.Either<E2, B>>) =>
  <E1>(source: Observable<E.Either<E1, A>>): ObservableEither<E1 | E2, B> =>
    source.pipe(concatMap((either): Observable<E.Either<E1 | E2, B>> => (E.isRight(either) ? f(either.right) : of(either))))

// -------------------------------------------------------------------------------------
// pattern matching
// -------------------------------------------------------------------------------------

/**
 * Folds each Either into one value.
 */
export const match =
  <E, A, B>(onLeft: (e: E) => B, onRight: (a: A) => B): OperatorFunction<E.Either<E, A>, B> =>
  (source) =>
    source.pipe(rxMap(E.match(onLeft, onRight)))

/**
 * Replaces each `Left` with a value computed from it.
 */
export const getOrElse =
  <E, B>(onLeft: (e: E) => B) =>
  <A>(source: Observable<E.Either<E, A>>): Observable<A | B> =>
    source.pipe(rxMap(E.match(onLeft, (a: A): A | B => a)))

// -------------------------------------------------------------------------------------
// leaving the Either world
// -------------------------------------------------------------------------------------

/**
 * Moves `Left` values to the RxJS error channel and unwraps `Right` values, for users who prefer
 * `catchError` or `try/catch`.
 *
 * @example
 * ```ts
 * client.objects.list({ className: 'A' }).pipe(rightOrThrow()).subscribe({ error: console.error })
 * ```
 */
export const rightOrThrow =
  <E, A>(): OperatorFunction<E.Either<E, A>, A> =>
  (source) =>
    source.pipe(concatMap((either) => (E.isRight(either) ? of(either.right) : throwError(() => either.left))))

/**
 * The first `Right` value as a Promise; rejects with the `Left` value (or when nothing is
 * emitted). What every script writes as `firstValueFrom(op.pipe(rightOrThrow()))`.
 *
 * @example
 * ```ts
 * const id = await firstRight(client.objects.create({ className: 'A', dataObject: {} }))
 * ```
 */
export const firstRight = <E, A>(source: Observable<E.Either<E, A>>): Promise<A> =>
  firstValueFrom(source.pipe(rightOrThrow()))

/**
 * The kit as one namespace, fp-ts style: `OE.map`, `OE.flatMap`, `OE.mapLeft`, `OE.match`,
 * `OE.getOrElse`, `OE.right`, `OE.left`. The two ways out of the Either world, `rightOrThrow` and
 * `firstRight`, are exported on their own.
 *
 * @example
 * ```ts
 * import { OE } from 'weaviate-rx'
 * const titles$ = client.objects.list({ className: 'Article' }).pipe(
 *   OE.map((objects) => objects.map((o) => o.properties['title'])),
 *   OE.getOrElse(() => []),
 * )
 * ```
 */
export const OE = { right, left, map, mapLeft, flatMap, match, getOrElse } as const
