/**
 * Writing a run's items through one of the library's batch sinks (`objects.batch`,
 * `references.batch`) with the sink's own batching, concurrency and backpressure, while handing
 * the outcomes on in source order: each result names its item's `index`, the {@link Watermark}
 * turns them into the settled prefix, and `passed` records that prefix (failures file, checkpoint)
 * before more is read. At most `window` entries are read beyond what `passed` has finished, so a
 * run killed at any moment has sent at most `window` entries its checkpoint does not cover.
 *
 * @packageDocumentation
 */
import { ignoreElements, lastValueFrom, tap } from 'rxjs'
import * as E from 'fp-ts/Either'
import { isWeaviateError, type ObservableEither, type WeaviateError } from '../../index'
import type { FailureRecord } from '../state/failures-file'
import { createWatermark } from '../state/watermark'

/**
 * One entry of a run, in source order: an item to send, or one already settled here (a line that
 * is not JSON, a reference replaced directly). `position` is where a checkpoint may resume after
 * it; `undefined` when it may not (a reference that is not its object's last).
 *
 * @example
 * ```ts
 * const entry: Entry<BatchObject, LinePosition> = { position: { line: 3, end: 120 }, send: object }
 * ```
 */
export type Entry<I, P> =
  | { readonly position: P | undefined; readonly send: I; readonly describe: (message: string) => FailureRecord }
  | { readonly position: P | undefined; readonly settled: FailureRecord | undefined }

/**
 * What {@link batchInOrder} needs.
 *
 * @example
 * ```ts
 * const run: InOrder<BatchObject, LinePosition> = { entries, write: (items) => client.objects.batch(items, options), window: 300, passed }
 * ```
 */
export interface InOrder<I, P> {
  readonly entries: AsyncIterable<Entry<I, P>>
  /** The batch call: pulls the items it is given, one result per item naming its `index`. */
  readonly write: (items: AsyncIterable<I>) => ObservableEither<WeaviateError, { readonly index: number }>
  /** Entries read at most beyond those `passed` has finished with. */
  readonly window: number
  /** Records a settled prefix (in source order); runs one at a time. */
  readonly passed: (prefix: ReadonlyArray<{ readonly position: P | undefined; readonly failure: FailureRecord | undefined }>) => Promise<void>
}

const isArgumentError = (u: unknown): boolean => isWeaviateError(u) && (u._tag === 'ArgumentTypeError' || u._tag === 'ArgumentValueError')

/**
 * The failure message of one item's Left, or the error that stops the run: a whole request that
 * failed after the retries (unreachable server, refused key) fails every item the same way, and
 * the run cannot go on. A malformed item's Left names its index and carries the ArgumentError as
 * its `cause`.
 */
const itemFailure = (error: WeaviateError): { readonly index: number; readonly message: string } => {
  if (error._tag !== 'BatchObjectError' && error._tag !== 'BatchReferenceError') throw error
  const cause: unknown = error.cause
  if (cause instanceof Error && !isArgumentError(cause)) throw cause
  return { index: error.index, message: cause instanceof Error ? cause.message : error.messages.join('; ') }
}

/**
 * Runs the entries through the batch call; resolves once every entry has passed.
 *
 * @example
 * ```ts
 * await batchInOrder({ entries, write: (items) => client.objects.batch(items, { batchSize, concurrency }), window, passed })
 * ```
 */
export const batchInOrder = async <I, P>(run: InOrder<I, P>): Promise<void> => {
  const watermark = createWatermark<P | undefined, FailureRecord>()
  // The sink numbers the items it pulls from 0, in the order they were yielded.
  const sent = new Map<number, { readonly slot: ReturnType<typeof watermark.add>; readonly describe: (message: string) => FailureRecord }>()
  let yielded = 0
  let finished = 0
  let added = 0
  let passing: Promise<void> = Promise.resolve()
  let stopped: { readonly error: unknown } | undefined
  let wake: (() => void) | undefined

  const pass = () => {
    passing = passing.then(async () => {
      if (stopped !== undefined) return
      const prefix = watermark.passed()
      if (prefix.length === 0) return
      try {
        await run.passed(prefix)
      } catch (error) {
        stopped = { error }
      }
      finished += prefix.length
      wake?.()
    })
  }
  const room = async () => {
    while (added - finished >= run.window && stopped === undefined) {
      await new Promise<void>((resolve) => {
        wake = resolve
      })
      wake = undefined
    }
  }
  async function* items(): AsyncGenerator<I> {
    for await (const entry of run.entries) {
      await room()
      if (stopped !== undefined) return
      added++
      if ('settled' in entry) {
        watermark.add(entry.position, { failure: entry.settled })
        pass()
        continue
      }
      sent.set(yielded++, { slot: watermark.add(entry.position), describe: entry.describe })
      yield entry.send
    }
  }
  await lastValueFrom(
    run.write(items()).pipe(
      tap((result) => {
        const { index, message } = E.isRight(result) ? { index: result.right.index, message: undefined } : itemFailure(result.left)
        const item = sent.get(index)
        if (item === undefined) throw new Error(`the batch gave a result for an item it was not given: ${index}`)
        sent.delete(index)
        watermark.settle(item.slot, message === undefined ? undefined : item.describe(message))
        pass()
      }),
      ignoreElements(),
    ),
    { defaultValue: undefined },
  )
  pass()
  await passing
  if (stopped !== undefined) throw stopped.error
}
