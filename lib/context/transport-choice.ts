/**
 * Which transport an operation runs over, decided once per client: with `transport: 'auto'`,
 * gRPC when the server's version has the methods the client uses (`FEATURES.grpc`), the client
 * has a gRPC address (given, or paired with a REST URL on port 8080: `transport/grpc/address.ts`;
 * over gRPC-Web, the REST URL, on a server that serves it: `FEATURES.grpcWeb`, the default without
 * an address) and a gRPC health check there answers SERVING; otherwise REST, with one warning
 * naming the reason (without an address: how to pass `grpcUrl`). A server that does not serve
 * gRPC-Web (older, or with it turned off) answers the health check with a 404, which is that reason.
 * A client with both carriers settles its unary calls' carrier at the same time (`webUnary`). `'grpc'` and `'rest'` skip the checks; a
 * call that asks for `'grpc'` on a client without a gRPC address is an {@link ArgumentValueError}. A failure to read the server version is the operation's `Left` and
 * is not remembered (the next operation asks again); the decision itself is kept for good.
 *
 * @packageDocumentation
 */
import { create } from '@bufbuild/protobuf'
import * as E from 'fp-ts/Either'
import { Observable, defer, finalize, map, mergeMap, of, share, tap } from 'rxjs'
import type { CallOptions } from '../transport/http/types'
import { ArgumentValueError, WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import type { VersionSource } from './server-version'
import { FEATURES, ServerVersion, requiredVersion, supports } from '../server/version'
import { HealthCheckRequestSchema, HealthCheckResponse_ServingStatus } from '../proto/generated/grpc/health/v1/health_pb'
import { METHODS } from '../transport/grpc/methods'
import type { TransportKind, TransportMode } from '../input/transport-mode'
import type { GrpcEffect } from '../transport/grpc/calls'
import type { WebUnaryGrpc } from '../transport/grpc-web/web-unary'

/** The health check's own limit: a closed port answers at once, a black hole should not stall an import. */
const HEALTH_CHECK_MS = 5_000

/**
 * The transport decision of one client.
 */
export interface TransportChoice {
  /** The client's mode (a call without its own `transport` runs in it). */
  readonly mode: TransportMode
  /** The transport for a call whose own `transport` is `mode` (the client's when undefined). */
  choose(mode: TransportMode | undefined, call: CallOptions): ObservableEither<WeaviateError, TransportKind>
  /** What {@link TransportChoice.choose} gives when it needs to ask nothing (decided, or not `'auto'`). */
  settled(mode: TransportMode | undefined): TransportKind | undefined
  /**
   * For an operation's check: throws an {@link ArgumentValueError} when `mode` (the client's when
   * undefined) is `'grpc'` and the client has no gRPC address.
   */
  requireAddress(mode: TransportMode | undefined): void
}

/**
 * What the decision needs.
 */
export interface TransportChoiceConfig {
  /** The client's mode. */
  readonly mode: TransportMode
  readonly versions: VersionSource
  readonly grpc: GrpcEffect
  /** Why the client has no gRPC address (`grpc.nodes` is empty), and how to give one; undefined when it has one. */
  readonly noAddress: string | undefined
  /**
   * Why a client runs its gRPC calls as gRPC-Web (`grpc: 'auto'` without a gRPC address), and how
   * to give one: added to the reason when gRPC-Web is not there; undefined otherwise.
   */
  readonly webHint?: string | undefined
  /**
   * A client with both carriers (`grpc: 'auto'` with a gRPC address,
   * `transport/grpc-web/web-unary.ts`): when `'auto'` settles on gRPC, its unary calls move to
   * gRPC-Web if the server's version serves it and a health check over gRPC-Web answers SERVING;
   * otherwise they stay on grpc-js, without a warning (grpc-js works).
   */
  readonly webUnary?: Pick<WebUnaryGrpc, 'web' | 'useWeb'> | undefined
  /** Called once, with the reason, when `'auto'` settles on REST. */
  readonly warn: (reason: string) => void
}

/**
 * Creates the decision of one client.
 */
export const createTransportChoice = (config: TransportChoiceConfig): TransportChoice => {
  let known: TransportKind | undefined
  let shared: Observable<E.Either<WeaviateError, TransportKind>> | undefined

  const healthy = (grpc: GrpcEffect): Observable<E.Either<string, true>> => {
    const node = grpc.nodes[0]
    const where = node?.origin ?? 'the gRPC address'
    return grpc
      .run(METHODS.health, create(HealthCheckRequestSchema, { service: '' }), { retry: false, timeout: { attemptMs: HEALTH_CHECK_MS, totalMs: HEALTH_CHECK_MS } })
      .pipe(
        map(
          E.match(
            (error): E.Either<string, true> => E.left(`the gRPC health check at ${where} failed: ${error.message}`),
            (reply) =>
              reply.status === HealthCheckResponse_ServingStatus.SERVING
                ? E.right(true)
                : E.left(`the gRPC health check at ${where} answered ${HealthCheckResponse_ServingStatus[reply.status] ?? String(reply.status)}`),
          ),
        ),
      )
  }

  const decide = (version: ServerVersion): Observable<TransportKind> => {
    if (!supports(version, 'grpc')) {
      return of(fallBack(`the server is ${version.raw} and ${FEATURES.grpc.name} needs ${FEATURES.grpc.since}`))
    }
    if (config.grpc.carrier === 'web' && !supports(version, 'grpcWeb')) {
      return of(fallBack(withWebHint(`the server is ${version.raw} and ${FEATURES.grpcWeb.name} needs ${requiredVersion('grpcWeb')}`)))
    }
    if (config.noAddress !== undefined) return of(fallBack(config.noAddress))
    return healthy(config.grpc).pipe(mergeMap((ok) => (E.isRight(ok) ? webForUnary(version) : of(fallBack(withWebHint(ok.left))))))
  }

  /** gRPC settled: a client with both carriers moves its unary calls to gRPC-Web where it answers. */
  const webForUnary = (version: ServerVersion): Observable<TransportKind> => {
    const both = config.webUnary
    if (both === undefined || !supports(version, 'grpcWeb')) return of<TransportKind>('grpc')
    return healthy(both.web).pipe(
      map((ok): TransportKind => {
        both.useWeb(E.isRight(ok))
        return 'grpc'
      }),
    )
  }

  const withWebHint = (reason: string): string => (config.webHint === undefined ? reason : `${reason}; ${config.webHint}`)

  const fallBack = (reason: string): TransportKind => {
    config.warn(reason)
    return 'rest'
  }

  const resolveAuto = (call: CallOptions): Observable<E.Either<WeaviateError, TransportKind>> =>
    config.versions.version(call).pipe(
      mergeMap(E.match((error) => of(E.left<WeaviateError, TransportKind>(error)), (version) => decide(version).pipe(map((kind) => E.right<WeaviateError, TransportKind>(kind))))),
      tap((decision) => {
        if (E.isRight(decision)) known = decision.right
        shared = undefined
      }),
      finalize(() => (shared = undefined)),
      share({ resetOnRefCountZero: true, resetOnComplete: true, resetOnError: true }),
    )

  const settled = (mode: TransportMode | undefined): TransportKind | undefined => {
    const effective = mode ?? config.mode
    return effective === 'auto' ? known : effective
  }

  const missing = (mode: TransportMode | undefined): ArgumentValueError | undefined =>
    config.noAddress !== undefined && (mode ?? config.mode) === 'grpc'
      ? new ArgumentValueError({ argument: 'transport', reason: `'grpc' needs a gRPC address: ${config.noAddress}` })
      : undefined

  return {
    mode: config.mode,
    choose: (mode, call) =>
      defer(() => {
        const refused = missing(mode)
        if (refused !== undefined) return of(E.left<WeaviateError, TransportKind>(refused))
        const kind = settled(mode)
        if (kind !== undefined) return of(E.right(kind))
        shared ??= resolveAuto(call)
        return shared
      }),
    settled,
    requireAddress: (mode) => {
      const refused = missing(mode)
      if (refused !== undefined) throw refused
    },
  }
}
