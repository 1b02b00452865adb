/**
 * The `logger` option: the diagnostics events (`events.ts`) as log lines at four levels, to the
 * console or to the user's `write`. The environment variable `WEAVIATE_RX_LOG` turns it on
 * where the runtime has one (read by the Node entry).
 *
 * @packageDocumentation
 */
import { EVENT_CHANNELS, EventChannel, EventPayloads, Publisher, functionPublisher } from './events'

/**
 * The log levels, most severe first.
 *
 * @example
 * ```ts
 * const level: LogLevel = 'info'
 * ```
 */
export type LogLevel = 'error' | 'warn' | 'info' | 'debug'

/**
 * One log line: its level, its message, and the event it tells of.
 *
 * @example
 * ```ts
 * const write = (record: LogRecord): void => console.error(`[${record.level}] ${record.message}`)
 * ```
 */
export interface LogRecord {
  readonly level: LogLevel
  readonly message: string
  readonly channel: EventChannel
  readonly event: EventPayloads[EventChannel]
}

/**
 * The `logger` option: a level (lines at it and above go to the console), `'off'`, or a level
 * with your own `write`.
 *
 * @example
 * ```ts
 * connect({ url, logger: 'info' }) // retries, failovers, fallbacks, failed operations on the console
 * connect({ url, logger: { level: 'debug', write: (record) => process.stderr.write(`${record.level} ${record.message}\n`) } })
 * ```
 */
export type LoggerOption = LogLevel | 'off' | { readonly level: LogLevel; readonly write?: (record: LogRecord) => void }

const RANK: Readonly<Record<LogLevel, number>> = { error: 0, warn: 1, info: 2, debug: 3 }

const LEVELS: ReadonlySet<string> = new Set(['error', 'warn', 'info', 'debug', 'off'])

/** The level an environment variable's value names, or undefined for none or an unknown one. */
export const levelFromEnv = (value: string | undefined): LogLevel | 'off' | undefined => {
  const level = value?.trim().toLowerCase()
  return level !== undefined && LEVELS.has(level) ? (level as LogLevel | 'off') : undefined
}

const where = (collection: string | undefined, tenant: string | undefined): string =>
  `${collection === undefined ? '' : ` ${collection}`}${tenant === undefined ? '' : ` (tenant ${tenant})`}`

/** The level and the message of one event. */
const line = <C extends EventChannel>(channel: C, payload: EventPayloads[C]): { readonly level: LogLevel; readonly message: string } => {
  const event = payload
  switch (channel) {
    case EVENT_CHANNELS.operationStart: {
      const e = event as EventPayloads['weaviate-rx:operation:start']
      return { level: 'debug', message: `#${e.operationId} ${e.operation}${where(e.collection, e.tenant)} started` }
    }
    case EVENT_CHANNELS.operationEnd: {
      const e = event as EventPayloads['weaviate-rx:operation:end']
      const result = e.outcome === 'error' ? `failed: ${e.errorType ?? 'error'}` : e.outcome === 'cancelled' ? 'cancelled' : 'ok'
      return {
        level: e.outcome === 'error' ? 'info' : 'debug',
        message: `#${e.operationId} ${e.operation}${where(e.collection, e.tenant)} ${result} in ${e.durationMs.toFixed(1)} ms (${e.attempts} attempts, ${e.retries} retries)`,
      }
    }
    case EVENT_CHANNELS.requestStart: {
      const e = event as EventPayloads['weaviate-rx:request:start']
      return { level: 'debug', message: `#${e.operationId} ${e.transport} ${e.rpc ?? e.method} ${e.url} attempt ${e.attempt}` }
    }
    case EVENT_CHANNELS.requestEnd: {
      const e = event as EventPayloads['weaviate-rx:request:end']
      const result = e.outcome === 'error' ? `failed: ${e.errorType ?? 'error'}` : e.outcome
      return { level: 'debug', message: `#${e.operationId} ${e.transport} ${e.rpc ?? e.method} ${e.url} ${result} in ${e.durationMs.toFixed(1)} ms` }
    }
    case EVENT_CHANNELS.retry: {
      const e = event as EventPayloads['weaviate-rx:request:retry']
      return { level: 'info', message: `#${e.operationId} ${e.operation}: attempt ${e.attempt} failed (${e.errorType}${e.errorMessage === undefined ? '' : `: ${e.errorMessage}`}), retrying in ${Math.round(e.delayMs)} ms` }
    }
    case EVENT_CHANNELS.failover: {
      const e = event as EventPayloads['weaviate-rx:request:failover']
      return { level: 'warn', message: `#${e.operationId} ${e.operation}: failing over from ${e.from} to ${e.to}` }
    }
    case EVENT_CHANNELS.fallback: {
      const e = event as EventPayloads['weaviate-rx:fallback']
      return { level: 'warn', message: `fallback to ${e.kind === 'rest' ? 'REST' : 'BatchObjects'}: ${e.reason}` }
    }
    default:
      return { level: 'debug', message: channel }
  }
}

const consoleWrite = (record: LogRecord): void => {
  const text = `weaviate-rx ${record.level}: ${record.message}`
  if (record.level === 'error') console.error(text)
  else if (record.level === 'warn') console.warn(text)
  else if (record.level === 'info') console.info(text)
  else console.debug(text)
}

/** The logger as a publisher of the events; undefined for `'off'` or no option. */
export const loggerPublisher = (option: LoggerOption | undefined): Publisher | undefined => {
  if (option === undefined || option === 'off') return undefined
  const level = typeof option === 'string' ? option : option.level
  const write = typeof option === 'string' ? consoleWrite : (option.write ?? consoleWrite)
  const rank = RANK[level]
  return functionPublisher((channel, payload) => {
    const { level: at, message } = line(channel, payload)
    if (RANK[at] <= rank) write({ level: at, message, channel, event: payload })
  })
}
