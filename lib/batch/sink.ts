/**
 * The batch sink: reads items from a pull-based source, groups them into requests by count, by
 * bytes and by idle time, keeps at most `concurrency` requests in flight, and emits one result per
 * item. Nothing in here knows about Weaviate: the caller prepares each item (checks it, serialises
 * it) and sends a batch.
 *
 * Memory: a batch is filled while the requests are in flight and sent when a slot frees, and no
 * item is read while a full batch waits for a slot, so at most `(concurrency + 1) x batchSize`
 * items (plus one) are held, whatever the size of the source.
 *
 * @packageDocumentation
 */
import { Observable, SchedulerLike, Subscription } from 'rxjs'
import type { BatchSizer } from './dynamic-size'
import { RatePace } from './rate-pace'

/**
 * An item ready to send: its position in the source, its payload and its size in bytes.
 */
export interface Prepared<P> {
  readonly index: number
  readonly payload: P
  readonly bytes: number
}

/**
 * What {@link batchSink} needs.
 */
export interface SinkConfig<I, P, R> {
  /** Pulled item by item; a synchronous Iterable is read without a promise per item. */
  readonly source: AsyncIterable<I> | Iterable<I>
  /** Checks and serialises an item; returns a result instead for an item that cannot be sent. */
  readonly prepare: (item: I, index: number) => { readonly prepared: Prepared<P> } | { readonly result: R }
  /** Sends one batch; emits one result per item (in any order), then completes. */
  readonly send: (batch: ReadonlyArray<Prepared<P>>) => Observable<R>
  /** Items per request, at most. */
  readonly batchSize: number
  /** When given, the items per request instead of `batchSize`, read as each request fills. */
  readonly sizer?: BatchSizer
  /** Bytes of payload per request, at most (a single larger item is sent alone). */
  readonly maxBytes: number
  /** A partial batch is sent when the source has given nothing for this long. */
  readonly flushMs: number
  /** Requests in flight, at most. */
  readonly concurrency: number
  /** The clock of the idle timer and of the pace. */
  readonly scheduler: SchedulerLike
  /** When given, each request waits for its turn at this rate before it goes out. */
  readonly pace?: RatePace
}

const IDLE = Symbol('idle')
const PENDING = Symbol('pending')
/** Settled at once: what `Promise.race` returns when the other promise is still pending. */
const NOT_YET: Promise<typeof PENDING> = Promise.resolve(PENDING)

/**
 * Runs a sink: cold, one run per subscription; unsubscribing stops reading, aborts the requests in
 * flight and closes the source's iterator. A source that throws ends the run with that error on
 * the error channel, after the results of the requests already in flight.
 */
