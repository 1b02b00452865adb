/**
 * A client's observability, assembled once at `connect` from its options and its runtime: the
 * observer of its operations (OpenTelemetry, the events, the logger), and the {@link Ambient} its
 * attempts find their operation in. Undefined when nothing can ever listen.
 *
 * @packageDocumentation
 */
import { ArgumentValueError } from '../core/errors'
import { EventChannel, EventPayloads, Publisher, eventObserver, functionPublisher, publishers } from './events'
import { instrumentApi, fanOut } from './instrument'
import { LogLevel, LoggerOption, loggerPublisher } from './logger'
import { OpenTelemetryApi, isOpenTelemetryApi, otelObserver } from './otel'
import type { Ambient, FallbackKind, Observer } from './probe'
import { slotAmbient } from './probe'

/** What a runtime gives: Node's asynchronous context and channels, or a browser's nothing. */
export interface Runtime {
  readonly ambient: Ambient | undefined
  readonly publishers: readonly Publisher[]
  /** The installed `@opentelemetry/api`, when the runtime can load it. */
  readonly openTelemetry: () => OpenTelemetryApi | undefined
  /** The level of the environment's `WEAVIATE_RX_LOG`. */
  readonly logLevel: () => LogLevel | 'off' | undefined
}

/**
 * The options of `connect` that choose the observability (docs/observability.md).
 *
 * @example
 * ```ts
 * const options: ObservabilityOptions = { logger: 'info', onEvent: (channel, payload) => console.debug(channel, payload) }
 * ```
 */
export interface ObservabilityOptions {
  /**
   * The `@opentelemetry/api` object to trace and measure with (`import * as api from
   * '@opentelemetry/api'`), or `false` for none. By default the installed one, when it is.
   * Spans and metrics are made only while an SDK is registered (docs/observability.md).
   */
  readonly openTelemetry?: OpenTelemetryApi | false | undefined
  /**
   * Log lines of the operations, requests, retries, failovers and fallbacks: a level, `'off'`, or
   * `{ level, write }`. By default the level of the `WEAVIATE_RX_LOG` environment variable, off
   * without it.
   */
  readonly logger?: LoggerOption | undefined
  /**
   * Every diagnostics event (the payloads of the `weaviate-rx:*` channels), for a runtime without
   * `diagnostics_channel` or a caller who wants them without subscribing to channels.
   */
  readonly onEvent?: (<C extends EventChannel>(channel: C, payload: EventPayloads[C]) => void) | undefined
}

/** A client's observability. */
export interface Observability {
  readonly observer: Observer
  readonly ambient: Ambient
  /** `api` with its operations watched. */
  instrument<T extends object>(api: T, prefix: string): T
  /** Tells the watchers of a fallback. */
  fallback(kind: FallbackKind, reason: string): void
}

const checkLogger = (logger: unknown): LoggerOption | undefined => {
  if (logger === undefined) return undefined
  const levels = ['error', 'warn', 'info', 'debug']
  if (typeof logger === 'string' && [...levels, 'off'].includes(logger)) return logger as LoggerOption
  if (typeof logger === 'object' && logger !== null) {
    const { level, write } = logger as { readonly level?: unknown; readonly write?: unknown }
    if (typeof level === 'string' && levels.includes(level) && (write === undefined || typeof write === 'function')) return logger as LoggerOption
  }
  throw new ArgumentValueError({ argument: 'logger', reason: "expected 'error', 'warn', 'info', 'debug', 'off' or { level, write? }" })
}

/**
 * The observability of a client with `options` on `runtime`; throws an ArgumentValueError for an
 * option it cannot use. `version` names the instrumentation scope.
 */
export const createObservability = (options: ObservabilityOptions, runtime: Runtime, version: string): Observability | undefined => {
  const { openTelemetry, onEvent } = options
  if (openTelemetry !== undefined && openTelemetry !== false && !isOpenTelemetryApi(openTelemetry)) {
    throw new ArgumentValueError({ argument: 'openTelemetry', reason: "expected the '@opentelemetry/api' object (import * as api from '@opentelemetry/api') or false" })
  }
  if (onEvent !== undefined && typeof onEvent !== 'function') throw new ArgumentValueError({ argument: 'onEvent', reason: 'expected a function' })
  const logger = checkLogger(options.logger) ?? runtime.logLevel()
  const otel = openTelemetry === false ? undefined : (openTelemetry ?? runtime.openTelemetry())
  const sinks = [...runtime.publishers, ...(onEvent === undefined ? [] : [functionPublisher(onEvent)])]
  const log = loggerPublisher(logger)
  if (log !== undefined) sinks.push(log)
  const observer = fanOut([...(otel === undefined ? [] : [otelObserver(otel, version)]), ...(sinks.length === 0 ? [] : [eventObserver(publishers(sinks))])])
  if (observer === undefined) return undefined
  const ambient = runtime.ambient ?? slotAmbient()
  return {
    observer,
    ambient,
    instrument: (api, prefix) => instrumentApi(api, prefix, observer, ambient),
    fallback: (kind, reason) => observer.fallback({ kind, reason }),
  }
}
