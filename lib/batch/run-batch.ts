/**
 * One batch run over the shared pipeline: prepare each item, send batches through the sink, retry
 * transient items, turn every item's final outcome into an Either, report progress. The object and
 * reference batches differ only in how an item is prepared, the request, and the result shapes.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import * as t from 'io-ts'
import { Observable, defer, mergeMap, of, tap } from 'rxjs'
import { OperationContext } from '../context/context'
import { ArgumentError, UnsupportedVersionError, WeaviateError } from '../core/errors'
import { HttpRequest, HttpResponse } from '../transport/http/types'
import { itemFailure, missingItem } from './item-failure'
import { ItemOutcome, ItemRetryPolicy, allFailed, withItemRetries } from './item-retry'
import { ResolvedBatchOptions } from './options'
import { batchTally } from './progress'
import { BatchSizer, batchSizer } from './dynamic-size'
import { ratePace } from './rate-pace'
import { Prepared, batchSink } from './sink'
import { BatchSource, pullFrom } from './source'

/**
 * An item's serialised form: the JSON the request carries, plus what the results need to say
 * which item it was.
 */
export interface Serialised {
  readonly json: string
}

/**
 * What a batch kind supplies to {@link runBatch}: how an item is prepared, how it is written (a
 * REST `request`, or `sendItems` for another transport such as gRPC), and the result shapes.
 */
export type BatchKind<P, A> = {
  /** Checks and serialises one item (UnsupportedVersionError: the server lacks what the item needs). */
  readonly prepare: (item: unknown, index: number) => E.Either<ArgumentError | UnsupportedVersionError, Prepared<P>>
  /** The result of a written item. */
  readonly written: (index: number, payload: P) => A
  /**
   * The error of an item that was not written: `payload` is undefined for an item that was not
   * sent (then `cause` is its ArgumentError or UnsupportedVersionError); `cause` is the request's failure when the whole request failed,
   * undefined when the server refused the item itself (its messages say why).
   */
  readonly failed: (index: number, payload: P | undefined, messages: readonly string[], cause: WeaviateError | undefined) => WeaviateError
} & (
  | {
      /** The REST request that writes `items` (its body built from their JSON). */
      readonly request: (items: ReadonlyArray<Prepared<P>>) => HttpRequest
    }
  | {
      /** Writes `items` another way (gRPC): one attempt, each item's outcome (lib/batch/grpc/batch-send.ts). */
      readonly sendItems: (items: ReadonlyArray<Prepared<P>>) => Observable<ReadonlyArray<ItemOutcome<P>>>
    }
)

/** The per-item results of both batch endpoints: `result.errors.error[].message`. */
const ItemResults = t.readonlyArray(
  t.partial({
    result: t.union([
      t.null,
      t.partial({ errors: t.union([t.null, t.partial({ error: t.readonlyArray(t.partial({ message: t.string })) })]) }),
    ]),
  }),
)

type ItemResult = t.TypeOf<typeof ItemResults>[number]

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === 'object' && u !== null

/**
 * The answer's items: a direct shape check first (the hot path, where the io-ts decode is the
 * dearer one: docs/decisions/0011-hot-loop-code-shapes.md), the codec only when that fails.
 */
const itemResults = (body: unknown): readonly ItemResult[] => {
  if (Array.isArray(body) && body.every((item) => isRecord(item) && (item['result'] === undefined || item['result'] === null || isRecord(item['result'])))) {
    const plain = body as ReadonlyArray<{ readonly result?: { readonly errors?: unknown } | null }>
    if (plain.every((item) => item.result?.errors === undefined || item.result.errors === null)) return plain as readonly ItemResult[]
  }
  const decoded = ItemResults.decode(body)
  return E.isRight(decoded) ? decoded.right : []
}

/**
 * Each item's outcome from the answer, matched by position (the server answers in request order);
 * a failed item's messages become its tagged error here, once.
 */
const outcomesOf = <P>(items: ReadonlyArray<Prepared<P>>, response: HttpResponse): ReadonlyArray<ItemOutcome<P>> => {
  const results = itemResults(response.body)
  return items.map((item, i): ItemOutcome<P> => {
    const result = results[i]
    if (result === undefined) return { item, ok: false, failure: { kind: 'item', error: missingItem(response) } }
    const errors = result.result?.errors?.error
    if (errors === undefined || errors.length === 0) return { item, ok: true }
    const messages = errors.map((e) => e.message ?? 'unknown error')
    return { item, ok: false, failure: { kind: 'item', error: itemFailure(response, messages) } }
  })
}

