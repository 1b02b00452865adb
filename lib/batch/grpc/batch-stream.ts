/**
 * Writing prepared objects over server-side batching (`BatchStream`, complete from 1.36.0): one
 * bidirectional call per batch run, shared by the run's requests, each reported as its items'
 * outcomes exactly like `BatchObjects` (`batch-send.ts`), so `runBatch` and its item retries,
 * window and progress work unchanged.
 *
 * The protocol, as the server speaks it (adapters/handlers/grpc/v1/batch/stream.go at v1.39.0):
 * `Start` (the consistency level), then `Data` messages; the server acknowledges each (`Acks`),
 * queues it for its workers, and later reports every object by UUID (`Results`: successes and
 * errors, the errors the same texts as `BatchObjects`). It asks for a batch size every few seconds
 * (`Backoff`): `Data` messages are cut to that size. Under memory pressure it names the objects of
 * the refused message (`OutOfMemory`) and ends the stream; when shutting down it says so
 * (`ShuttingDown`): the client stops sending on that stream. The client half-closes (`Stop`, end)
 * when done.
 *
 * Every object carries its UUID and the server upserts, so re-sending is safe: when the stream
 * ends or fails while objects still wait for their result (a cut connection, a shutdown, memory
 * pressure, no message within the attempt timeout), the stream is opened again after the retry
 * policy's wait (at least the `OutOfMemory` wait) and every waiting object is sent again. Each
 * object's outcome is reported once, from the first result that names it. A failure the policy
 * does not retry (an auth error, retries exhausted without a result in between) fails every
 * waiting object with it, as a failed `BatchObjects` call does. A message over the server's size
 * limit (RESOURCE_EXHAUSTED) makes the messages half as large, down to single objects, as
 * `BatchObjects` splits such a call. Only the waiting objects are held: the run's window
 * (`batchSize` x in-flight requests; without a given `concurrency`, at least
 * `STREAM_WINDOW_OBJECTS` objects: see `streamRequestsInFlight` in `batch-stream-framing.ts`, with
 * the messages).
 *
 * Each request (one `sendItems` call) has the call's total deadline (`timeout.totalMs`, re-opens
 * and waits included, on the run's clock), as each `BatchObjects` call has: when it passes, every
 * object of the request still without its result fails with a `TimeoutError` (phase `'total'`), is
 * not sent again, and a result that names it later is ignored; the stream goes on for the others.
 * Results name objects only by UUID: the result the stream owes such an object is dropped, not
 * given to another object of the same UUID (`batch-stream-waiting.ts`); so is one owed to the
 * objects of an unsubscribed request.
 *
 * With OIDC (a token that changes over the client's life) a stream keeps the token it opened with,
 * and the server checks that token as it writes the stream's objects, so an expired one fails them.
 * A stream therefore opens with a token in the first half of its life (waiting for the next one
 * when the current is older: `signingIn`), and at that token's half-life (`renewDue`) it is closed
 * cleanly: nothing more is written on it, `Stop` is sent, and the server acknowledges and writes
 * what it was sent, reports every result and ends it (`renewing`); the next stream opens at once
 * with the next token and takes what waits meanwhile. No object is sent twice for it (only one the
 * server ended without a result, as after any end), none is lost, and no failure is counted.
 *
 * The session is a state machine: its states are {@link StreamState}, and each transition is one
 * method of the session (`BatchStreamSession`):
 *
 * | transition | from | to |
 * |---|---|---|
 * | `openStream` | idle | open; signingIn while the next token is fetched; idle when the call cannot be made (every waiting object fails) |
 * | `signedIn` | signingIn | open; idle when the sign-in failed (every waiting object fails) |
 * | `halfClose` | open | halfClosed (the server said `OutOfMemory` or `ShuttingDown`) |
 * | `renewDue` | open | renewing (the stream's token is at its half-life) |
 * | `streamEnded` | open, halfClosed, renewing | idle when nothing waits or the policy gives up (every waiting object fails); open at once after a renewal, or when a message was too large (smaller ones); else reopening |
 * | `reopenDue` | reopening | open; idle when nothing waits any more |
 * | `close` | any | closed |
 *
 * @packageDocumentation
 */
