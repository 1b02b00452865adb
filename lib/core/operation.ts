/**
 * The shape every operation shares: check the input now, eagerly (so a later mutation of the
 * argument object cannot change the request), then run on each subscription. A check throws an
 * {@link ArgumentError}; {@link checkInput} turns the first such throw into a `Left`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { defer, of } from 'rxjs'
import { ArgumentError, WeaviateError, isArgumentError } from './errors'
import { ObservableEither } from './observable-either'

/**
 * Runs the checks in `build`; the first ArgumentTypeError/ArgumentValueError becomes a `Left`.
 * Any other throw is a bug and propagates.
 */
export const checkInput = <A>(build: () => A): E.Either<ArgumentError, A> => {
  try {
    return E.right(build())
  } catch (e) {
    if (isArgumentError(e)) return E.left(e)
    throw e
  }
}

/**
 * Checks input now and runs `run` on each subscription; an input error is emitted as one `Left`
 * and nothing is sent.
 */
export const operation = <I, A>(
  check: () => I,
  run: (input: I) => ObservableEither<WeaviateError, A>,
): ObservableEither<WeaviateError, A> => {
  const input = checkInput(check)
  return E.isLeft(input) ? of(input) : defer(() => run(input.right))
}
