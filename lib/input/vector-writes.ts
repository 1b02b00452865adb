/**
 * Which servers take which vectors in a write: named vectors (`vectors`) from 1.24.0, a
 * multi-vector among them from 1.29.0. Older servers answer a write with `vectors` as a success
 * and drop them (1.18.6 does), so the client refuses such a write before sending it.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { ArgumentError, UnsupportedVersionError } from '../core/errors'
import { ServerVersion, requireFeature } from '../server/version'
import { CheckedNamedVectors, hasMultiVector } from './vectors'

/**
 * `right(undefined)` when a server of `version` stores `vectors`, else the
 * {@link UnsupportedVersionError} of the first feature it lacks.
 */
export const vectorsWritable = <V extends ArrayLike<number>>(
  version: ServerVersion,
  vectors: CheckedNamedVectors<V> | undefined,
): E.Either<UnsupportedVersionError, undefined> => {
  if (vectors === undefined) return E.right(undefined)
  const named = requireFeature(version, 'namedVectorWrites')
  return E.isLeft(named) || !hasMultiVector(vectors) ? named : requireFeature(version, 'multiVectors')
}

/**
 * A checked batch object (`prepared`, with its `vectors`) as the batch sends it, or the
 * {@link UnsupportedVersionError} of an object whose vectors the server (its `version`, when known)
 * would drop; a check's ArgumentError as it came.
 */
export const ifVectorsWritable = <A, V extends ArrayLike<number>>(
  version: ServerVersion | undefined,
  checked: E.Either<ArgumentError, { readonly prepared: A; readonly vectors: CheckedNamedVectors<V> | undefined }>,
): E.Either<ArgumentError | UnsupportedVersionError, A> =>
  E.flatMap(({ prepared, vectors }: { readonly prepared: A; readonly vectors: CheckedNamedVectors<V> | undefined }) =>
    version === undefined ? E.right(prepared) : E.as(vectorsWritable(version, vectors), prepared),
  )(checked)