import type { ClientDuplexStream } from '@grpc/grpc-js'
import { Observable, SchedulerLike, Subscriber, Subscription, from } from 'rxjs'
import { ConnectionError, TimeoutError, WeaviateError, isWeaviateError } from '../../core/errors'
import type { ConsistencyLevel } from '../../input/check'
import type { BatchStreamReply } from '../../proto/static/replies/weaviate/v1/batch_stream'
import { MAX_TIMER_MS } from '../../transport/http/deadline'
import { retryDelay } from '../../transport/http/retry'
import type { StreamBearer } from '../../transport/http/options'
import type { CallOptions, RetryOptions, TimeoutOptions } from '../../transport/http/types'
import { METHODS } from '../../transport/grpc/methods'
import type { GrpcEffect, OpenedStream } from '../../transport/grpc/calls'
import { GRPC_UNAVAILABLE, grpcError, isCallFailure } from '../../transport/grpc/status'
import { itemFailure } from '../item-failure'
import type { ItemOutcome } from '../item-retry'
import type { Prepared } from '../sink'
import type { GrpcObjectPayload } from './batch-object'
import { dataMessage, dataMessages, startMessage, stopMessage } from './batch-stream-framing'
import { WaitingObjects, waitingObjects } from './batch-stream-waiting'

type Item = Prepared<GrpcObjectPayload>
type Outcome = ItemOutcome<GrpcObjectPayload>

/**
 * The sender of one batch run over `BatchStream`; `close` ends the stream: gracefully when every
 * request had its results, else (the run was unsubscribed) by cancelling the call.
 */
export interface BatchStreamSender {
  readonly sendItems: (items: ReadonlyArray<Item>) => Observable<ReadonlyArray<Outcome>>
  readonly close: () => void
}

/**
 * What a run's stream needs.
 */
export interface BatchStreamConfig {
  readonly grpc: GrpcEffect
  readonly call: CallOptions
  readonly consistencyLevel: ConsistencyLevel | undefined
  /** The size of a `Data` message until the server asks for another (`Backoff`). */
  readonly batchSize: number
  /** Told each size the server asks for (`Backoff`): a dynamic run's size follows it. */
  readonly onBackoff?: (batchSize: number) => void
  /** The clock of the waits before re-opening, of the attempt timeout and of each request's total deadline. */
  readonly scheduler: SchedulerLike
}

/** One `sendItems` call: its items' outcomes so far and how many are still to come. */
interface Request {
  readonly subscriber: Subscriber<ReadonlyArray<Outcome>>
  readonly outcomes: Outcome[]
  remaining: number
}

/** An object waiting for its result. */
interface Waiting {
  readonly uuid: string
  readonly item: Item
  readonly request: Request
  /** The stream it was last written on; undefined until it is written. */
  sentOn: Open | undefined
}

/** One opened call and what the server said on it. */
interface Open {
  readonly call: ClientDuplexStream<Uint8Array, BatchStreamReply>
  readonly url: string
  readonly retry: RetryOptions
  readonly timeout: TimeoutOptions
  /** The failover cursor's side of the call. */
  readonly node: Pick<OpenedStream<Uint8Array, BatchStreamReply>, 'succeeded' | 'failed'>
  /** The `OutOfMemory` wait before sending again, in ms. */
  waitMs: number
  /** Objects in the largest `Data` message sent. */
  largest: number
  /** The attempt timeout's timer while objects wait: no progress before it fires, and the stream is given up. */
  stall: Subscription | undefined
  /** When the stream last made progress (the scheduler's clock): what the stall timer measures from. */
  progressAt: number
  /** The timer of its token's half-life (`renewDue`); undefined when its token is never renewed. */
  renewal: Subscription | undefined
}

/**
 * Where a run's stream is. Only `open` takes `Data`; the objects of a request made in any other
 * state wait (`idle` opens a stream for them, `halfClosed` and `reopening` send them on the next).
 */
