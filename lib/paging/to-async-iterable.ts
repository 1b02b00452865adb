/**
 * Observable -> AsyncIterable with a bounded buffer. `rxjs-for-await`'s `eachValueFrom` buffers
 * without bound when the loop is slower than the source; this bridge either holds the source back
 * (a factory that takes a pacer: real backpressure) or refuses to buffer more than `highWaterMark` values (plain
 * push sources, which cannot be paused).
 *
 * @packageDocumentation
 */
import { Observable, Subject, Subscription, takeUntil } from 'rxjs'
import { brand } from '../core/brand'
import { Pacer, createPacer } from './pacer'

// -------------------------------------------------------------------------------------------------
// model
// -------------------------------------------------------------------------------------------------

/**
 * Options of {@link toAsyncIterable}.
 *
 * @example
 * ```ts
 * for await (const value of toAsyncIterable(interval(1), { highWaterMark: 1_000 })) if (value > 10) break
 * ```
 */
export interface ToAsyncIterableOptions {
  /**
   * The most values held for a loop that has not asked for them yet. When a push source gets
   * further ahead, the iterator unsubscribes from it, yields the values it holds, then throws a
   * {@link BufferOverflowError}. Default: `Infinity` (a plain push source is buffered without
   * bound, like `eachValueFrom`; a paced factory never gets more than its prefetch ahead anyway).
   */
  readonly highWaterMark?: number
}

/**
 * The brand of {@link BufferOverflowError}, registered globally so copies of the package agree.
 * The key is shared with every other copy of the package: never change it.
 */
const OverflowBrand = brand<BufferOverflowError>('weaviate-rx/BufferOverflowError')

/**
 * True for a {@link BufferOverflowError}, also one made by another copy of the package.
 *
 * @example
 * ```ts
 * const report = (e: unknown) => (isBufferOverflowError(e) ? console.error(e.highWaterMark) : console.error(e))
 * ```
 */
export const isBufferOverflowError = (u: unknown): u is BufferOverflowError => OverflowBrand.has(u)

/**
 * Thrown by an iterator of {@link toAsyncIterable} when a push source got more than
 * `highWaterMark` values ahead of the loop. The values before the overflow were all yielded.
 *
 * @example
 * ```ts
 * try {
 *   for await (const tick of toAsyncIterable(interval(1), { highWaterMark: 1000 })) {
 *     await new Promise((resolve) => setTimeout(resolve, tick)) // slower and slower
 *   }
 * } catch (e) {
 *   if (isBufferOverflowError(e)) console.error(`consumer too slow (> ${e.highWaterMark} behind)`)
 * }
 * ```
 */
export class BufferOverflowError extends Error {
  readonly _tag = 'BufferOverflowError' as const
  constructor(readonly highWaterMark: number) {
    super(
      `toAsyncIterable: the source pushed more than ${highWaterMark} values ahead of the consumer; ` +
        'pass a factory (pacer) => source (e.g. paginateAfter with that pacer) or raise highWaterMark',
    )
    OverflowBrand.mark(this)
    this.name = 'BufferOverflowError'
  }
}

// -------------------------------------------------------------------------------------------------
// conversions
// -------------------------------------------------------------------------------------------------

/**
 * An AsyncIterable over `source`; every iteration is its own subscription, made on the first
 * `next()`. `break` (the iterator's `return()`) unsubscribes, which aborts a request in flight.
 * A source error is thrown by `next()` after the values before it were yielded.
 *
 * Backpressure depends on the source:
 * - a factory `(pacer) => Observable` (e.g. `paginateAfter` given that pacer) is driven by the
 *   loop: asking for the next value acks the previous one, so the source fetches at most its
 *   `prefetch` pages ahead of the loop body;
 * - a plain Observable cannot be paused: its values are buffered, at most `highWaterMark` of them
 *   (see {@link ToAsyncIterableOptions.highWaterMark}).
 *
 * @example
 * ```ts
 * // real backpressure: the loop body's pace decides when the next page is requested
 * const items = toAsyncIterable((pacer) => paginateAfter(fetchPage, { cursorOf: (o) => o.id, pageSize: 100, pacer }))
 * for await (const item of items) if (E.isRight(item)) await save(item.right)
 *
 * // a push source: buffered, but never more than 1000 values
 * for await (const tick of toAsyncIterable(interval(1), { highWaterMark: 1000 })) if (tick > 10) break
 * ```
 */
