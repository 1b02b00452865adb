/**
 * Polling until done: the stream of a long server-side operation (a backup, a replication) read
 * again and again until it reaches an end.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { EMPTY, distinctUntilChanged, expand, switchMap, timer } from 'rxjs'
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
}

/**
 * The states of an operation: `first`, then a `read` every `intervalMs` until a state is `done`;
 * each state that differs from the one before (`same`) is emitted, and a Left ends the stream.
 * Unsubscribing stops the reads only: the operation goes on on the server.
 */
export const pollUntilDone = <L, A>(steps: PollSteps<L, A>): ObservableEither<L, A> =>
  steps.first.pipe(
    expand((e) => (E.isRight(e) && !steps.done(e.right) ? timer(steps.intervalMs).pipe(switchMap(steps.read)) : EMPTY)),
    distinctUntilChanged((a, b) => E.isRight(a) && E.isRight(b) && steps.same(a.right, b.right)),
  )

/**
 * The Left of a long operation that ended badly (failed, cancelled): an
 * {@link UnexpectedStatusError} of the read that saw the end (answered 200), its `body` the final
 * state and its one message `message`.
 */
export const endedBadly = (read: { readonly method: HttpMethod; readonly url: string }, body: unknown, message: string): UnexpectedStatusError =>
  new UnexpectedStatusError({ method: read.method, url: read.url, status: 200, body, messages: [message] })
