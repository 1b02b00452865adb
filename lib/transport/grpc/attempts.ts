/**
 * The attempts of one gRPC call: the REST path's policy (`lib/transport/http/`: the failover cursor, the
 * retry decision, the attempt and total time limits) as a plain loop of callbacks, so a call that
 * succeeds at once costs one call of its carrier and nothing else: no operator, no timer of ours.
 *
 * ```
 * nodes.pick()                 lib/transport/http/nodes.ts: the failover cursor
 * -> carrier.start(attempt)    one call with the attempt's time limit: grpc-js (unary.ts) or
 *                              gRPC-Web (lib/transport/grpc-web/unary.ts)
 * -> nodes.succeeded / failed
 * -> retryDelay(...)           lib/transport/http/retry.ts: only after a failure: wait, or give up
 * ```
 *
 * The request's clock is the client's one clock (`CallShared.clock`, the `asyncScheduler` unless
 * a test injects another): the total deadline is taken on it and the waits between attempts are
 * its timers. An attempt's limit, read on that clock, goes to the carrier as the call's deadline
 * (which measures it on the wall clock, the `asyncScheduler`'s own).
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import type { SchedulerLike, Subscription } from 'rxjs'
import { ConnectionError, WeaviateError, isWeaviateError } from '../../core/errors'
import { attemptLimit } from '../http/deadline'
import type { Nodes } from '../http/nodes'
import type { CallSettings } from '../http/options'
import { retryDelay } from '../http/retry'
import type { AttemptLimit } from '../http/deadline'
import type { UnaryMethod } from './methods'
import type { UnaryCall, UnaryDone } from './unary'
import type { Ambient, AttemptProbe, TransportName } from '../../observe/probe'

/**
 * What carries one attempt of a unary call to a node: grpc-js on the node's HTTP/2 channel
 * (`pipeline.ts`, `unary.ts`), or gRPC-Web on the node's REST URL (`lib/transport/grpc-web/`).
 * Everything above it (the failover cursor, retries, the deadline, the token) is this file's.
 */
export interface UnaryCarrier {
  /** The transport an attempt goes over, as the observability names it. */
  readonly transport: Extract<TransportName, 'grpc' | 'grpc-web'>
  /** True once the client is closed: an attempt then fails before anything is sent. */
  readonly closed: boolean
  /** The URL of the method at `path` on the node at `index`, for errors. */
  url(index: number, path: string): string
  /** Sends one attempt now; `done` gets its outcome once, unless it is cancelled first. */
  start<I, O>(attempt: CarriedAttempt<I, O>, done: UnaryDone<O>): UnaryCall
}

/**
 * One attempt, as a carrier gets it.
 */
export interface CarriedAttempt<I, O> {
  /** The node's position in the client's node list. */
  readonly index: number
  readonly method: UnaryMethod<I, O>
  readonly request: I
  /** The Authorization header of this moment (OIDC); undefined when the client's headers hold the credentials. */
  readonly authorization: string | undefined
  /** The call's own headers (checked, lower-case names), sent over the client's; undefined when it has none. */
  readonly headers: Readonly<Record<string, string>> | undefined
  /** {@link UnaryCarrier.url} of this attempt. */
  readonly url: string
  /** The attempt's time limit, from now. */
  readonly limit: AttemptLimit
}

/**
 * What every call of a client shares, made once per client.
 */
export interface CallShared {
  readonly cursor: Nodes
  readonly carrier: UnaryCarrier
  /**
   * The Authorization header of this moment when it changes over the client's life (OIDC): at
   * once while the token is fresh, a promise while it is refreshed (a rejection is a failed
   * sign-in, a WeaviateError). Undefined with an API key or none.
   */
  readonly authorization: (() => string | Promise<string>) | undefined
  /** The request's clock: the total deadline and the waits between attempts. */
  readonly clock: SchedulerLike
  /** Where a call finds the watched operation it belongs to (`lib/observe/`); none when nothing watches. */
  readonly ambient?: Ambient | undefined
}

/**
 * One call, resolved: the client's settings with the call's own over them.
 */
