/**
 * HTTP/2 keepalive pings of the gRPC channels (`grpcKeepalive` on `connect`), checked once per
 * client and turned into grpc-js channel options.
 *
 * The defaults follow the server's rules. Weaviate (1.39 and before) runs grpc-go's default
 * enforcement policy: a ping less than 5 minutes after the one before, or any ping while no call
 * is open, is a strike unless the server has written to the connection since; the third strike
 * closes the connection with GOAWAY `ENHANCE_YOUR_CALM` (`too_many_pings`), which grpc-js logs as
 * an error before it doubles its interval. So by default pings go only while a call is open,
 * every 30 s: the connection is closed only after three pings with no answer or reply written in
 * between, 90 s of a silent call, three times a unary call's default attempt timeout. After an
 * idle spell the first call's ping goes out with it: a connection a load balancer cut while it
 * was idle is found dead within `timeoutMs` (the call fails UNAVAILABLE and its retry opens a new
 * connection) instead of holding the call to its deadline.
 *
 * @packageDocumentation
 */
import type { ChannelOptions } from '@grpc/grpc-js'
import { ArgumentValueError } from '../../core/errors'

/**
 * Keepalive pings of the gRPC connections.
 *
 * @example
 * ```ts
 * connect({ url: 'http://127.0.0.1:8080', grpcKeepalive: { timeMs: 60_000, timeoutMs: 20_000 } })
 * ```
 */
export interface KeepaliveOptions {
  /**
   * Milliseconds between pings (from the answer to one to the next ping), at least 1000.
   *
   * @default 30_000
   */
  readonly timeMs?: number
  /**
   * Milliseconds to wait for a ping's answer before the connection counts as dead (calls on it
   * fail UNAVAILABLE, which idempotent calls retry on a new connection).
   *
   * @default 10_000
   */
  readonly timeoutMs?: number
  /**
   * Ping while no call is open too, which keeps an idle connection open through a load balancer's
   * idle cut. Only for a server whose keepalive policy permits it: Weaviate's default policy
   * answers the third such ping by closing the connection (`too_many_pings`).
   *
   * @default false
   */
  readonly withoutCalls?: boolean
}

/** The checked keepalive settings. */
export interface Keepalive {
  readonly timeMs: number
  readonly timeoutMs: number
  readonly withoutCalls: boolean
}

/** The defaults: pings every 30 s while a call is open, 10 s for the answer. */
export const DEFAULT_KEEPALIVE: Keepalive = Object.freeze({ timeMs: 30_000, timeoutMs: 10_000, withoutCalls: false })

const MIN_TIME_MS = 1000

/**
 * The checked settings, or `false` for none (`grpcKeepalive: false`). Throws an
 * ArgumentValueError for a time or timeout that is not a whole number of milliseconds in range, or
 * a key it does not know.
 */
export const resolveKeepalive = (options: KeepaliveOptions | false | undefined): Keepalive | false => {
  if (options === false) return false
  if (options === undefined) return DEFAULT_KEEPALIVE
  if (typeof options !== 'object' || options === null) throw new ArgumentValueError({ argument: 'grpcKeepalive', reason: "'grpcKeepalive' must be an object or false" })
  for (const key of Object.keys(options)) {
    if (key !== 'timeMs' && key !== 'timeoutMs' && key !== 'withoutCalls') {
      throw new ArgumentValueError({ argument: 'grpcKeepalive', reason: `unknown key '${key}': use timeMs, timeoutMs, withoutCalls` })
    }
  }
  const timeMs = options.timeMs ?? DEFAULT_KEEPALIVE.timeMs
  const timeoutMs = options.timeoutMs ?? DEFAULT_KEEPALIVE.timeoutMs
  if (!Number.isInteger(timeMs) || timeMs < MIN_TIME_MS || timeMs > 0x7fffffff) {
    throw new ArgumentValueError({ argument: 'grpcKeepalive', reason: `'timeMs' must be a whole number of milliseconds from ${MIN_TIME_MS}, got ${timeMs}` })
  }
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 0x7fffffff) {
    throw new ArgumentValueError({ argument: 'grpcKeepalive', reason: `'timeoutMs' must be a positive whole number of milliseconds, got ${timeoutMs}` })
  }
  const withoutCalls = options.withoutCalls ?? DEFAULT_KEEPALIVE.withoutCalls
  if (typeof withoutCalls !== 'boolean') throw new ArgumentValueError({ argument: 'grpcKeepalive', reason: "'withoutCalls' must be a boolean" })
  return { timeMs, timeoutMs, withoutCalls }
}

/** The grpc-js channel options of the settings (none for `false`). */
export const keepaliveChannelOptions = (keepalive: Keepalive | false): ChannelOptions =>
  keepalive === false
    ? {}
    : {
        'grpc.keepalive_time_ms': keepalive.timeMs,
        'grpc.keepalive_timeout_ms': keepalive.timeoutMs,
        'grpc.keepalive_permit_without_calls': keepalive.withoutCalls ? 1 : 0,
      }