export function toAsyncIterable<A>(
  source: Observable<A> | ((pacer: Pacer) => Observable<A>),
  options: ToAsyncIterableOptions = {},
): AsyncIterable<A> {
  const highWaterMark = options.highWaterMark ?? Infinity
  if (!(highWaterMark >= 1)) {
    throw new RangeError(`toAsyncIterable: highWaterMark must be >= 1, but was: ${highWaterMark}`)
  }
  const open = (): BufferedIterator<A> =>
    typeof source === 'function'
      ? new BufferedIterator(source, createPacer(), highWaterMark)
      : new BufferedIterator(() => source, undefined, highWaterMark)
  return { [Symbol.asyncIterator]: open }
}

// -------------------------------------------------------------------------------------------------
// internal
// -------------------------------------------------------------------------------------------------

interface Waiter<A> {
  readonly resolve: (result: IteratorResult<A, undefined>) => void
  readonly reject: (error: unknown) => void
}

const finished: IteratorReturnResult<undefined> = { done: true, value: undefined }

/** The iterator: a bounded buffer of values nobody asked for yet, and a queue of pending `next()`s. */
class BufferedIterator<A> implements AsyncIterator<A, undefined> {
  private readonly buffer: Array<{ readonly value: A }> = []
  private readonly waiters: Array<Waiter<A>> = []
  private readonly stop$ = new Subject<void>()
  private subscription: Subscription | undefined
  private state: 'idle' | 'running' | 'ended' = 'idle'
  private failure: { readonly error: unknown } | undefined
  private delivered = 0
  private acked = 0

  constructor(
    private readonly subscribe: (pacer: Pacer) => Observable<A>,
    private readonly pacer: Pacer | undefined,
    private readonly highWaterMark: number,
  ) {}

  next(): Promise<IteratorResult<A, undefined>> {
    if (this.state === 'idle') this.start()
    // Asking for the next value means the loop has finished with every value handed out so far.
    if (this.pacer !== undefined && this.delivered > this.acked) {
      const n = this.delivered - this.acked
      this.acked = this.delivered
      this.pacer.ack(n)
    }
    const held = this.buffer.shift()
    if (held !== undefined) return Promise.resolve(this.deliver(held.value))
    if (this.failure !== undefined) {
      const { error } = this.failure
      this.failure = undefined
      return Promise.reject(error)
    }
    if (this.state === 'ended') return Promise.resolve(finished)
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }))
  }

  return(): Promise<IteratorResult<A, undefined>> {
    this.buffer.length = 0
    this.failure = undefined
    this.end()
    return Promise.resolve(finished)
  }

  private start(): void {
    this.state = 'running'
    const source = this.subscribe(this.pacer ?? createPacer()).pipe(takeUntil(this.stop$))
    const subscription = source.subscribe({
      next: (value) => this.onValue(value),
      error: (error: unknown) => this.onError(error),
      complete: () => this.end(),
    })
    // A synchronous source may already have ended us; then this unsubscribe is a no-op.
    if (this.ended()) subscription.unsubscribe()
    else this.subscription = subscription
  }

  /** A method, not a field read, so it is re-evaluated after callbacks that may have ended us. */
  private ended(): boolean {
    return this.state === 'ended'
  }

  private onValue(value: A): void {
    const waiter = this.waiters.shift()
    if (waiter !== undefined) waiter.resolve(this.deliver(value))
    else if (this.buffer.length < this.highWaterMark) this.buffer.push({ value })
    else this.onError(new BufferOverflowError(this.highWaterMark))
  }

  private onError(error: unknown): void {
    const waiter = this.waiters.shift()
    if (waiter !== undefined) waiter.reject(error)
    else this.failure = { error }
    this.end()
  }

  private deliver(value: A): IteratorYieldResult<A> {
    this.delivered += 1
    return { done: false, value }
  }

  /** Idempotent: stops the source (synchronously, even mid-emission) and releases waiters. */
  private end(): void {
    if (this.state === 'ended') return
    this.state = 'ended'
    this.stop$.next()
    this.subscription?.unsubscribe()
    this.subscription = undefined
    for (let waiter = this.waiters.shift(); waiter !== undefined; waiter = this.waiters.shift()) {
      waiter.resolve(finished)
    }
  }
}
