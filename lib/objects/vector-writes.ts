/**
 * A write that runs once the server is known to store its vectors (`lib/input/vector-writes.ts`
 * says which servers take which vectors).
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { of } from 'rxjs'
import type { OperationContext } from '../context/context'
import { WeaviateError } from '../core/errors'
import type { CallOptions } from '../transport/http/types'
import type { CheckedNamedVectors } from '../input/vectors'
import { vectorsWritable } from '../input/vector-writes'
import { ObservableEither, flatMap } from '../core/observable-either'

/**
 * Runs `write` once the server is known to store `vectors` (no version request when there are
 * none); otherwise emits the {@link UnsupportedVersionError} and sends nothing.
 */
export const whenVectorsWritable = <A>(
  ctx: OperationContext,
  call: CallOptions,
  vectors: CheckedNamedVectors | undefined,
  write: () => ObservableEither<WeaviateError, A>,
): ObservableEither<WeaviateError, A> =>
  vectors === undefined
    ? write()
    : ctx.versions.version(call).pipe(
        flatMap((version) => {
          const writable = vectorsWritable(version, vectors)
          return E.isLeft(writable) ? of(writable) : write()
        }),
      )