export const batchSink = <I, P, R>(config: SinkConfig<I, P, R>): Observable<R> =>
  new Observable<R>((subscriber) => {
    const source = config.source
    const syncIterator = Symbol.asyncIterator in source ? undefined : source[Symbol.iterator]()
    const iterator = Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : undefined
    const inFlight = new Set<Subscription>()
    let pacing: Subscription | undefined
    let stopped = false
    let wake: (() => void) | undefined
    const signal = (): void => {
      const w = wake
      wake = undefined
      w?.()
    }
    /** Resolves when `ready()` holds (or the run stopped). */
    const until = async (ready: () => boolean): Promise<void> => {
      while (!stopped && !ready()) await new Promise<void>((resolve) => (wake = resolve))
    }
    /** Resolves when a request of `n` items may go out at the pace (or the run stopped), and records it. */
    const paced = async (n: number): Promise<void> => {
      const pace = config.pace
      if (pace === undefined) return
      for (;;) {
        const wait = pace.delay(n, config.scheduler.now())
        if (stopped || wait <= 0) break
        // A request that completes meanwhile wakes this too: the timer goes, and the turn is asked again.
        await new Promise<void>((resolve) => {
          wake = resolve
          pacing = config.scheduler.schedule(() => signal(), wait)
        })
        pacing?.unsubscribe()
        pacing = undefined
      }
      if (!stopped) pace.sent(n, config.scheduler.now())
    }
    const start = (batch: ReadonlyArray<Prepared<P>>): void => {
      let done = false
      const subscription = new Subscription()
      inFlight.add(subscription)
      subscription.add(
        config.send(batch).subscribe({
          next: (r) => subscriber.next(r),
          error: (e: unknown) => subscriber.error(e),
          complete: () => {
            done = true
            inFlight.delete(subscription)
            signal()
          },
        }),
      )
      if (done) inFlight.delete(subscription)
    }
    /**
     * The next item, or IDLE when none came within flushMs. The timer is armed only when the item
     * is not there at once: a fast source (an array, a generator) costs no timer per item.
     */
    const nextOrIdle = async (pending: Promise<IteratorResult<I>>): Promise<IteratorResult<I> | typeof IDLE> => {
      const ready = await Promise.race([pending, NOT_YET])
      return ready === PENDING ? idleRace(pending) : ready
    }
    const idleRace = (pending: Promise<IteratorResult<I>>): Promise<IteratorResult<I> | typeof IDLE> =>
      new Promise((resolve, reject) => {
        const timer = config.scheduler.schedule(() => resolve(IDLE), config.flushMs)
        pending.then(
          (r) => {
            timer.unsubscribe()
            resolve(r)
          },
          (e: unknown) => {
            timer.unsubscribe()
            reject(e instanceof Error ? e : new Error(String(e)))
          },
        )
      })

    const run = async (): Promise<void> => {
      let batch: Array<Prepared<P>> = []
      let bytes = 0
      let index = 0
      let pending: Promise<IteratorResult<I>> | undefined
      let held: Prepared<P> | undefined
      const slotFree = (): boolean => inFlight.size < config.concurrency
      /**
       * Sends the batch as soon as a request slot is free. The next batch is filled while the
       * requests are in flight, so a freed slot sends at once instead of first reading and
       * preparing a whole batch.
       */
      const flush = async (): Promise<void> => {
        if (batch.length === 0) return
        if (!slotFree()) await until(slotFree)
        await paced(batch.length)
        if (stopped) return
        const full = batch
        batch = []
        bytes = 0
        start(full)
      }
      for (;;) {
        if (stopped) return
        if (held !== undefined) {
          batch.push(held)
          bytes += held.bytes
          held = undefined
        }
        let next: IteratorResult<I> | typeof IDLE
        if (syncIterator !== undefined) {
          // Always ready: no idle timer, no promise.
          next = syncIterator.next()
        } else if (iterator !== undefined) {
          pending ??= iterator.next()
          next = batch.length === 0 ? await pending : await nextOrIdle(pending)
        } else return
        if (stopped) return
        if (next === IDLE) {
          await flush()
          continue
        }
        pending = undefined
        if (next.done === true) break
        const outcome = config.prepare(next.value, index++)
        if ('result' in outcome) {
          subscriber.next(outcome.result)
          continue
        }
        const item = outcome.prepared
        if (batch.length > 0 && bytes + item.bytes > config.maxBytes) {
          await flush()
          held = item
          continue
        }
        batch.push(item)
        bytes += item.bytes
        if (batch.length >= (config.sizer?.size() ?? config.batchSize)) await flush()
      }
      await flush()
      await until(() => inFlight.size === 0)
      if (!stopped) subscriber.complete()
    }
    run().catch((e: unknown) => {
      if (stopped) return
      // The source failed: let the requests in flight finish, then report it.
      void until(() => inFlight.size === 0).then(() => subscriber.error(e))
    })
    return () => {
      stopped = true
      pacing?.unsubscribe()
      signal()
      for (const subscription of inFlight) subscription.unsubscribe()
      inFlight.clear()
      if (syncIterator !== undefined) syncIterator.return?.()
      else void iterator?.return?.()
    }
  })
