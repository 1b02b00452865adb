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
 * {@link STREAM_WINDOW_OBJECTS} objects: see {@link streamRequestsInFlight}).
 *
 * Each request (one `sendItems` call) has the call's total deadline (`timeout.totalMs`, re-opens
 * and waits included, on the run's clock), as each `BatchObjects` call has: when it passes, every
 * object of the request still without its result fails with a `TimeoutError` (phase `'total'`), is
 * not sent again, and a result that names it later is ignored; the stream goes on for the others.
 * Results name objects only by UUID: the result the stream owes such an object is dropped, not
 * given to another object of the same UUID (`batch-stream-waiting.ts`); so is one owed to the
 * objects of an unsubscribed request.
 *
 * @packageDocumentation
 */
import { MessageInitShape, create } from '@bufbuild/protobuf'
import type { ClientDuplexStream } from '@grpc/grpc-js'
import { Observable, SchedulerLike, Subscriber, Subscription } from 'rxjs'
import { ConnectionError, TimeoutError, WeaviateError } from '../../core/errors'
import { MAX_TIMER_MS } from '../../transport/http/deadline'
import { retryDelay } from '../../transport/http/retry'
import type { CallOptions, RetryOptions, TimeoutOptions } from '../../transport/http/types'
import { itemFailure } from '../item-failure'
import type { ItemOutcome } from '../item-retry'
import type { Prepared } from '../sink'
import type { ConsistencyLevel } from '../../input/check'
import type { GrpcObjectPayload } from './batch-object'
import { WIRE_CONSISTENCY } from '../../codecs/consistency'
import { waitingObjects } from './batch-stream-waiting'
import { BatchStreamReply, BatchStreamReplySchema, BatchStreamRequest, BatchStreamRequestSchema } from '../../proto/generated/weaviate/v1/batch_stream_pb'
import type { BatchObject } from '../../proto/generated/weaviate/v1/batch_pb'
import { METHODS } from '../../transport/grpc/methods'
import type { GrpcEffect, OpenedStream } from '../../transport/grpc/pipeline'
import { GRPC_UNAVAILABLE, grpcError, isCallFailure } from '../../transport/grpc/status'

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
  readonly call: ClientDuplexStream<BatchStreamRequest, BatchStreamReply>
  readonly url: string
  readonly retry: RetryOptions
  readonly timeout: TimeoutOptions
  /** The failover cursor's side of the call. */
  readonly node: Pick<OpenedStream<typeof BatchStreamRequestSchema, typeof BatchStreamReplySchema>, 'succeeded' | 'failed'>
  /** The server asked to stop sending (`ShuttingDown`, `OutOfMemory`), or the run is closing. */
  halfClosed: boolean
  /** The `OutOfMemory` wait before sending again, in ms. */
  waitMs: number
  /** Objects in the largest `Data` message sent. */
  largest: number
}

/**
 * The fewest objects a stream run whose call gives no `concurrency` lets wait for their results
 * (0: `batchSize` x the default concurrency): two messages of the largest batch size 1.39.0 asks
 * for (`Backoff`: 100 to 1000, from 200; adapters/handlers/grpc/v1/batch/queues.go), as a client
 * that keeps two such messages ahead of the server's results. Chosen by measurement against a
 * window of 200 and against a raw loop (docs/benchmarks.md).
 */
export const STREAM_WINDOW_OBJECTS = 2_000

/**
 * The requests a stream run keeps in flight: the `concurrency` the call gives (one request at a
 * time keeps writes in source order), else the default, or more when that many requests of
 * `batchSize` hold fewer than {@link STREAM_WINDOW_OBJECTS} objects.
 */
export const streamRequestsInFlight = (batchSize: number, concurrency: number, given: boolean): number =>
  given ? concurrency : Math.max(concurrency, Math.ceil(STREAM_WINDOW_OBJECTS / batchSize))

/** The HTTP-equivalent status of RESOURCE_EXHAUSTED (status.ts): a message over the server's limit. */
const TOO_LARGE = 413

/** Re-opening is a retry of an idempotent write. */
const REOPEN = { method: 'POST', idempotent: true } as const

const message = (value: NonNullable<MessageInitShape<typeof BatchStreamRequestSchema>['message']>): BatchStreamRequest => create(BatchStreamRequestSchema, { message: value })

/**
 * The `Data` messages that carry the items of `objects`: at most `size` objects each, and objects
 * of one class each. 1.39.0 gives no result to an object whose class autoschema has yet to create
 * when the object shares a message with objects of another class (with three new classes mixed,
 * a third of the objects got no result and waited for the attempt timeout); alone with its class it gets one.
 */
const dataMessages = (objects: ReadonlyArray<{ readonly item: Item }>, size: number): BatchObject[][] => {
  const messages: BatchObject[][] = []
  let values: BatchObject[] = []
  let className: string | undefined
  for (const { item } of objects) {
    const { payload } = item
    if (values.length === size || (values.length > 0 && payload.className !== className)) {
      messages.push(values)
      values = []
    }
    className = payload.className
    values.push(payload.message)
  }
  if (values.length > 0) messages.push(values)
  return messages
}