export interface ResolvedCall<I, O> {
  readonly method: UnaryMethod<I, O>
  readonly request: I
  readonly settings: CallSettings
  /** Whether sending the call twice is safe (retries need it). */
  readonly idempotent: boolean
  /** The call's own headers (checked), sent over the client's. */
  readonly headers: Readonly<Record<string, string>> | undefined
}

/** Ends the call: cancels the attempt in flight or the wait for the next one. */
export type StopCall = () => void

const POST = 'POST' as const

/**
 * Starts the call's first attempt now; `done` gets the reply or the last error, exactly once,
 * unless the returned function stops the call first (then never).
 */
export const startCall = <I, O>(
  shared: CallShared,
  call: ResolvedCall<I, O>,
  given: (result: E.Either<WeaviateError, O>) => void,
): StopCall => {
  const { method, settings } = call
  const { clock, ambient } = shared
  const watched = ambient?.current()
  // A watched call hands its outcome on inside its operation's context (what comes next is the operation's).
  const done = ambient === undefined || watched === undefined ? given : (result: E.Either<WeaviateError, O>): void => ambient.run(watched, () => given(result))
  let previousOrigin: string | undefined
  let probe: AttemptProbe | undefined
  // The request's total deadline on its clock (what `startDeadline` keeps, without its closures).
  const at = clock.now() + settings.timeout.totalMs
  let attempt = 0
  let stopped = false
  let inFlight: UnaryCall | undefined
  let waiting: Subscription | undefined

  const send = (): void => {
    waiting = undefined
    attempt += 1
    const picked = shared.cursor.pick()
    const url = shared.carrier.url(picked.index, method.path)
    if (shared.carrier.closed) {
      done(E.left(new ConnectionError({ method: POST, url, code: 'ERR_CLIENT_CLOSED', detail: 'the client was closed', cause: undefined })))
      return
    }
    const authorization = shared.authorization?.()
    if (authorization === undefined || typeof authorization === 'string') start(picked, url, authorization)
    else {
      authorization.then(
        (ready) => {
          if (!stopped) start(picked, url, ready)
        },
        (error: unknown) => {
          if (!stopped) done(E.left(isWeaviateError(error) ? error : new ConnectionError({ method: POST, url, code: 'UNKNOWN', detail: String(error), cause: error })))
        },
      )
    }
  }

  const start = (picked: ReturnType<Nodes['pick']>, url: string, authorization: string | undefined): void => {
    const limit = attemptLimit(settings.timeout, at - clock.now())
    let headers = call.headers
    if (watched !== undefined) {
      if (previousOrigin !== undefined && previousOrigin !== picked.origin) watched.failover({ from: previousOrigin, to: picked.origin })
      previousOrigin = picked.origin
      probe = watched.attempt({ transport: shared.carrier.transport, method: POST, rpc: method.path, url, attempt })
      if (probe.headers !== undefined) headers = { ...headers, ...probe.headers }
    }
    inFlight = shared.carrier.start({ index: picked.index, method, request: call.request, authorization, headers, url, limit }, (result) => {
      inFlight = undefined
      // The CANCELLED of an attempt the caller stopped is no failure of the node.
      if (stopped) return
      const ending = probe
      probe = undefined
      ending?.end(E.isRight(result) ? { status: 'ok' } : { status: 'error', error: result.left })
      if (E.isRight(result)) {
        shared.cursor.succeeded(picked)
        done(result)
        return
      }
      const failure = result.left
      shared.cursor.failed(picked, failure)
      const wait =
        settings.retry.attempts <= 1
          ? undefined
          : retryDelay({ error: failure, attempt, request: { method: POST, idempotent: call.idempotent }, options: settings.retry, remainingMs: at - clock.now() })
      if (wait === undefined) done(result)
      else {
        watched?.retry({ attempt, delayMs: wait, error: failure })
        waiting = clock.schedule(send, wait)
      }
    })
  }

  send()
  return () => {
    stopped = true
    inFlight?.cancel()
    waiting?.unsubscribe()
    const ending = probe
    probe = undefined
    ending?.end({ status: 'cancelled' })
  }
}
