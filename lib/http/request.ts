/**
 * One HTTP attempt as a cold Observable over an undici `Dispatcher`, modelled on rxjs `fromFetch`:
 * one abort handle per subscription; unsubscribing aborts the request in flight, and completion
 * never does (the whole body is read before the response is emitted).
 *
 * The attempt is an undici `DispatchHandler` (`dispatcher.dispatch`), the layer under
 * `dispatcher.request()`: the body arrives as chunks we collect ourselves, so there is no body
 * stream to consume or dump and no abort-signal listener per request (together most of the cost
 * of `request()`). Every body is still read to its end or the connection is dropped:
 * - an expected status: the whole body, parsed as JSON when not empty;
 * - any other status: at most {@link ERROR_BODY_CAP} bytes kept, up to {@link ERROR_BODY_DRAIN}
 *   more read and dropped (the connection stays reusable), beyond that the request is aborted.
 *
 * The attempt has one timer (in the shared {@link attemptTimers} queue); headers and body both
 * count. When it fires, the subscriber gets a {@link TimeoutError} at once, even while undici is
 * still connecting, and the exchange is aborted as soon as undici lets us.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { Observable, Subscriber } from 'rxjs'
import type { Dispatcher } from 'undici'
import { ConnectionError, HttpMethod, TimeoutError, WeaviateError } from '../errors'
import { classify } from './classify'
import { TimerEntry, attemptTimers } from './timer-queue'
import type { HttpResponse } from './types'

/**
 * Bytes of an unexpected-status body that are kept.
 *
 * @example
 * ```ts
 * if (typeof e.body === 'string' && e.body.length === ERROR_BODY_CAP) console.warn('error body was cut')
 * ```
 */
export const ERROR_BODY_CAP = 64 * 1024

/**
 * Bytes read past {@link ERROR_BODY_CAP} to keep the connection reusable; beyond, it is dropped.
 *
 * @example
 * ```ts
 * const largestReusable = ERROR_BODY_CAP + ERROR_BODY_DRAIN
 * ```
 */
export const ERROR_BODY_DRAIN = 1024 * 1024

/**
 * Everything one attempt needs, fully resolved (no defaults left).
 *
 * @example
 * ```ts
 * const target: Target = { dispatcher: pool, origin: 'http://127.0.0.1:8080', path: '/v1/meta',
 *   url: 'http://127.0.0.1:8080/v1/meta', method: 'GET', headers: {}, body: null, expect: [200] }
 * ```
 */
export interface Target {
  readonly dispatcher: Dispatcher
  /** `http://host:port`. */
  readonly origin: string
  /** Path and query string, e.g. `/v1/objects?limit=100`. */
  readonly path: string
  /** The full URL without credentials, for responses and errors. */
  readonly url: string
  readonly method: HttpMethod
  readonly headers: Readonly<Record<string, string>>
  /** The serialised JSON body, or `null`. */
  readonly body: string | null
  readonly expect: readonly number[]
}

/**
 * When the attempt gives up, and how that is reported.
 *
 * @example
 * ```ts
 * const limit: AttemptLimit = { afterMs: 30_000, phase: 'attempt', timeoutMs: 30_000 }
 * ```
 */
export interface AttemptLimit {
  /** Milliseconds from subscription; not finite means no timer. */
  readonly afterMs: number
  /** `'total'` when the attempt is cut short by the operation's deadline. */
  readonly phase: 'attempt' | 'total'
  /** The configured timeout reported in the error. */
  readonly timeoutMs: number
}

/**
 * Sends one attempt on subscription; emits the classified {@link HttpResponse} and completes, or
 * errors with a {@link WeaviateError}: `ConnectionError` (by undici/Node `err.code`),
 * `TimeoutError`, `UnexpectedStatusError`, or `DecodeError` for a success body that is not JSON.
 *
 * @example
 * ```ts
 * const pool = new Pool('http://127.0.0.1:8080')
 * request(
 *   { dispatcher: pool, origin: 'http://127.0.0.1:8080', path: '/v1/meta', url: 'http://127.0.0.1:8080/v1/meta',
 *     method: 'GET', headers: {}, body: null, expect: [200] },
 *   { afterMs: 30_000, phase: 'attempt', timeoutMs: 30_000 },
 * ).subscribe((res) => console.log(res.body))
 * ```
 */
export const request = (target: Target, limit: AttemptLimit): Observable<HttpResponse> =>
  new Observable<HttpResponse>((subscriber) => {
    const exchange = new Exchange(target, subscriber)
    if (Number.isFinite(limit.afterMs)) {
      exchange.timer = attemptTimers.schedule(limit.afterMs, () =>
        exchange.stop(new TimeoutError({ method: target.method, url: target.url, phase: limit.phase, timeoutMs: limit.timeoutMs })),
      )
    }
    try {
      target.dispatcher.dispatch(
        {
          origin: target.origin,
          path: target.path,
          method: target.method,
          headers: target.headers,
          body: target.body,
        },
        exchange,
      )
    } catch (err) {
      // undici's own dispatchers report through the handler; a custom one may throw.
      exchange.onResponseError(undefined, err)
    }
    return () => exchange.stop(undefined)
  })

