/**
 * The attempts of one gRPC call: the REST path's policy (`lib/transport/http/`: the failover cursor, the
 * retry decision, the attempt and total time limits) as a plain loop of callbacks, so a call that
 * succeeds at once costs one grpc-js call and nothing else: no operator, no timer of ours.
 *
 * ```
 * nodes.pick()                 lib/transport/http/nodes.ts: the failover cursor
 * -> startUnary(attempt)       unary.ts: one call; its grpc-js deadline is the attempt's time limit
 * -> nodes.succeeded / failed
 * -> retryDelay(...)           lib/transport/http/retry.ts: only after a failure: wait, or give up
 * ```
 *
 * The request's clock is the client's one clock (`CallShared.clock`, the `asyncScheduler` unless
 * a test injects another): the total deadline is taken on it and the waits between attempts are
 * its timers. An attempt's limit, read on that clock, goes to grpc-js as the call's deadline
 * (grpc-js measures it on the wall clock, the `asyncScheduler`'s own).
 *
 * @packageDocumentation
 */
import { Metadata } from '@grpc/grpc-js'
import * as E from 'fp-ts/Either'
import type { SchedulerLike, Subscription } from 'rxjs'
import { ConnectionError, WeaviateError, isWeaviateError } from '../../core/errors'
import { attemptLimit } from '../http/deadline'
import type { Nodes } from '../http/nodes'
import type { CallSettings } from '../http/options'
import { retryDelay } from '../http/retry'
import type { GrpcNode } from './address'
import type { Channels } from './channels'
import { withHeaders } from './metadata'
import type { UnaryMethod } from './methods'
import { startUnary, type UnaryCall } from './unary'

/**
 * What every call of a client shares, made once per client.
 */
export interface CallShared {
  readonly nodes: readonly GrpcNode[]
  readonly cursor: Nodes
  readonly channels: Channels
  readonly metadata: Metadata
  /**
   * The call metadata of this moment: {@link CallShared.metadata} itself, or with the current
   * OIDC token (at once while it is fresh, a promise while it is refreshed; a rejection is a
   * failed sign-in, a WeaviateError).
   */
  readonly metadataNow: () => Metadata | Promise<Metadata>
  /** The request's clock: the total deadline and the waits between attempts. */
  readonly clock: SchedulerLike
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
  /** The call's own headers (checked), sent as metadata over the client's. */
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
  done: (result: E.Either<WeaviateError, O>) => void,
): StopCall => {
  const { method, settings } = call
  const { clock } = shared
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
    const node = shared.nodes[picked.index]
    if (node === undefined) throw new RangeError(`no gRPC node ${picked.index}`)
    const url = `${node.origin}${method.path}`
    if (shared.channels.closed) {
      done(E.left(new ConnectionError({ method: POST, url, code: 'ERR_CLIENT_CLOSED', detail: 'the client was closed', cause: undefined })))
      return
    }
    const metadata = shared.metadataNow()
    if (metadata instanceof Metadata) start(node, picked, url, metadata)
    else {
      metadata.then(
        (ready) => {
          if (!stopped) start(node, picked, url, ready)
        },
        (error: unknown) => {
          if (!stopped) done(E.left(isWeaviateError(error) ? error : new ConnectionError({ method: POST, url, code: 'UNKNOWN', detail: String(error), cause: error })))
        },
      )
    }
  }

  const start = (node: GrpcNode, picked: ReturnType<Nodes['pick']>, url: string, clientMetadata: Metadata): void => {
    const client = shared.channels.for(node)
    const metadata = withHeaders(clientMetadata, call.headers)
    const limit = attemptLimit(settings.timeout, at - clock.now())
    inFlight = startUnary({ client, method, request: call.request, metadata, url, limit, via: shared.channels.via(node) }, (result) => {
      inFlight = undefined
      // The CANCELLED of an attempt the caller stopped is no failure of the node.
      if (stopped) return
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
      else waiting = clock.schedule(send, wait)
    })
  }

  send()
  return () => {
    stopped = true
    inFlight?.cancel()
    waiting?.unsubscribe()
  }
}
