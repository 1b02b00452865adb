/**
 * What every operation needs from its client: the HTTP and gRPC pipelines, the server version, the
 * transport choice and the client's memories (deprecations, a refused `BatchStream`). The two
 * steps every operation shares, check then run, are `operation()` in `lib/core/operation.ts`.
 *
 * @packageDocumentation
 */
import { Deprecations } from '../server/deprecations'
import { WeaviateError } from '../core/errors'
import type { StreamRefusal } from './stream-refusal'
import type { TransportChoice } from './transport-choice'
import type { GrpcEffect } from '../transport/grpc/calls'
import type { HttpEffect } from '../transport/http/pipeline'
import type { CallOptions, RetryOptions, TimeoutOptions } from '../transport/http/types'
import { KeyTable, argsOf, argumentKeys, knownKeys } from '../input/check'
import { checkHeaders } from '../input/headers'
import { ObservableEither, flatMap } from '../core/observable-either'
import { VersionSource } from './server-version'
import { ServerVersion } from '../server/version'

// Operations import their per-call settings type with the rest of their context.
export type { CallOptions } from '../transport/http/types'

/** The client's parts an operation uses. */
export interface OperationContext {
  readonly http: HttpEffect
  readonly versions: VersionSource
  readonly deprecations: Deprecations
  /** The gRPC calls of operations that have a gRPC path. */
  readonly grpc: GrpcEffect
  /** gRPC or REST, decided once per client (`transport` option). */
  readonly transports: TransportChoice
  /** Whether the server refused `BatchStream` (UNIMPLEMENTED): `objects.batch`'s `'auto'` then uses `BatchObjects`. */
  readonly streamRefusal: StreamRefusal
  /** Reads a text file (a `dataObject` given as a path); undefined in a build without a file system (the web entry). */
  readonly readTextFile: ReadTextFile | undefined
  /** Searches over REST use the server's REST Search API where it has the search (`restSearch` option), not GraphQL. */
  readonly restSearch: boolean
}

/** Reads the UTF-8 text of the file at `path`. */
export type ReadTextFile = (path: string) => Promise<string>

/** The per-call settings of an argument object, for the request description. */
export const callOptions = (args: Record<string, unknown>): CallOptions => {
  const out: { retry?: Partial<RetryOptions> | false; timeout?: Partial<TimeoutOptions>; headers?: Readonly<Record<string, string>> } = {}
  const retry = args['retry']
  if (typeof retry === 'object' && retry !== null) knownKeys(RETRY_KEYS, retry as Record<string, unknown>, 'retry')
  if (retry === false || (typeof retry === 'object' && retry !== null)) out.retry = retry
  const timeout = args['timeout']
  if (typeof timeout === 'object' && timeout !== null) {
    knownKeys(TIMEOUT_KEYS, timeout as Record<string, unknown>, 'timeout')
    out.timeout = timeout
  }
  const headers = args['headers']
  if (headers !== undefined) out.headers = checkHeaders('headers', headers)
  return out
}

/** The keys of the per-call options an operation takes as an argument of its own (`schema.*`, `tenants.*`). */
export const CALL_KEYS: KeyTable<CallOptions> = { retry: true, timeout: true, headers: true }

const RETRY_KEYS = argumentKeys<RetryOptions>('retry', { attempts: true, baseDelayMs: true, maxDelayMs: true, maxRetryAfterMs: true, random: true })
const TIMEOUT_KEYS = argumentKeys<TimeoutOptions>('timeout', { attemptMs: true, totalMs: true })

/**
 * Runs `f` with the server version (read once per client). The first operation's `GET /v1/meta`
 * runs under that operation's `retry` and `timeout`, and unsubscribing from the operation aborts it.
 */
export const withVersion = <A>(
  ctx: OperationContext,
  call: CallOptions,
  f: (version: ServerVersion) => ObservableEither<WeaviateError, A>,
): ObservableEither<WeaviateError, A> => ctx.versions.version(call).pipe(flatMap(f))

/**
 * Checks the per-call options of a positional operation (`schema.getClass(name, options)`,
 * `aliases.get(alias, options)`, ...): `undefined` means none; a key other than `retry`,
 * `timeout` and `headers` is refused.
 */
export const callInput = (operation: string, options: unknown): CallOptions =>
  options === undefined ? {} : callOptions(argsOf(argumentKeys<CallOptions>(`${operation} options`, CALL_KEYS), options))
