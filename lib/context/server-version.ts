/**
 * The per-client server version: read once from `GET /v1/meta`, shared by concurrent first
 * callers (one request), cached after success, forgotten after failure so the next call asks again.
 * `serverVersion` in the client options skips the request entirely.
 *
 * The probe belongs to the operation that needs it: it runs with the first caller's `retry` and
 * `timeout`, and when every caller waiting for it has unsubscribed, the request is aborted (and the
 * next call asks again).
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { Observable, defer, finalize, map, of, share, tap } from 'rxjs'
import { decode } from '../codecs/decode'
import { Meta } from '../codecs/meta'
import { ArgumentValueError, DecodeError, WeaviateError } from '../core/errors'
import type { HttpEffect } from '../transport/http/pipeline'
import type { CallOptions } from '../transport/http/types'
import { ObservableEither } from '../core/observable-either'
import { ServerVersion, parseVersion } from '../server/version'

/** Reads the server's meta information (one request per subscription). */
export const fetchMeta = (http: HttpEffect, call: CallOptions = {}): ObservableEither<WeaviateError, Meta> =>
  http.run({ method: 'GET', path: '/meta', expect: [200], ...call }, (res) => decode(Meta, res.body, { method: 'GET', url: res.url }))

/** A cached source of the server version. */
export interface VersionSource {
  /** The version; a request, if one is needed, runs with `call`'s retry and timeout. */
  readonly version: (call: CallOptions) => ObservableEither<WeaviateError, ServerVersion>
  /** The version when it is already known (no request needed), for a caller's synchronous path. */
  readonly known: () => ServerVersion | undefined
}

/**
 * Builds the version source of one client.
 */
export const createVersionSource = (http: HttpEffect, override: string | undefined): VersionSource => {
  if (override !== undefined) {
    const parsed = parseVersion(override)
    const fixed = of(
      parsed === undefined
        ? E.left(new ArgumentValueError({ argument: 'serverVersion', reason: `'serverVersion' must look like 1.14.0, got '${override}'` }))
        : E.right(parsed),
    )
    return { version: () => fixed, known: () => parsed }
  }
  let known: E.Either<WeaviateError, ServerVersion> | undefined
  let shared: Observable<E.Either<WeaviateError, ServerVersion>> | undefined
  const request = (call: CallOptions): Observable<E.Either<WeaviateError, ServerVersion>> =>
    fetchMeta(http, call).pipe(
      map(
        E.flatMap((meta): E.Either<WeaviateError, ServerVersion> => {
          const parsed = parseVersion(meta.version)
          return parsed === undefined
            ? E.left(new DecodeError({ method: 'GET', url: '/v1/meta', report: [`version: unparseable '${meta.version.slice(0, 40)}'`] }))
            : E.right(parsed)
        }),
      ),
      tap((e) => {
        // Success is kept for good; a failure is not: the next operation asks again.
        if (E.isRight(e)) known = e
        shared = undefined
      }),
      // Concurrent first callers share one request; when all of them unsubscribe, it is aborted.
      finalize(() => (shared = undefined)),
      share({ resetOnRefCountZero: true, resetOnComplete: true, resetOnError: true }),
    )
  return {
    version: (call) =>
      defer(() => {
        if (known !== undefined) return of(known)
        shared ??= request(call)
        return shared
      }),
    known: () => (known !== undefined && E.isRight(known) ? known.right : undefined),
  }
}