type StreamState =
  /** No stream and none due: before the first request, after a stream ended with nothing waiting, after a failure for good. */
  | { readonly name: 'idle' }
  /** A stream takes the waiting objects. */
  | { readonly name: 'open'; readonly stream: Open }
  /** The server asked to stop sending (`OutOfMemory`, `ShuttingDown`): `Stop` sent, the stream's end awaited. */
  | { readonly name: 'halfClosed'; readonly stream: Open }
  /** A stream is due and waits for the next token (the current one is past its half-life). */
  | { readonly name: 'signingIn'; readonly wait: Subscription }
  /** The stream's token is at its half-life: `Stop` sent, the stream's end (every result) awaited, then the next opens at once. */
  | { readonly name: 'renewing'; readonly stream: Open }
  /** A stream ended while objects wait: the next opens when `timer` fires (the retry policy's wait). */
  | { readonly name: 'reopening'; readonly timer: Subscription }
  /** The run is over: nothing is opened or sent again. */
  | { readonly name: 'closed' }

/** The HTTP-equivalent status of RESOURCE_EXHAUSTED (status.ts): a message over the server's limit. */
const TOO_LARGE = 413

/** Re-opening is a retry of an idempotent write. */
const REOPEN = { method: 'POST', idempotent: true } as const

/**
 * The stream session of one batch run: its state ({@link StreamState}), the objects waiting for
 * their results, and what the server told it (message size, failures since the last result). Its
 * transitions are `openStream`, `signedIn`, `halfClose`, `renewDue`, `streamEnded`, `reopenDue`
 * and `close`; the other methods report outcomes and watch for a stalled stream.
 */
class BatchStreamSession {
  private state: StreamState = { name: 'idle' }
  /** The URL the errors name: the last stream's (the first node's before any). */
  private url: string
  /** Every object without its result, by UUID (a UUID given twice waits twice, first in first out). */
  private readonly waiting: WaitingObjects<Waiting> = waitingObjects<Waiting>()
  /** The `Data` message size: the server's `Backoff`, within what fits its message size limit. */
  private size: number
  /** The most objects a message may hold: halved each time the server refuses one as too large. */
  private fits = Infinity
  /** Stream failures since the last result: the retry policy's attempt number. */
  private failures = 0
  /** A request was unsubscribed before its results: closing cancels the call (the server stops too). */
  private abandoned = false
  /** Each request's total deadline (`timeout.totalMs`). */
  private readonly totalMs: number

  constructor(private readonly config: BatchStreamConfig) {
    this.url = `${config.grpc.nodes[0]?.origin ?? ''}${METHODS.batchStream.path}`
    this.size = config.batchSize
    this.totalMs = config.grpc.settings(config.call).timeout.totalMs
  }

  // -----------------------------------------------------------------------------------------------
  // the run's side
  // -----------------------------------------------------------------------------------------------

  readonly sendItems = (items: ReadonlyArray<Item>): Observable<ReadonlyArray<Outcome>> =>
    new Observable<ReadonlyArray<Outcome>>((subscriber) => {
      if (items.length === 0) {
        subscriber.next([])
        subscriber.complete()
        return undefined
      }
      const request: Request = { subscriber, outcomes: [], remaining: items.length }
      const entries = items.map((item): Waiting => ({ uuid: item.payload.uuid, item, request, sentOn: undefined }))
      for (const entry of entries) this.waiting.add(entry)
      const state = this.state
      if (state.name === 'open') {
        this.write(state.stream, entries)
        if (state.stream.stall === undefined) this.watch(state.stream)
      } else if (state.name === 'idle') this.openStream()
      if (this.totalMs <= MAX_TIMER_MS) subscriber.add(this.config.scheduler.schedule(() => this.expire(request, entries), this.totalMs))
      return () => {
        if (request.remaining === 0) return
        this.abandoned = true
        for (const entry of entries) this.forget(entry)
      }
    })

  /** Transition any -> closed: gracefully when nothing waits and nothing was abandoned, else by cancelling the call. */
  readonly close = (): void => {
    const state = this.state
    if (state.name === 'closed') return
    this.state = { name: 'closed' }
    if (state.name === 'reopening') state.timer.unsubscribe()
    if (state.name === 'signingIn') state.wait.unsubscribe()
    if (state.name !== 'open' && state.name !== 'halfClosed' && state.name !== 'renewing') return
    state.stream.stall?.unsubscribe()
    state.stream.renewal?.unsubscribe()
    if (this.waiting.count === 0 && !this.abandoned) {
      if (state.name === 'open') this.sendStop(state.stream)
    } else state.stream.call.cancel()
  }