/** Raised into undici to cancel an exchange nobody waits for any more. */
const cancelled = (): Error => Object.assign(new Error('request aborted'), { code: 'UND_ERR_ABORTED' })

/** Raised into undici to drop an error body beyond {@link ERROR_BODY_DRAIN}. */
const discarded = (): Error => Object.assign(new Error('error body discarded'), { code: 'UND_ERR_ABORTED' })

/**
 * One exchange: collects the answer and settles the subscriber exactly once. After settling (a
 * response, a failure, a timeout or an unsubscription) it only makes sure undici lets go.
 */
class Exchange implements Dispatcher.DispatchHandler {
  timer: TimerEntry | undefined = undefined
  private controller: Dispatcher.DispatchController | undefined = undefined
  private settled = false
  /** Why the exchange was stopped before undici handed us a controller. */
  private pendingAbort: Error | undefined = undefined
  private status = 0
  private headers: Readonly<Record<string, string | string[] | undefined>> = {}
  private expected = false
  private chunks: Buffer[] = []
  private kept = 0
  private seen = 0

  constructor(
    private readonly target: Target,
    private readonly subscriber: Subscriber<HttpResponse>,
  ) {}

  /** Ends the exchange early: with `error` for the subscriber (a timeout), or silently (unsubscribe). */
  stop(error: WeaviateError | undefined): void {
    if (this.settled) return
    if (error === undefined) this.settle()
    else this.fail(error)
    const reason = error ?? cancelled()
    if (this.controller !== undefined) this.controller.abort(reason)
    else this.pendingAbort = reason
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller
    if (this.pendingAbort !== undefined) controller.abort(this.pendingAbort)
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Readonly<Record<string, string | string[] | undefined>>,
  ): void {
    if (statusCode < 200) return
    this.status = statusCode
    this.headers = headers
    this.expected = this.target.expect.includes(statusCode)
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.settled) return
    this.seen += chunk.length
    if (this.expected) {
      this.chunks.push(chunk)
      this.kept += chunk.length
      return
    }
    if (this.kept < ERROR_BODY_CAP) {
      const part = chunk.length <= ERROR_BODY_CAP - this.kept ? chunk : chunk.subarray(0, ERROR_BODY_CAP - this.kept)
      this.chunks.push(part)
      this.kept += part.length
    }
    if (this.seen > ERROR_BODY_CAP + ERROR_BODY_DRAIN) {
      this.complete()
      controller.abort(discarded())
    }
  }

  onResponseEnd(): void {
    if (!this.settled) this.complete()
  }

  onResponseError(_controller: Dispatcher.DispatchController | undefined, err: unknown): void {
    if (!this.settled) this.fail(connectionFailure(err, this.target))
  }

  /** Classifies the collected answer and hands it to the subscriber. */
  private complete(): void {
    const first = this.chunks[0]
    const text =
      this.chunks.length === 0 || first === undefined
        ? ''
        : (this.chunks.length === 1 ? first : Buffer.concat(this.chunks, this.kept)).toString('utf8')
    this.chunks = []
    const result = classify(this.target, this.status, this.headers, text, Date.now())
    if (E.isLeft(result)) return this.fail(result.left)
    this.settle()
    const subscriber = this.subscriber
    // Out of undici's parser callback: downstream may start the next request synchronously.
    queueMicrotask(() => {
      subscriber.next(result.right)
      subscriber.complete()
    })
  }

  private fail(error: WeaviateError): void {
    this.settle()
    const subscriber = this.subscriber
    queueMicrotask(() => subscriber.error(error))
  }

  private settle(): void {
    this.settled = true
    if (this.timer !== undefined) attemptTimers.cancel(this.timer)
  }
}

/** A transport failure as a ConnectionError, by undici's or Node's error code. */
const connectionFailure = (err: unknown, target: Target): ConnectionError => {
  const code = errorCode(err)
  const detail = err instanceof Error ? err.message : ''
  return new ConnectionError({ method: target.method, url: target.url, code, detail: detail === code ? '' : detail, cause: err })
}

/** undici and Node put a stable `code` on their errors; match on it, not on classes. */
const errorCode = (err: unknown): string => {
  if (typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string') return err.code
  if (err instanceof AggregateError) {
    for (const inner of err.errors) {
      const code: string = errorCode(inner)
      if (code !== 'UNKNOWN') return code
    }
  }
  return 'UNKNOWN'
}
