/**
 * One HTTP exchange (`exchange.ts`) as a cold Observable over an undici `Dispatcher`, modelled on rxjs
 * `fromFetch`: one abort handle per subscription; unsubscribing aborts the request in flight, and
 * completion never does (the whole body is read before the answer is emitted). It emits the
 * status, headers and body text, or fails with a `ConnectionError` (a `TlsError` when the TLS
 * handshake failed on the certificate: `../tls.ts`); it judges nothing: which
 * status is a success is `classify`'s business, how long is too long the deadline's.
 *
 * The exchange is an undici `DispatchHandler` (`dispatcher.dispatch`), the layer under
 * `dispatcher.request()`: the body arrives as chunks we collect ourselves, so there is no body
 * stream to consume or dump and no abort-signal listener per request (together most of the cost
 * of `request()`). Every body is still read to its end or the connection is dropped:
 * - a status the request expects: the whole body;
 * - any other status: at most {@link ERROR_BODY_CAP} bytes kept, up to {@link ERROR_BODY_DRAIN}
 *   more read and dropped (the connection stays reusable), beyond that the request is aborted.
 *
 * @packageDocumentation
 */
import { Observable, Subscriber } from 'rxjs'
import type { Dispatcher } from 'undici'
import { ConnectionError, TlsError } from '../../core/errors'
import { tlsError, tlsFailureOf } from '../tls'
import { ERROR_BODY_CAP, ERROR_BODY_DRAIN, RawResponse, Target } from './exchange'
import type { ResponseHeaders } from './types'

// The exchange's shapes, for the modules that name them from here.
export { ERROR_BODY_CAP, ERROR_BODY_DRAIN } from './exchange'
export type { RawResponse, Target, Transport } from './exchange'

/**
 * An exchange over undici: the {@link Target} and the dispatcher of its origin.
 */
export interface UndiciTarget extends Target {
  readonly dispatcher: Dispatcher
}

/**
 * Sends the request on subscription; emits the {@link RawResponse} once the whole body is read,
 * then completes, or errors with a `ConnectionError` (by undici's or Node's `err.code`).
 * Unsubscribing before that aborts the exchange.
 */
export const transport = (target: UndiciTarget): Observable<RawResponse> =>
  new Observable<RawResponse>((subscriber) => {
    const exchange = new Exchange(target, subscriber)
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
    return () => exchange.stop()
  })

/** Raised into undici to cancel an exchange nobody waits for any more. */
const cancelled = (): Error => Object.assign(new Error('request aborted'), { code: 'UND_ERR_ABORTED' })

/**
 * The cancellation of a dispatched exchange, asked for at any time: undici hands its controller
 * over only in `onRequestStart`, so a cancellation before that waits for it. Shared by the REST
 * exchange and gRPC-Web's (`lib/transport/grpc-web/undici-exchange.ts`).
 */
export class DispatchCancel {
  private controller: Dispatcher.DispatchController | undefined = undefined
  /** Why the exchange was cancelled before undici handed us a controller. */
  private pending: Error | undefined = undefined

  /** From the handler's `onRequestStart`. */
  started(controller: Dispatcher.DispatchController): void {
    this.controller = controller
    if (this.pending !== undefined) controller.abort(this.pending)
  }

  /** Aborts the exchange now, or as soon as undici has started it. */
  cancel(): void {
    const reason = cancelled()
    if (this.controller !== undefined) this.controller.abort(reason)
    else this.pending = reason
  }
}

/** Raised into undici to drop an error body beyond {@link ERROR_BODY_DRAIN}. */
const discarded = (): Error => Object.assign(new Error('error body discarded'), { code: 'UND_ERR_ABORTED' })

/**
 * One exchange: collects the answer and settles the subscriber exactly once. After settling (an
 * answer, a failure or an unsubscription) it only makes sure undici lets go.
 */
class Exchange implements Dispatcher.DispatchHandler {
  private readonly cancellation = new DispatchCancel()
  private settled = false
  private status = 0
  private headers: ResponseHeaders = {}
  private expected = false
  private chunks: Buffer[] = []
  private kept = 0
  private seen = 0

  constructor(
    private readonly target: Target,
    private readonly subscriber: Subscriber<RawResponse>,
  ) {}

  /** Ends the exchange early (unsubscribe); a no-op once it has settled. */
  stop(): void {
    if (this.settled) return
    this.settled = true
    this.cancellation.cancel()
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.cancellation.started(controller)
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: ResponseHeaders,
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

  /** Hands the collected answer to the subscriber. */
  private complete(): void {
    this.settled = true
    const first = this.chunks[0]
    const text =
      this.chunks.length === 0 || first === undefined
        ? ''
        : (this.chunks.length === 1 ? first : Buffer.concat(this.chunks, this.kept)).toString('utf8')
    this.chunks = []
    const answer: RawResponse = { status: this.status, headers: this.headers, text }
    const subscriber = this.subscriber
    // Out of undici's parser callback: downstream may start the next request synchronously.
    queueMicrotask(() => {
      subscriber.next(answer)
      subscriber.complete()
    })
  }

  private fail(error: ConnectionError | TlsError): void {
    this.settled = true
    const subscriber = this.subscriber
    queueMicrotask(() => subscriber.error(error))
  }
}

/** A transport failure as a ConnectionError, by undici's or Node's error code, or a TlsError. */
export const connectionFailure = (err: unknown, target: Pick<Target, 'method' | 'url' | 'via'>): ConnectionError | TlsError => {
  const tls = tlsFailureOf(err)
  if (tls !== undefined) return tlsError(tls, target, err)
  const message = err instanceof Error ? err.message : ''
  const refused = target.via === undefined ? null : PROXY_REFUSAL.exec(message)
  const code = refused === null ? errorCode(err) : PROXY_REFUSED
  const detail = refused === null ? (message === code ? '' : message) : `the proxy answered ${refused[1] ?? ''} to CONNECT`
  return new ConnectionError({
    method: target.method,
    url: target.url,
    code,
    detail: target.via === undefined ? detail : `${detail === '' ? code : detail} (through the proxy ${target.via})`,
    cause: err,
  })
}

/**
 * The `ConnectionError.code` of a proxy that answers `CONNECT` with anything but 200 (407 for
 * credentials it wants, 403 for a target it forbids): not transient, so never retried.
 */
export const PROXY_REFUSED = 'PROXY_REFUSED'

/** undici's message for a refused tunnel (its error carries only the generic `UND_ERR_ABORTED`). */
const PROXY_REFUSAL = /^Proxy response \((\d+)\) !== 200/

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