/**
 * The sizer of a run with `batchSize: 'dynamic'` (undefined for a fixed size), following each
 * request's latency or (`latency` false, `BatchStream`) only the server's sizes: one per run, so
 * the writer that hears the server and the run share it.
 */
export const runSizer = (resolved: ResolvedBatchOptions, latency = true): BatchSizer | undefined =>
  resolved.dynamicMax === undefined ? undefined : batchSizer(resolved.batchSize, resolved.dynamicMax, latency)

/**
 * Runs one batch call: cold, one run per subscription. Every result names its item's index; a
 * result is emitted only when final (after the item's retries); progress is reported after each
 * request's results. A dynamic run's size is `sizer` when the writer made it (to tell it the
 * server's sizes), else its own; each request's latency moves it.
 */
export const runBatch = <P, A>(
  ctx: OperationContext,
  resolved: ResolvedBatchOptions,
  source: BatchSource<unknown>,
  kind: BatchKind<P, A>,
  sizer?: BatchSizer,
): Observable<E.Either<WeaviateError, A>> =>
  defer(() => {
    const size = sizer ?? runSizer(resolved)
    const tally = batchTally(resolved.onProgress, resolved.scheduler, size)
    const policy: ItemRetryPolicy = {
      options: { ...ctx.http.retryOptions(resolved.call), attempts: resolved.itemRetries + 1 },
      scheduler: resolved.scheduler,
    }
    const toResult = (outcome: ItemOutcome<P>): E.Either<WeaviateError, A> => {
      const { index, payload } = outcome.item
      tally.settled(index, outcome.ok)
      if (outcome.ok) return E.right(kind.written(index, payload))
      const { failure } = outcome
      // An item's own failure is its messages (no cause): a cause says the request as a whole failed.
      return E.left(
        failure.kind === 'item' ? kind.failed(index, payload, failure.error.messages, undefined) : kind.failed(index, payload, [failure.error.message], failure.error),
      )
    }
    /** Tells a dynamic run's size how long a request of `n` items took, from `startedAt`. */
    const timed = (n: number, startedAt: number): void => size?.answered(n, resolved.scheduler.now() - startedAt)
    const sendOnce = (items: ReadonlyArray<Prepared<P>>): Observable<ReadonlyArray<ItemOutcome<P>>> =>
      defer(() => {
        const startedAt = resolved.scheduler.now()
        return 'sendItems' in kind
          ? kind.sendItems(items).pipe(
              tap(() => {
                tally.answered()
                timed(items.length, startedAt)
              }),
            )
          : ctx.http.run({ ...kind.request(items), ...resolved.call }, (res) => E.right(res)).pipe(
              mergeMap((answer) => {
                tally.answered()
                timed(items.length, startedAt)
                return E.isLeft(answer) ? allFailed(items, answer.left) : of(outcomesOf(items, answer.right))
              }),
            )
      })
    /** One request's results, each item's as one value, straight from its outcomes array. */
    const send = (batch: ReadonlyArray<Prepared<P>>): Observable<E.Either<WeaviateError, A>> =>
      new Observable((subscriber) => {
        tally.sent(batch.length)
        return withItemRetries(batch, sendOnce, policy).subscribe({
          next: (outcomes) => {
            for (const outcome of outcomes) subscriber.next(toResult(outcome))
            tally.report(false)
          },
          error: (e: unknown) => subscriber.error(e),
          complete: () => subscriber.complete(),
        })
      })
    return batchSink<unknown, P, E.Either<WeaviateError, A>>({
      source: pullFrom(source, resolved.sourceHighWaterMark),
      prepare: (item, index) => {
        tally.read()
        const prepared = kind.prepare(item, index)
        if (E.isLeft(prepared)) {
          tally.settled(index, false)
          return { result: E.left(kind.failed(index, undefined, [prepared.left.message], prepared.left)) }
        }
        return { prepared: prepared.right }
      },
      send,
      batchSize: resolved.batchSize,
      ...(size === undefined ? {} : { sizer: size }),
      maxBytes: resolved.maxBytes,
      flushMs: resolved.flushMs,
      concurrency: resolved.concurrency,
      scheduler: resolved.scheduler,
      ...(resolved.perMinute === undefined ? {} : { pace: ratePace(resolved.perMinute) }),
    }).pipe(tap({ complete: () => tally.report(true) }))
  })