/**
 * Creates the sender of one batch run; the call opens with the first request.
 */
export const batchStreamSender = (config: BatchStreamConfig): BatchStreamSender => {
  const { grpc, scheduler } = config
  const { totalMs } = grpc.settings(config.call).timeout
  /** The URL the errors name: the last stream's (the first node's before any). */
  let url = `${grpc.nodes[0]?.origin ?? ''}${METHODS.batchStream.path}`
  /** Every object without its result, by UUID (a UUID given twice waits twice, first in first out). */
  const waiting = waitingObjects<Waiting>()
  /** The `Data` message size: the server's `Backoff`, within what fits its message size limit. */
  let size = config.batchSize
  /** The most objects a message may hold: halved each time the server refuses one as too large. */
  let fits = Infinity
  let current: Open | undefined
  let reopen: Subscription | undefined
  let watchdog: Subscription | undefined
  /** Stream failures since the last result: the retry policy's attempt number. */
  let failures = 0
  let closed = false
  /** A request was unsubscribed before its results: closing cancels the call (the server stops too). */
  let abandoned = false

  const write = (open: Open, entries: ReadonlyArray<Waiting>): void => {
    for (const entry of entries) entry.sentOn = open
    for (const values of dataMessages(entries, size)) {
      open.largest = Math.max(open.largest, values.length)
      open.call.write(message({ case: 'data', value: { objects: { values } } }))
    }
  }

  /** Reports `entry`'s outcome to its request; the request completes with its last one. */
  const report = (entry: Waiting, outcome: Outcome): void => {
    const { request } = entry
    request.outcomes.push(outcome)
    if (--request.remaining === 0) {
      request.subscriber.next(request.outcomes)
      request.subscriber.complete()
    }
  }

  /** A result named `uuid`: it settles the first object waiting with that UUID. */
  const settle = (uuid: string, outcome: (item: Item) => Outcome): void => {
    const entry = waiting.next(uuid)
    if (entry !== undefined) report(entry, outcome(entry.item))
  }

  /**
   * Takes `entry` off the waiting objects (the open stream's answer to it, if it owes one, will be
   * dropped); false when it was not waiting (it has its result).
   */
  const forget = (entry: Waiting): boolean => waiting.leave(entry, entry.sentOn !== undefined && entry.sentOn === current)

  /** The request's total deadline passed: each of its objects still waiting fails with a TimeoutError. */
  const expire = (request: Request, entries: ReadonlyArray<Waiting>): void => {
    const error = new TimeoutError({ method: 'POST', url, phase: 'total', timeoutMs: totalMs })
    for (const entry of entries) {
      if (forget(entry)) request.outcomes.push({ item: entry.item, ok: false, failure: { kind: 'request', error } })
    }
    request.remaining = 0
    if (waiting.count === 0) {
      // Nothing waits any more: the stream is idle, not stalled.
      watchdog?.unsubscribe()
      watchdog = undefined
    }
    request.subscriber.next(request.outcomes)
    request.subscriber.complete()
  }

  /** Every waiting object fails with `error` (a failure the policy does not retry). */
  const failAll = (error: WeaviateError): void => {
    for (const entry of waiting.clear()) report(entry, { item: entry.item, ok: false, failure: { kind: 'request', error } })
  }

  /**
   * No progress (a result or an acknowledgement) within the attempt timeout while objects wait:
   * the stream is given up as stalled, and what waits goes again on a new one.
   */
  const armWatchdog = (open: Open): void => {
    watchdog?.unsubscribe()
    watchdog = undefined
    const ms = open.timeout.attemptMs
    if (!Number.isFinite(ms) || waiting.count === 0) return
    watchdog = scheduler.schedule(() => {
      if (current !== open) return
      ended(open, new TimeoutError({ method: 'POST', url: open.url, phase: 'attempt', timeoutMs: ms }))
      open.call.cancel()
    }, ms)
  }

  const onReply = (open: Open, reply: BatchStreamReply): void => {
    const m = reply.message
    switch (m.case) {
      case 'results':
        failures = 0
        for (const e of m.value.errors) {
          if (e.detail.case === 'uuid') {
            const messages = [e.error]
            settle(e.detail.value, (item) => ({ item, ok: false, failure: { kind: 'item', error: itemFailure({ method: 'POST', url: open.url }, messages) } }))
          }
        }
        for (const s of m.value.successes) if (s.detail.case === 'uuid') settle(s.detail.value, (item) => ({ item, ok: true }))
        break
      case 'backoff':
        // Sent every few seconds whatever the progress: it does not hold off the attempt timeout.
        size = Math.max(1, Math.min(m.value.batchSize, fits))
        return
      case 'outOfMemory':
        // The named objects still wait; the server ends the stream, and they go again after the wait.
        open.waitMs = Math.max(open.waitMs, m.value.waitTime * 1000)
        halfClose(open)
        break
      case 'shuttingDown':
        halfClose(open)
        break
      case 'started':
        open.node.succeeded()
        break
      case 'acks':
      case undefined:
        break
      default: {
        const unknown: never = m
        return unknown
      }
    }
    armWatchdog(open)
  }

  const halfClose = (open: Open): void => {
    if (open.halfClosed) return
    open.halfClosed = true
    open.call.write(message({ case: 'stop', value: {} }))
    open.call.end()
  }

  /** The stream is over (`error` undefined: the server ended it): open another for what waits. */
  const ended = (open: Open, error: WeaviateError | undefined): void => {
    if (current !== open) return
    current = undefined
    watchdog?.unsubscribe()
    watchdog = undefined
    if (error !== undefined) open.node.failed(error)
    if (closed || waiting.count === 0) return
    if (error?._tag === 'UnexpectedStatusError' && error.status === TOO_LARGE && open.largest > 1) {
      // A message over the server's size limit (RESOURCE_EXHAUSTED ends the stream): smaller ones.
      fits = Math.ceil(open.largest / 2)
      size = Math.min(size, fits)
      start()
      return
    }
    const cause =
      error ?? new ConnectionError({ method: 'POST', url: open.url, code: GRPC_UNAVAILABLE, detail: 'the server ended the stream before every object had its result', cause: undefined })
    failures += 1
    const delay = retryDelay({ error: cause, attempt: failures, request: REOPEN, options: open.retry, remainingMs: Infinity })
    if (delay === undefined) {
      failAll(cause)
      return
    }
    reopen = scheduler.schedule(() => {
      reopen = undefined
      if (!closed && waiting.count > 0) start()
    }, Math.max(delay, open.waitMs))
  }

  /** Opens the stream and sends every waiting object (all of them: a new stream knows none). */
  const start = (): Open | undefined => {
    let opened: OpenedStream<typeof BatchStreamRequestSchema, typeof BatchStreamReplySchema>
    try {
      opened = grpc.openStream(METHODS.batchStream, config.call)
    } catch (e) {
      failAll(e instanceof ConnectionError ? e : new ConnectionError({ method: 'POST', url: '', code: 'UNKNOWN', detail: String(e), cause: e }))
      return undefined
    }
    const open: Open = {
      call: opened.call,
      url: opened.url,
      retry: opened.retry,
      timeout: opened.timeout,
      node: opened,
      halfClosed: false,
      waitMs: 0,
      largest: 0,
    }
    current = open
    url = open.url
    open.call.on('data', (reply: BatchStreamReply) => onReply(open, reply))
    open.call.on('error', (e: unknown) =>
      ended(
        open,
        isCallFailure(e)
          ? grpcError(e, { url: open.url, limit: { phase: 'attempt', timeoutMs: open.timeout.attemptMs, afterMs: open.timeout.attemptMs } })
          : new ConnectionError({ method: 'POST', url: open.url, code: 'UNKNOWN', detail: String(e), cause: e }),
      ),
    )
    open.call.on('end', () => ended(open, undefined))
    const level = config.consistencyLevel
    open.call.write(message({ case: 'start', value: level === undefined ? {} : { consistencyLevel: WIRE_CONSISTENCY[level] } }))
    waiting.newStream()
    write(open, waiting.all())
    armWatchdog(open)
    return open
  }

  const sendItems = (items: ReadonlyArray<Item>): Observable<ReadonlyArray<Outcome>> =>
    new Observable<ReadonlyArray<Outcome>>((subscriber) => {
      if (items.length === 0) {
        subscriber.next([])
        subscriber.complete()
        return undefined
      }
      const request: Request = { subscriber, outcomes: [], remaining: items.length }
      const entries = items.map((item): Waiting => ({ uuid: item.payload.uuid, item, request, sentOn: undefined }))
      for (const entry of entries) waiting.add(entry)
      // A half-closed stream takes nothing more: its waiting objects go on the next one.
      if (current !== undefined && !current.halfClosed) {
        write(current, entries)
        if (watchdog === undefined) armWatchdog(current)
      } else if (current === undefined && reopen === undefined) start()
      if (totalMs <= MAX_TIMER_MS) subscriber.add(scheduler.schedule(() => expire(request, entries), totalMs))
      return () => {
        if (request.remaining === 0) return
        abandoned = true
        for (const entry of entries) forget(entry)
      }
    })

  const close = (): void => {
    if (closed) return
    closed = true
    reopen?.unsubscribe()
    watchdog?.unsubscribe()
    const open = current
    current = undefined
    if (open === undefined) return
    if (waiting.count === 0 && !abandoned) halfClose(open)
    else open.call.cancel()
  }

  return { sendItems, close }
}
