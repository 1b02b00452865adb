/**
 * One tenant operation as several requests when the server caps how many tenants a request may
 * carry (`server/limits.ts`): the tenants split in order into requests of at most the cap, sent one
 * after another, their answers joined into one result. A request that fails ends the operation:
 * an operation of one request fails with that request's error as it is, one of several with a
 * `TenantsPartialError` naming the tenants of the requests applied, of the request that failed and
 * of those not sent. Nothing is retried beyond what each request's own retry policy does.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { of } from 'rxjs'
import { TenantsPartialError, WeaviateError } from '../../core/errors'
import { ObservableEither, flatMap, mapLeft } from '../../core/observable-either'

/** `items` in order, in pieces of at most `size`; one piece when `size` is undefined. */
export const chunksOf = <T>(items: readonly T[], size: number | undefined): ReadonlyArray<readonly T[]> => {
  if (size === undefined || items.length <= size) return [items]
  const chunks: T[][] = []
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size))
  return chunks
}

/** What a chunked run needs to name in its error. */
export interface ChunkedRun<T> {
  readonly operation: string
  readonly className: string
  readonly nameOf: (item: T) => string
}

/**
 * Sends `chunks` one after another with `send`, the answers concatenated in order; stops at the
 * first failure.
 */
export const sendInChunks = <T, A>(
  run: ChunkedRun<T>,
  chunks: ReadonlyArray<readonly T[]>,
  send: (chunk: readonly T[]) => ObservableEither<WeaviateError, readonly A[]>,
): ObservableEither<WeaviateError, readonly A[]> => {
  const names = (from: number, to?: number): readonly string[] => chunks.slice(from, to).flat().map(run.nameOf)
  const step = (index: number, done: readonly A[]): ObservableEither<WeaviateError, readonly A[]> => {
    const chunk = chunks[index]
    if (chunk === undefined) return of(E.right(done))
    return send(chunk).pipe(
      mapLeft(
        (cause): WeaviateError =>
          chunks.length === 1
            ? cause
            : new TenantsPartialError({
                operation: run.operation,
                className: run.className,
                applied: names(0, index),
                failed: names(index, index + 1),
                notSent: names(index + 1),
                cause,
              }),
      ),
      flatMap((answer) => step(index + 1, [...done, ...answer])),
    )
  }
  return step(0, [])
}
