/**
 * `client.isReady()` and `client.isLive()`: the node's own health endpoints
 * (`GET /v1/.well-known/ready`, `GET /v1/.well-known/live`), as Kubernetes probes read them.
 *
 * An answer of the server is a `Right`: 200 is `true`, 503 is `false` (the node, or a gateway in
 * front of it, says it takes no traffic now). Not reaching the server is a `Left`
 * (`ConnectionError`, `TlsError`, `TimeoutError`), like any other status (`UnexpectedStatusError`):
 * "not ready" and "wrong address" stay apart, so a wait loop on a mistyped URL fails instead of
 * waiting for ever. The probe asks now: one attempt unless the call gives `retry` (a 503 would
 * otherwise be retried as transient), no server version read first (a starting node may not
 * answer `/v1/meta`), and no failover beyond the node the client talks to.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { CallOptions, OperationContext, callInput } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { HEALTH_PATHS } from '../server/routes'
import { HttpResponse } from '../transport/http/types'

/** The statuses a health endpoint answers with, and what each says. */
const HEALTH_STATUS: Readonly<Record<number, boolean>> = { 200: true, 503: false }
const EXPECTED = Object.keys(HEALTH_STATUS).map(Number)

/**
 * The health checks of a client.
 *
 * @example
 * ```ts
 * import * as E from 'fp-ts/Either'
 * import { firstValueFrom } from 'rxjs'
 *
 * const ready = await firstValueFrom(client.isReady({ timeout: { attemptMs: 2_000 } }))
 * if (E.isLeft(ready)) console.error(`cannot reach Weaviate: ${ready.left.message}`)
 * else if (!ready.right) console.error('Weaviate is up but not ready')
 * ```
 */
export interface HealthApi {
  /**
   * Whether the node takes traffic (`GET /v1/.well-known/ready`): `true` for 200, `false` for 503;
   * a `Left` when the server cannot be reached or answers anything else. One attempt unless
   * `retry` is given.
   */
  readonly isReady: (options?: CallOptions) => ObservableEither<WeaviateError, boolean>
  /**
   * Whether the node's process serves HTTP (`GET /v1/.well-known/live`): `true` for 200, `false`
   * for 503 (from a gateway in front of it); a `Left` when the server cannot be reached or
   * answers anything else. One attempt unless `retry` is given.
   */
  readonly isLive: (options?: CallOptions) => ObservableEither<WeaviateError, boolean>
}

/** The status rule of a health endpoint: 200 and 503 are answers, anything else is classified as an error before it gets here. */
const healthy = (res: HttpResponse): E.Either<WeaviateError, boolean> => E.right(HEALTH_STATUS[res.status] === true)

const probe = (ctx: OperationContext, name: 'isReady' | 'isLive', path: string, options: CallOptions | undefined): ObservableEither<WeaviateError, boolean> =>
  operation(
    () => callInput(name, options),
    (call) => ctx.http.run({ method: 'GET', path, expect: EXPECTED, ...call, retry: call.retry ?? false }, healthy),
  )

/**
 * Binds the health checks to a client context.
 */
export const healthApi = (ctx: OperationContext): HealthApi => ({
  isReady: (options) => probe(ctx, 'isReady', HEALTH_PATHS.ready, options),
  isLive: (options) => probe(ctx, 'isLive', HEALTH_PATHS.live, options),
})
