/**
 * Polling until done: the stream of a long server-side operation (a backup, a replication, a
 * vector index's queue) read again and again until it reaches an end, or a deadline.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { EMPTY, Observable, distinctUntilChanged, endWith, expand, map, merge, switchMap, takeWhile, timer } from 'rxjs'
import { HttpMethod, UnexpectedStatusError } from './errors'
import { ObservableEither } from './observable-either'

/** How {@link pollUntilDone} reads an operation and knows that it is done. */
export interface PollSteps<L, A> {
  /** The first state: the answer of the request that started the operation, or a first read. */
  readonly first: ObservableEither<L, A>
  /** One read of the state, subscribed to `intervalMs` after the state before it. */
  readonly read: () => ObservableEither<L, A>
  /** True for a state after which nothing changes (success, failure, cancellation). */
  readonly done: (a: A) => boolean
  /** True when `b` holds no news after `a` (it is not emitted). */
  readonly same: (a: A, b: A) => boolean
  readonly intervalMs: number
  /**
   * A deadline from the subscription: when no state is `done` within `ms`, the read in flight is
   * abandoned and the stream ends with the Left of `error()`. None: no deadline.
   */
  readonly deadline?: { readonly ms: number; readonly error: () => L }
}

const END: unique symbol = Symbol('end')
const LATE: unique symbol = Symbol('late')

/** `source` cut at `ms` after the subscription, ending then with the Left of `error()`. */
const withDeadline = <L, A>(source: ObservableEither<L, A>, ms: number, error: () => L): ObservableEither<L, A> =>
  merge(source.pipe(endWith(END)), timer(ms).pipe(map((): typeof LATE => LATE))).pipe(
    takeWhile((x): x is E.Either<L, A> | typeof LATE => x !== END),
    takeWhile((x) => x !== LATE, true),
    map((x): E.Either<L, A> => (x === LATE ? E.left(error()) : x)),
  )

/**
 * The states of an operation: `first`, then a `read` every `intervalMs` until a state is `done`;
 * each state that differs from the one before (`same`) is emitted, and a Left ends the stream, as
 * does the `deadline` when one is given. Unsubscribing stops the reads only: the operation goes
 * on on the server.
 */
export const pollUntilDone = <L, A>(steps: PollSteps<L, A>): ObservableEither<L, A> => {
  const states: Observable<E.Either<L, A>> = steps.first.pipe(
    expand((e) => (E.isRight(e) && !steps.done(e.right) ? timer(steps.intervalMs).pipe(switchMap(steps.read)) : EMPTY)),
    distinctUntilChanged((a, b) => E.isRight(a) && E.isRight(b) && steps.same(a.right, b.right)),
  )
  return steps.deadline === undefined ? states : withDeadline(states, steps.deadline.ms, steps.deadline.error)
}

/**
 * The Left of a long operation that ended badly (failed, cancelled): an
 * {@link UnexpectedStatusError} of the read that saw the end (answered 200), its `body` the final
 * state and its one message `message`.
 */
export const endedBadly = (read: { readonly method: HttpMethod; readonly url: string }, body: unknown, message: string): UnexpectedStatusError =>
  new UnexpectedStatusError({ method: read.method, url: read.url, status: 200, body, messages: [message] })
