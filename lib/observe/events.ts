/**
 * The diagnostics events: one payload per moment of an operation (start, end), of its requests
 * (start, end, retry, failover) and of the client (a fallback), published to whoever listens (Node's
 * `diagnostics_channel`, the `logger`, an `onEvent` function). A payload holds names, counts, URLs
 * without credentials and error types and messages (which never carry credentials): never a
 * header, a body, an API key or a token.
 *
 * @packageDocumentation
 */
import type { FallbackKind, Observer, OperationProbe, TransportName } from './probe'
import { errorType } from './probe'
import { countAttempt, countValue, newTally } from './tally'

/**
 * The channel names, each with its payload in {@link EventPayloads}.
 *
 * @example
 * ```ts
 * import diagnostics from 'node:diagnostics_channel'
 * diagnostics.subscribe(EVENT_CHANNELS.retry, (event) => console.warn('retrying', event))
 * ```
 */
export const EVENT_CHANNELS = {
  operationStart: 'weaviate-rx:operation:start',
  operationEnd: 'weaviate-rx:operation:end',
  requestStart: 'weaviate-rx:request:start',
  requestEnd: 'weaviate-rx:request:end',
  retry: 'weaviate-rx:request:retry',
  failover: 'weaviate-rx:request:failover',
  fallback: 'weaviate-rx:fallback',
} as const

/**
 * A channel name.
 *
 * @example
 * ```ts
 * const channel: EventChannel = 'weaviate-rx:request:end'
 * ```
 */
export type EventChannel = (typeof EVENT_CHANNELS)[keyof typeof EVENT_CHANNELS]

/**
 * An operation subscribed to.
 *
 * @example
 * ```ts
 * const onStart = (event: OperationStartEvent): void => console.debug(event.operationId, event.operation, event.collection)
 * ```
 */
export interface OperationStartEvent {
  /** Unique within the process: pairs the events of one operation. */
  readonly operationId: number
  /** The API path: `objects.get`, `query.nearVector`, `objects.batch`, ... */
  readonly operation: string
  readonly collection: string | undefined
  readonly tenant: string | undefined
}

/**
 * An operation ended: completed (`ok`, or `error` with the `Left` it emitted), failed, or
 * unsubscribed (`cancelled`).
 *
 * @example
 * ```ts
 * const onEnd = (event: OperationEndEvent): void => {
 *   if (event.outcome === 'error') console.warn(`${event.operation} failed: ${event.errorType ?? ''}`)
 * }
 * ```
 */
export interface OperationEndEvent extends OperationStartEvent {
  readonly outcome: 'ok' | 'error' | 'cancelled'
  /** The error's `_tag` (`ConnectionError`, `ForbiddenError`, ...) when `outcome` is `error`. */
  readonly errorType: string | undefined
  readonly durationMs: number
  readonly attempts: number
  readonly retries: number
  readonly objectsRead: number
  readonly objectsWritten: number
  /** Batch items that were not written (`BatchObjectError`, `BatchReferenceError` `Left`s). */
  readonly batchErrors: number
}

/**
 * One attempt of a request sent.
 *
 * @example
 * ```ts
 * const onRequest = (event: RequestStartEvent): void => console.debug(event.transport, event.method, event.url, event.attempt)
 * ```
 */
export interface RequestStartEvent {
  readonly operationId: number
  readonly operation: string
  /** Unique within the process. */
  readonly requestId: number
  readonly transport: TransportName
  readonly method: string
  /** The gRPC method (`/weaviate.v1.Weaviate/Search`), for gRPC and gRPC-Web. */
  readonly rpc: string | undefined
  /** Without credentials. */
  readonly url: string
  /** 1 for the first attempt. */
  readonly attempt: number
  readonly serverAddress: string | undefined
  readonly serverPort: number | undefined
}

/**
 * One attempt ended.
 *
 * @example
 * ```ts
 * const onAnswer = (event: RequestEndEvent): void => console.debug(event.url, event.outcome, event.durationMs)
 * ```
 */
export interface RequestEndEvent extends RequestStartEvent {
  readonly outcome: 'ok' | 'error' | 'cancelled'
  readonly errorType: string | undefined
  readonly errorMessage: string | undefined
  readonly durationMs: number
}

/**
 * A failed attempt is retried after `delayMs`.
 *
 * @example
 * ```ts
 * const onRetry = (event: RetryEvent): void => console.warn(`${event.operation}: ${event.errorType}, retry in ${event.delayMs} ms`)
 * ```
 */
export interface RetryEvent {
  readonly operationId: number
  readonly operation: string
  /** The attempt that failed. */
  readonly attempt: number
  readonly delayMs: number
  readonly errorType: string
  readonly errorMessage: string | undefined
}

/**
 * The next attempt goes to another node.
 *
 * @example
 * ```ts
 * const onFailover = (event: FailoverEvent): void => console.warn(`${event.from} -> ${event.to}`)
 * ```
 */
export interface FailoverEvent {
  readonly operationId: number
  readonly operation: string
  /** The origins of the two nodes. */
  readonly from: string
  readonly to: string
}

