/**
 * The attempts of one REST request as a plain loop of callbacks: the pipeline's stages (node,
 * transport, deadline, classification, retry) with no operator between them, so a request that
 * succeeds at once costs one subscription to the exchange and one timer, as the gRPC path's
 * `lib/transport/grpc/attempts.ts` does for a call.
 *
 * ```
 * nodes.pick()                  nodes.ts: the node of this attempt (failover cursor)
 * -> exchange(target)           transport.ts: one undici exchange, status + headers + text
 *    + the attempt's timer      deadline.ts' limits: attempt timeout and total deadline
 * -> classify(...)              classify.ts: expected status -> HttpResponse, else an error
 * -> nodes.succeeded / failed
 * -> retryDelay(...)            retry.ts: only after a failure: wait on the clock, or give up
 * ```
 *
 * It keeps what the operators did, step for step: the limit of an attempt is taken when the
 * attempt starts; its timer is cleared on every way out (an answer's completion, a failure, an
 * unsubscription) and on firing unsubscribes (aborts) the exchange with a `TimeoutError`; a
 * failure that is not a WeaviateError (a bug) is passed on at once; every timer and wait runs on
 * the request's clock, so a `TestScheduler` drives them.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import type { Observable, SchedulerLike, Subscription } from 'rxjs'
import { TimeoutError, isWeaviateError } from '../../core/errors'
import { classify } from './classify'
import { MAX_TIMER_MS, attemptLimit } from './deadline'
import type { Nodes, PickedNode } from './nodes'
import type { CallSettings } from './options'
import { type RetryRequest, retryDelay } from './retry'
import type { RawResponse, Target } from './transport'
import type { HttpResponse } from './types'
import type { Ambient, AttemptProbe, OperationProbe, Outcome } from '../../observe/probe'

/**
 * Where a request's outcome goes: at most one `next` (then `complete`), or one `error`; nothing
 * after the returned stop function ran.
 */
export interface RequestSink {
  next(response: HttpResponse): void
  error(error: unknown): void
  complete(): void
}

/**
 * One request, resolved: how to reach a node, and the settings of this call.
 */
export interface RequestAttempts {
  /** Sends one exchange (the transport, with the Authorization header when the client has a token source). */
  readonly exchange: (target: Target) => Observable<RawResponse>
  readonly nodes: Nodes
  /** The request's clock: the total deadline, the attempt timers and the waits between attempts. */
  readonly clock: SchedulerLike
  /** The exchange of this request on a node. */
  readonly targetOn: (node: PickedNode) => Target
  /** What the retry policy looks at: method, `idempotent`, `retryOn`. */
  readonly request: RetryRequest
  readonly settings: CallSettings
  /** The operation this request belongs to, when it is watched (`lib/observe/`), and the context it runs in. */
  readonly watch?: { readonly probe: OperationProbe; readonly ambient: Ambient } | undefined
}

/**
 * Starts the request's first attempt now; the returned function stops it (aborts the exchange in
 * flight, cancels its timer or the wait for the next attempt), after which `sink` hears nothing.
 */
export const startAttempts = (setup: RequestAttempts, given: RequestSink): (() => void) => {
  const { clock, nodes, settings, watch } = setup
  // A watched request hands its outcome on inside its operation's context (what comes next is the operation's).
  const sink = watch === undefined ? given : inContext(given, watch)
  let previousOrigin: string | undefined
  const at = clock.now() + settings.timeout.totalMs
  // One node: its target is built once, and the failover cursor is not asked.
  const single = nodes.count === 1 ? nodes.pick() : undefined
  const singleTarget = single === undefined ? undefined : setup.targetOn(single)
  let attempt = 0
  let stopAttempt: (() => void) | undefined
  let waiting: Subscription | undefined
  let probe: AttemptProbe | undefined

  const failed = (error: unknown, node: PickedNode | undefined): void => {
    if (node !== undefined && single === undefined) nodes.failed(node, error)
    const wait =
      settings.retry.attempts <= 1 || !isWeaviateError(error)
        ? undefined
        : retryDelay({ error, attempt, request: setup.request, options: settings.retry, remainingMs: at - clock.now() })
    if (wait === undefined) sink.error(error)
    else {
      watch?.probe.retry({ attempt, delayMs: Math.max(0, wait), error })
      waiting = clock.schedule(send, Math.max(0, wait))
    }
  }

  const send = (): void => {
    waiting = undefined
    attempt += 1
    const node = single ?? nodes.pick()
    let target = singleTarget ?? setup.targetOn(node)
    if (watch !== undefined) {
      if (previousOrigin !== undefined && previousOrigin !== node.origin) watch.probe.failover({ from: previousOrigin, to: node.origin })
      previousOrigin = node.origin
      probe = watch.probe.attempt({ transport: 'rest', method: target.method, rpc: undefined, url: target.url, attempt })
      if (probe.headers !== undefined) target = { ...target, headers: { ...target.headers, ...probe.headers } }
    }
    let source: Observable<RawResponse>
    try {
      source = setup.exchange(target)
    } catch (e) {
      // As a throwing stage did in the operator chain: no node failure, the policy decides.
      endProbe({ status: 'error', error: e })
      failed(e, undefined)
      return
    }
    let done = false
    let timer: Subscription | undefined
    let exchange: Subscription | undefined
    const finish = (): void => {
      done = true
      stopAttempt = undefined
      timer?.unsubscribe()
      timer = undefined
      const running = exchange
      exchange = undefined
      running?.unsubscribe()
    }
    stopAttempt = finish
    const { afterMs, phase, timeoutMs } = attemptLimit(settings.timeout, at - clock.now())
    if (afterMs <= MAX_TIMER_MS) {
      timer = clock.schedule(() => {
        if (done) return
        finish()
        const timeout = new TimeoutError({ method: target.method, url: target.url, phase, timeoutMs })
        endProbe({ status: 'error', error: timeout })
        failed(timeout, node)
      }, Math.max(0, afterMs))
    }
    const subscription = source.subscribe({
      next: (answer) => {
        if (done) return
        const result = classify(target, answer.status, answer.headers, answer.text, clock.now())
        if (E.isLeft(result)) {
          finish()
          endProbe({ status: 'error', error: result.left })
          failed(result.left, node)
          return
        }
        if (single === undefined) nodes.succeeded(node)
        endProbe({ status: 'ok' })
        sink.next(result.right)
      },
      error: (e: unknown) => {
        if (done) return
        finish()
        endProbe({ status: 'error', error: e })
        failed(e, node)
      },
      complete: () => {
        if (done) return
        finish()
        sink.complete()
      },
    })
    // An exchange that settled while subscribing is let go at once.
    if (done) subscription.unsubscribe()
    else exchange = subscription
  }

  const endProbe = (outcome: Outcome): void => {
    const ending = probe
    probe = undefined
    ending?.end(outcome)
  }

  send()
  return () => {
    waiting?.unsubscribe()
    waiting = undefined
    stopAttempt?.()
    endProbe({ status: 'cancelled' })
  }
}

/** `sink` with each outcome handed on inside the watched operation's context. */
const inContext = (sink: RequestSink, watch: { readonly probe: OperationProbe; readonly ambient: Ambient }): RequestSink => ({
  next: (response) => watch.ambient.run(watch.probe, () => sink.next(response)),
  error: (error) => watch.ambient.run(watch.probe, () => sink.error(error)),
  complete: () => watch.ambient.run(watch.probe, () => sink.complete()),
})
