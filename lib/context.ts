/**
 * What every operation needs from its client: the HTTP pipeline, the server version and the
 * deprecation memory. Also the two steps all operations share: check input eagerly (so a later
 * mutation of the argument object cannot change the request), then run on subscription.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { defer, of } from 'rxjs'
import { Deprecations } from './deprecations'
import { WeaviateError } from './errors'
import type { StreamRefusal } from './grpc/batch-stream-fallback'
import type { TransportChoice } from './grpc/capability'
import type { GrpcEffect } from './grpc/pipeline'
import type { HttpEffect } from './http/pipeline'
import type { CallOptions, RetryOptions, TimeoutOptions } from './http/types'
import { checkInput } from './input/check'
import { ObservableEither, flatMap } from './observable-either'
import { VersionSource } from './server-version'
import { ServerVersion } from './version'

// Operations import their per-call settings type with the rest of their context.
export type { CallOptions } from './http/types'

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
}

/** The per-call settings of an argument object, for the request description. */
export const callOptions = (args: Record<string, unknown>): Pick<CallOptions, 'retry' | 'timeout'> => {
  const out: { retry?: Partial<RetryOptions> | false; timeout?: Partial<TimeoutOptions> } = {}
  const retry = args['retry']
  if (retry === false || (typeof retry === 'object' && retry !== null)) out.retry = retry
  const timeout = args['timeout']
  if (typeof timeout === 'object' && timeout !== null) out.timeout = timeout
  return out
}

/**
 * Checks input now and runs `run` on each subscription; an input error is emitted as one `Left`
 * and nothing is sent.
 *
 * @example
 * ```ts
 * const op$ = operation(() => ({ uuid: uuid('uuid', args.uuid) }), (input) => send(input))
 * ```
 */
export const operation = <I, A>(
  check: () => I,
  run: (input: I) => ObservableEither<WeaviateError, A>,
): ObservableEither<WeaviateError, A> => {
  const input = checkInput(check)
  return E.isLeft(input) ? of(input) : defer(() => run(input.right))
}

/**
 * Runs `f` with the server version (read once per client). The first operation's `GET /v1/meta`
 * runs under that operation's `retry` and `timeout`, and unsubscribing from the operation aborts it.
 */
export const withVersion = <A>(
  ctx: OperationContext,
  call: CallOptions,
  f: (version: ServerVersion) => ObservableEither<WeaviateError, A>,
): ObservableEither<WeaviateError, A> => ctx.versions.version(call).pipe(flatMap(f))
