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
import { OperationContext } from '../context'
import { ArgumentError, WeaviateError } from '../errors'
import { HttpRequest } from '../http/types'
import { ItemOutcome, allFailed, isTransientMessage, withItemRetries } from './item-retry'
import { ResolvedBatchOptions } from './options'
import { ProgressTracker } from './progress'
import { Prepared, batchSink } from './sink'
import { BatchSource, pullFrom } from './source'

/**
 * An item's serialised form: the JSON the request carries, plus what the results need to say
 * which item it was.
 *
 * @example
 * ```ts
 * const payload: Serialised = { json: '{"class":"A","id":"..."}' }
 * ```
 */
export interface Serialised {
  readonly json: string
}

/**
 * What a batch kind supplies to {@link runBatch}.
 *
 * @example
 * ```ts
 * runBatch(ctx, resolved, source, { prepare, request, written, failed })
 * ```
 */
export interface BatchKind<P extends Serialised, A> {
  /** Checks and serialises one item. */
  readonly prepare: (item: unknown, index: number) => E.Either<ArgumentError, Prepared<P>>
  /** The request that writes `items` (its body built from their JSON). */
  readonly request: (items: ReadonlyArray<Prepared<P>>) => HttpRequest
  /** The result of a written item. */
  readonly written: (index: number, payload: P) => A
  /** The error of an item that was not written. */
  readonly failed: (index: number, payload: P, messages: readonly string[], cause: unknown) => WeaviateError
}

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
 * The answer's items: a direct shape check first (the hot path: the io-ts decode costs several µs
 * per object on an import), the codec only when that fails.
 */
const itemResults = (body: unknown): readonly ItemResult[] => {
  if (Array.isArray(body) && body.every((item) => isRecord(item) && (item['result'] === undefined || item['result'] === null || isRecord(item['result'])))) {
    const plain = body as ReadonlyArray<{ readonly result?: { readonly errors?: unknown } | null }>
    if (plain.every((item) => item.result?.errors === undefined || item.result.errors === null)) return plain as readonly ItemResult[]
  }
  const decoded = ItemResults.decode(body)
  return E.isRight(decoded) ? decoded.right : []
}

/** Each item's outcome from the answer, matched by position (the server answers in request order). */
const outcomesOf = <P>(items: ReadonlyArray<Prepared<P>>, body: unknown): ReadonlyArray<ItemOutcome<P>> => {
  const results = itemResults(body)
  return items.map((item, i): ItemOutcome<P> => {
    const result = results[i]
    if (result === undefined) return { item, ok: false, messages: ['the server sent no result for this item'], transient: true }
    const errors = result.result?.errors?.error
    if (errors === undefined || errors.length === 0) return { item, ok: true }
    const messages = errors.map((e) => e.message ?? 'unknown error')
    return { item, ok: false, messages, transient: messages.every(isTransientMessage) }
  })
}

/**
 * Runs one batch call: cold, one run per subscription.
 *
 * @example
 * ```ts
 * return runBatch(ctx, resolved, source, objectKind)
 * ```
 */
export const runBatch = <P extends Serialised, A>(
  ctx: OperationContext,
  resolved: ResolvedBatchOptions,
  source: BatchSource<unknown>,
  kind: BatchKind<P, A>,
): Observable<E.Either<WeaviateError, A>> =>
  defer(() => {
    const progress = new ProgressTracker(resolved.onProgress, resolved.scheduler)
    const toResult = (outcome: ItemOutcome<P>): E.Either<WeaviateError, A> => {
      const { index, payload } = outcome.item
      progress.settled(outcome.ok)
      return outcome.ok ? E.right(kind.written(index, payload)) : E.left(kind.failed(index, payload, outcome.messages, outcome.cause))
    }
    const sendOnce = (items: ReadonlyArray<Prepared<P>>): Observable<ReadonlyArray<ItemOutcome<P>>> => {
      progress.sentSome(items.length)
      return ctx.http
        .run({ ...kind.request(items), ...resolved.call }, (res) => E.right(res.body))
        .pipe(mergeMap((answer) => (E.isLeft(answer) ? allFailed(items, [answer.left.message], answer.left) : of(outcomesOf(items, answer.right)))))
    }
    /** One request's results, each item's as one value, straight from its outcomes array. */
    const send = (batch: ReadonlyArray<Prepared<P>>): Observable<E.Either<WeaviateError, A>> =>
      new Observable((subscriber) =>
        withItemRetries(batch, sendOnce, resolved.itemRetries, resolved.scheduler).subscribe({
          next: (outcomes) => {
            for (const outcome of outcomes) subscriber.next(toResult(outcome))
          },
          error: (e: unknown) => subscriber.error(e),
          complete: () => {
            progress.report(false)
            subscriber.complete()
          },
        }),
      )
    return batchSink<unknown, P, E.Either<WeaviateError, A>>({
      source: pullFrom(source, resolved.sourceHighWaterMark),
      prepare: (item, index) => {
        progress.readOne()
        const prepared = kind.prepare(item, index)
        if (E.isLeft(prepared)) {
          progress.settled(false)
          return { result: E.left(prepared.left) }
        }
        return { prepared: prepared.right }
      },
      send,
      batchSize: resolved.batchSize,
      maxBytes: resolved.maxBytes,
      flushMs: resolved.flushMs,
      concurrency: resolved.concurrency,
      scheduler: resolved.scheduler,
    }).pipe(tap({ complete: () => progress.report(true) }))
  })