  // -----------------------------------------------------------------------------------------------
  // transitions
  // -----------------------------------------------------------------------------------------------

  /**
   * Transition idle -> open | signingIn: opens a stream and sends every waiting object (all of
   * them: a new stream knows none), with the token at hand, or, when the current token is past its
   * half-life, once the next one comes (`signedIn`). When the call cannot even be made, every
   * waiting object fails and the state stays idle.
   */
  private openStream(): void {
    let bearer: StreamBearer | Promise<StreamBearer> | undefined
    try {
      bearer = this.config.grpc.streamBearer()
    } catch (e) {
      this.failAll(new ConnectionError({ method: 'POST', url: this.url, code: 'UNKNOWN', detail: String(e), cause: e }))
      return
    }
    if (bearer instanceof Promise) {
      this.state = {
        name: 'signingIn',
        wait: from(bearer).subscribe({
          next: (next) => this.signedIn(next),
          error: (e: unknown) => this.signedIn(isWeaviateError(e) ? e : new ConnectionError({ method: 'POST', url: this.url, code: 'UNKNOWN', detail: String(e), cause: e })),
        }),
      }
      return
    }
    this.startStream(bearer)
  }

  /** Transition signingIn -> open | idle: the next token came (a stream with it), or the sign-in failed (every waiting object fails). */
  private signedIn(next: StreamBearer | WeaviateError): void {
    if (this.state.name !== 'signingIn') return
    this.state = { name: 'idle' }
    if (isWeaviateError(next)) this.failAll(next)
    else if (this.waiting.count > 0) this.startStream(next)
  }

  /** The call of a stream with `bearer`'s token: idle -> open, or every waiting object fails when the call cannot be made. */
  private startStream(bearer: StreamBearer | undefined): void {
    let opened: OpenedStream<Uint8Array, BatchStreamReply>
    try {
      opened = this.config.grpc.openStream(METHODS.batchStream, this.config.call, bearer)
    } catch (e) {
      this.failAll(isWeaviateError(e) ? e : new ConnectionError({ method: 'POST', url: '', code: 'UNKNOWN', detail: String(e), cause: e }))
      return
    }
    const stream: Open = {
      call: opened.call,
      url: opened.url,
      retry: opened.retry,
      timeout: opened.timeout,
      node: opened,
      waitMs: 0,
      largest: 0,
      stall: undefined,
      progressAt: 0,
      renewal: undefined,
    }
    this.state = { name: 'open', stream }
    const renewInMs = bearer?.renewInMs
    if (renewInMs !== undefined && renewInMs <= MAX_TIMER_MS) stream.renewal = this.config.scheduler.schedule(() => this.renewDue(stream), renewInMs)
    this.url = stream.url
    stream.call.on('data', (reply: BatchStreamReply) => this.onReply(stream, reply))
    stream.call.on('error', (e: unknown) =>
      this.streamEnded(
        stream,
        isCallFailure(e)
          ? grpcError(e, { url: stream.url, limit: { phase: 'attempt', timeoutMs: stream.timeout.attemptMs, afterMs: stream.timeout.attemptMs } })
          : new ConnectionError({ method: 'POST', url: stream.url, code: 'UNKNOWN', detail: String(e), cause: e }),
      ),
    )
    stream.call.on('end', () => this.streamEnded(stream, undefined))
    stream.call.write(startMessage(this.config.consistencyLevel))
    this.waiting.newStream()
    this.write(stream, this.waiting.all())
    this.watch(stream)
  }

  /** Transition open -> halfClosed: the server asked to stop sending on `stream`. */
  private halfClose(stream: Open): void {
    const state = this.state
    if (state.name !== 'open' || state.stream !== stream) return
    this.state = { name: 'halfClosed', stream }
    this.sendStop(stream)
  }

  /**
   * Transition open -> renewing: `stream`'s token is at its half-life. Nothing more is written on
   * it; `Stop` asks the server to finish what it was sent (it writes and reports every object, its
   * token still good for as long again) and to end it; `streamEnded` then opens the next.
   */
  private renewDue(stream: Open): void {
    const state = this.state
    stream.renewal = undefined
    if (state.name !== 'open' || state.stream !== stream) return
    this.state = { name: 'renewing', stream }
    this.sendStop(stream)
  }

