/**
 * The gRPC side of a client that has both carriers (`grpc: 'auto'` with a gRPC address): its unary
 * calls (Search, Aggregate, BatchObjects, BatchDelete, TenantsGet, the health check) as gRPC-Web
 * on the REST URL once the transport choice has found it served there (`useWeb(true)`), over
 * grpc-js before that and otherwise; its bidirectional calls (`BatchStream`) always over grpc-js,
 * which has them. On Node a unary call over gRPC-Web (undici, HTTP/1.1) costs the client less CPU
 * than over grpc-js at an equal or lower latency (docs/decisions/0018-web-unary-by-default.md), so
 * that is the default.
 *
 * @packageDocumentation
 */
import type * as E from 'fp-ts/Either'
import type { Observable } from 'rxjs'
import type { WeaviateError } from '../../core/errors'
import type { ObservableEither } from '../../core/observable-either'
import type { GrpcCallOptions, GrpcEffect, UnaryCalls } from '../grpc/calls'
import type { UnaryMethod } from '../grpc/methods'

/**
 * Whether a client with a gRPC address sends its unary calls as gRPC-Web where the server serves
 * it (docs/decisions/0018-web-unary-by-default.md).
 */
export const WEB_UNARY_BY_DEFAULT = true

/**
 * A {@link GrpcEffect} over grpc-js whose unary calls can move to gRPC-Web.
 */
export interface WebUnaryGrpc extends GrpcEffect {
  /** The gRPC-Web side, for the health check that decides {@link WebUnaryGrpc.useWeb}. */
  readonly web: GrpcEffect
  /** From now on, unary calls over gRPC-Web (`true`) or grpc-js (`false`). */
  useWeb(on: boolean): void
}

/**
 * Combines the two carriers of one client. `carrier`, `openStream`, `streamBearer`, `nodes` and
 * `settings` are grpc-js's (a batch still streams with `BatchStream`); `close` closes both.
 */
export const webUnary = (native: GrpcEffect, web: GrpcEffect): WebUnaryGrpc => {
  let unary: UnaryCalls = native

  const call = <I, O>(method: UnaryMethod<I, O>, request: I, options?: GrpcCallOptions): Observable<O> => unary.call(method, request, options)

  function run<I, O>(method: UnaryMethod<I, O>, request: I, options?: GrpcCallOptions): ObservableEither<WeaviateError, O>
  function run<I, O, A>(
    method: UnaryMethod<I, O>,
    request: I,
    options: GrpcCallOptions | undefined,
    interpret: (reply: O) => E.Either<WeaviateError, A>,
  ): ObservableEither<WeaviateError, A>
  function run<I, O, A>(
    method: UnaryMethod<I, O>,
    request: I,
    options?: GrpcCallOptions,
    interpret?: (reply: O) => E.Either<WeaviateError, A>,
  ): ObservableEither<WeaviateError, A | O> {
    return interpret === undefined ? unary.run(method, request, options) : unary.run(method, request, options, interpret)
  }

  return {
    carrier: native.carrier,
    call,
    run,
    settings: (options) => native.settings(options),
    streamBearer: () => native.streamBearer(),
    openStream: (method, options, bearer) => native.openStream(method, options, bearer),
    nodes: native.nodes,
    close: () => {
      native.close()
      web.close()
    },
    web,
    useWeb: (on) => {
      unary = on ? web : native
    },
  }
}

/** Whether a client's gRPC side is the two-carrier one of {@link webUnary}. */
export const isWebUnary = (grpc: GrpcEffect): grpc is WebUnaryGrpc => 'useWeb' in grpc && typeof grpc.useWeb === 'function'