/**
 * The client took a fallback (once per client): REST instead of gRPC, or `BatchObjects` instead
 * of `BatchStream`.
 *
 * @example
 * ```ts
 * const onFallback = (event: FallbackEvent): void => console.warn(event.kind, event.reason)
 * ```
 */
export interface FallbackEvent {
  readonly kind: FallbackKind
  readonly reason: string
}

/**
 * Each channel's payload.
 *
 * @example
 * ```ts
 * const onEvent = <C extends EventChannel>(channel: C, payload: EventPayloads[C]): void => console.debug(channel, payload)
 * ```
 */
export interface EventPayloads {
  'weaviate-rx:operation:start': OperationStartEvent
  'weaviate-rx:operation:end': OperationEndEvent
  'weaviate-rx:request:start': RequestStartEvent
  'weaviate-rx:request:end': RequestEndEvent
  'weaviate-rx:request:retry': RetryEvent
  'weaviate-rx:request:failover': FailoverEvent
  'weaviate-rx:fallback': FallbackEvent
}

/** Where events go: `listening` says whether anyone hears them now (nothing is built otherwise). */
export interface Publisher {
  listening(): boolean
  publish<C extends EventChannel>(channel: C, payload: EventPayloads[C]): void
}

let operationIds = 0
let requestIds = 0

const messageOf = (error: unknown): string | undefined => (error instanceof Error ? error.message : undefined)

const outcomeOf = (outcome: Parameters<OperationProbe['end']>[0]): { readonly outcome: 'ok' | 'error' | 'cancelled'; readonly error: unknown } =>
  outcome.status === 'error' ? { outcome: 'error', error: outcome.error } : { outcome: outcome.status, error: undefined }

/** The observer that publishes the events to `publisher`, when it listens at the operation's start. */
export const eventObserver = (publisher: Publisher, now: () => number = () => performance.now()): Observer => ({
  start: (start) => {
    if (!publisher.listening()) return undefined
    const began = now()
    const tally = newTally()
    const operation: OperationStartEvent = { operationId: (operationIds += 1), operation: start.name, collection: start.collection, tenant: start.tenant }
    publisher.publish(EVENT_CHANNELS.operationStart, operation)
    return {
      attempt: (attempt) => {
        const server = countAttempt(tally, attempt)
        const request: RequestStartEvent = {
          operationId: operation.operationId,
          operation: operation.operation,
          requestId: (requestIds += 1),
          transport: attempt.transport,
          method: attempt.method,
          rpc: attempt.rpc,
          url: attempt.url,
          attempt: attempt.attempt,
          serverAddress: server?.address,
          serverPort: server?.port,
        }
        const sent = now()
        publisher.publish(EVENT_CHANNELS.requestStart, request)
        return {
          headers: undefined,
          end: (ended) => {
            const { outcome, error } = outcomeOf(ended)
            publisher.publish(EVENT_CHANNELS.requestEnd, {
              ...request,
              outcome,
              errorType: outcome === 'error' ? errorType(error) : undefined,
              errorMessage: messageOf(error),
              durationMs: now() - sent,
            })
          },
        }
      },
      retry: (retry) => {
        tally.retries += 1
        publisher.publish(EVENT_CHANNELS.retry, {
          operationId: operation.operationId,
          operation: operation.operation,
          attempt: retry.attempt,
          delayMs: retry.delayMs,
          errorType: errorType(retry.error),
          errorMessage: messageOf(retry.error),
        })
      },
      failover: (failover) => publisher.publish(EVENT_CHANNELS.failover, { operationId: operation.operationId, operation: operation.operation, ...failover }),
      value: (value) => countValue(tally, start.name, value),
      itemFailed: () => {
        tally.batchErrors += 1
      },
      end: (ended) => {
        const { outcome, error } = outcomeOf(ended)
        publisher.publish(EVENT_CHANNELS.operationEnd, {
          ...operation,
          outcome,
          errorType: outcome === 'error' ? errorType(error) : undefined,
          durationMs: now() - began,
          attempts: tally.attempts,
          retries: tally.retries,
          objectsRead: tally.read,
          objectsWritten: tally.written,
          batchErrors: tally.batchErrors,
        })
      },
    }
  },
  fallback: (fallback) => {
    if (publisher.listening()) publisher.publish(EVENT_CHANNELS.fallback, fallback)
  },
})

/** One publisher that publishes to each of `publishers`, asked only of those that listen. */
export const publishers = (all: readonly Publisher[]): Publisher => ({
  listening: () => all.some((p) => p.listening()),
  publish: (channel, payload) => {
    for (const p of all) if (p.listening()) p.publish(channel, payload)
  },
})

/**
 * A publisher that calls `f` with every event. A throw of `f` does not reach the operation: it is
 * thrown again on its own, as `diagnostics_channel` does with a subscriber's.
 */
export const functionPublisher = (f: <C extends EventChannel>(channel: C, payload: EventPayloads[C]) => void): Publisher => ({
  listening: () => true,
  publish: (channel, payload) => {
    try {
      f(channel, payload)
    } catch (e) {
      queueMicrotask(() => {
        throw e
      })
    }
  },
})