  /**
   * Transition open | halfClosed | renewing -> idle | open | reopening: `stream` is over (`error`
   * undefined: the server ended it). Nothing waits: idle. A renewal's stream the server ended: the
   * next at once, with the next token. A message was over the server's size limit: a new stream at
   * once, with smaller messages. Else the retry policy decides: reopening after its wait (at least
   * the `OutOfMemory` wait), or every waiting object fails with the error (idle).
   */
  private streamEnded(stream: Open, error: WeaviateError | undefined): void {
    if (!this.isCurrent(stream)) return
    const renewed = this.state.name === 'renewing' && error === undefined && stream.waitMs === 0
    this.state = { name: 'idle' }
    stream.stall?.unsubscribe()
    stream.stall = undefined
    stream.renewal?.unsubscribe()
    stream.renewal = undefined
    if (error !== undefined) stream.node.failed(error)
    if (this.waiting.count === 0) return
    if (renewed) {
      // The clean end of a renewal is not a failure: the next stream takes what waits, at once.
      this.openStream()
      return
    }
    if (error?._tag === 'UnexpectedStatusError' && error.status === TOO_LARGE && stream.largest > 1) {
      // A message over the server's size limit (RESOURCE_EXHAUSTED ends the stream): smaller ones.
      this.fits = Math.ceil(stream.largest / 2)
      this.size = Math.min(this.size, this.fits)
      this.openStream()
      return
    }
    const cause =
      error ?? new ConnectionError({ method: 'POST', url: stream.url, code: GRPC_UNAVAILABLE, detail: 'the server ended the stream before every object had its result', cause: undefined })
    this.failures += 1
    const delay = retryDelay({ error: cause, attempt: this.failures, request: REOPEN, options: stream.retry, remainingMs: Infinity })
    if (delay === undefined) {
      this.failAll(cause)
      return
    }
    this.state = { name: 'reopening', timer: this.config.scheduler.schedule(() => this.reopenDue(), Math.max(delay, stream.waitMs)) }
  }

  /** Transition reopening -> open | idle: the wait is over; a stream for what still waits. */
  private reopenDue(): void {
    if (this.state.name !== 'reopening') return
    this.state = { name: 'idle' }
    if (this.waiting.count > 0) this.openStream()
  }

  // -----------------------------------------------------------------------------------------------
  // what the server says
  // -----------------------------------------------------------------------------------------------

  private onReply(stream: Open, reply: BatchStreamReply): void {
    const m = reply.message
    if (m === undefined) {
      this.watch(stream)
      return
    }
    switch (m.$case) {
      case 'results':
        this.failures = 0
        for (const e of m.value.errors) {
          if (e.detail?.$case === 'uuid') {
            const messages = [e.error]
            this.settle(e.detail.value, (item) => ({ item, ok: false, failure: { kind: 'item', error: itemFailure({ method: 'POST', url: stream.url }, messages) } }))
          }
        }
        for (const s of m.value.successes) if (s.detail?.$case === 'uuid') this.settle(s.detail.value, (item) => ({ item, ok: true }))
        break
      case 'backoff':
        // Sent every few seconds whatever the progress: it does not hold off the attempt timeout.
        this.size = Math.max(1, Math.min(m.value.batchSize, this.fits))
        this.config.onBackoff?.(m.value.batchSize)
        return
      case 'outOfMemory':
        // The named objects still wait; the server ends the stream, and they go again after the wait.
        stream.waitMs = Math.max(stream.waitMs, m.value.waitTime * 1000)
        this.halfClose(stream)
        break
      case 'shuttingDown':
        this.halfClose(stream)
        break
      case 'started':
        stream.node.succeeded()
        break
      case 'acks':
        break
      default: {
        const unknown: never = m
        return unknown
      }
    }
    this.watch(stream)
  }

  /**
   * No progress (a result or an acknowledgement) within the attempt timeout while objects wait:
   * the stream is given up as stalled, and what waits goes again on a new one. Each progress only
   * notes the time: the one timer, when it fires, looks at the last progress and waits again for
   * what is left of the timeout, so no timer is set and cleared for every reply.
   */
  private watch(stream: Open): void {
    if (!this.isCurrent(stream)) return
    const ms = stream.timeout.attemptMs
    if (!Number.isFinite(ms) || this.waiting.count === 0) {
      stream.stall?.unsubscribe()
      stream.stall = undefined
      return
    }
    stream.progressAt = this.config.scheduler.now()
    if (stream.stall === undefined) this.stallAfter(stream, ms, ms)
  }

