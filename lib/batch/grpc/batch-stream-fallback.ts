/**
 * `BatchObjects` in place of `BatchStream` where the server, or a proxy in front of it, does not
 * know the stream (gRPC status UNIMPLEMENTED) though the server's version has it: under
 * `grpcMethod: 'auto'` the objects the stream could not take are written with `BatchObjects`,
 * with one warning naming the reason, and the client remembers it: its later batches write with
 * `BatchObjects` from the start. A run that falls back keeps its `BatchObjects` calls to the call's
 * `concurrency` in flight, as a run that writes with `BatchObjects` from the start does (the stream
 * keeps more requests in flight: `streamRequestsInFlight`). An explicit `grpcMethod: 'stream'`
 * does not fall back: each object fails with the mapped error.
 *
 * @packageDocumentation
 */
import { Observable, map, mergeMap, of } from 'rxjs'
import type { UnexpectedStatusError } from '../../core/errors'
import { inFlightLimit } from '../in-flight-limit'
import type { ItemOutcome } from '../item-retry'
import type { Prepared } from '../sink'
import type { StreamRefusal } from '../../context/stream-refusal'

/** UNIMPLEMENTED's HTTP-equivalent status (`status.ts`). */
const UNIMPLEMENTED = 501

type SendItems<P> = (items: ReadonlyArray<Prepared<P>>) => Observable<ReadonlyArray<ItemOutcome<P>>>

/** The failure of an item the stream could not take because the server does not know it. */
const refusal = <P>(outcome: ItemOutcome<P>): UnexpectedStatusError | undefined =>
  !outcome.ok && outcome.failure.kind === 'request' && outcome.failure.error._tag === 'UnexpectedStatusError' && outcome.failure.error.status === UNIMPLEMENTED
    ? outcome.failure.error
    : undefined

/**
 * The sender of an `'auto'` run that writes with `stream`: the items it fails with UNIMPLEMENTED go
 * with `unary` (in the same request's results), and once `memory` knows the refusal every request
 * goes with `unary`; at most `concurrency` `unary` calls of the run are in flight.
 */
export const withBatchObjectsFallback = <P>(stream: SendItems<P>, unaryCall: SendItems<P>, memory: StreamRefusal, concurrency: number): SendItems<P> => {
  const limit = inFlightLimit(concurrency)
  const unary: SendItems<P> = (items) => limit(unaryCall(items))
  return (items) =>
    memory.reason() !== undefined
      ? unary(items)
      : stream(items).pipe(
          mergeMap((outcomes) => {
            const refused: Array<Prepared<P>> = []
            const kept: Array<ItemOutcome<P>> = []
            let error: UnexpectedStatusError | undefined
            for (const outcome of outcomes) {
              const e = refusal(outcome)
              if (e === undefined) kept.push(outcome)
              else {
                error = e
                refused.push(outcome.item)
              }
            }
            if (error === undefined) return of(outcomes)
            memory.refused(`${error.url} answered UNIMPLEMENTED${error.messages.length === 0 ? '' : ` (${error.messages.join('; ')})`}`)
            return unary(refused).pipe(map((written) => [...kept, ...written]))
          }),
        )
}