  /** The stall timer of `stream`, due in `delayMs`: the attempt timeout `ms` after its last progress. */
  private stallAfter(stream: Open, ms: number, delayMs: number): void {
    stream.stall = this.config.scheduler.schedule(() => {
      stream.stall = undefined
      if (!this.isCurrent(stream) || this.waiting.count === 0) return
      const quietMs = this.config.scheduler.now() - stream.progressAt
      if (quietMs < ms) {
        this.stallAfter(stream, ms, ms - quietMs)
        return
      }
      this.streamEnded(stream, new TimeoutError({ method: 'POST', url: stream.url, phase: 'attempt', timeoutMs: ms }))
      stream.call.cancel()
    }, delayMs)
  }

  // -----------------------------------------------------------------------------------------------
  // objects and outcomes
  // -----------------------------------------------------------------------------------------------

  /** True while `stream` is the session's stream (open, half-closed or renewing). */
  private isCurrent(stream: Open): boolean {
    const state = this.state
    return (state.name === 'open' || state.name === 'halfClosed' || state.name === 'renewing') && state.stream === stream
  }

  private write(stream: Open, entries: ReadonlyArray<Waiting>): void {
    for (const entry of entries) entry.sentOn = stream
    for (const values of dataMessages(entries, this.size)) {
      stream.largest = Math.max(stream.largest, values.length)
      stream.call.write(dataMessage(values))
    }
  }

  /** `Stop`, then the end of the client's half of `stream`. */
  private sendStop(stream: Open): void {
    stream.call.write(stopMessage())
    stream.call.end()
  }

  /** Reports `entry`'s outcome to its request; the request completes with its last one. */
  private report(entry: Waiting, outcome: Outcome): void {
    const { request } = entry
    request.outcomes.push(outcome)
    if (--request.remaining === 0) {
      request.subscriber.next(request.outcomes)
      request.subscriber.complete()
    }
  }

  /** A result named `uuid`: it settles the first object waiting with that UUID. */
  private settle(uuid: string, outcome: (item: Item) => Outcome): void {
    const entry = this.waiting.next(uuid)
    if (entry !== undefined) this.report(entry, outcome(entry.item))
  }

  /**
   * Takes `entry` off the waiting objects (the open stream's answer to it, if it owes one, will be
   * dropped); false when it was not waiting (it has its result).
   */
  private forget(entry: Waiting): boolean {
    return this.waiting.leave(entry, entry.sentOn !== undefined && this.isCurrent(entry.sentOn))
  }

  /** The request's total deadline passed: each of its objects still waiting fails with a TimeoutError. */
  private expire(request: Request, entries: ReadonlyArray<Waiting>): void {
    const error = new TimeoutError({ method: 'POST', url: this.url, phase: 'total', timeoutMs: this.totalMs })
    for (const entry of entries) {
      if (this.forget(entry)) request.outcomes.push({ item: entry.item, ok: false, failure: { kind: 'request', error } })
    }
    request.remaining = 0
    const state = this.state
    if (this.waiting.count === 0 && (state.name === 'open' || state.name === 'halfClosed' || state.name === 'renewing')) {
      // Nothing waits any more: the stream is idle, not stalled.
      state.stream.stall?.unsubscribe()
      state.stream.stall = undefined
    }
    request.subscriber.next(request.outcomes)
    request.subscriber.complete()
  }

  /** Every waiting object fails with `error` (a failure the policy does not retry). */
  private failAll(error: WeaviateError): void {
    for (const entry of this.waiting.clear()) this.report(entry, { item: entry.item, ok: false, failure: { kind: 'request', error } })
  }
}

/**
 * Creates the sender of one batch run; the call opens with the first request.
 */
export const batchStreamSender = (config: BatchStreamConfig): BatchStreamSender => {
  const session = new BatchStreamSession(config)
  return { sendItems: session.sendItems, close: session.close }
}
