/**
 * The per-client server version: read once from `GET /v1/meta`, shared by concurrent first
 * callers (one request), cached after success, forgotten after failure so the next call asks again.
 * `serverVersion` in the client options skips the request entirely.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { Observable, defer, map, of, shareReplay, tap } from 'rxjs'
import { decode } from './codecs/decode'
import { Meta } from './codecs/meta'
import { ArgumentValueError, DecodeError, WeaviateError } from './errors'
import type { HttpEffect } from './http/pipeline'
import { ObservableEither } from './observable-either'
import { ServerVersion, parseVersion } from './version'

/** Reads the server's meta information (one request per subscription). */
export const fetchMeta = (http: HttpEffect): ObservableEither<WeaviateError, Meta> =>
  http.run({ method: 'GET', path: '/meta', expect: [200] }, (res) =>
    decode(Meta, res.body, { method: 'GET', url: res.url }),
  )

/** A cached source of the server version. */
export interface VersionSource {
  readonly version: () => ObservableEither<WeaviateError, ServerVersion>
}

/**
 * Builds the version source of one client.
 *
 * @example
 * ```ts
 * const source = createVersionSource(http, undefined)
 * source.version() // one GET /v1/meta however many subscribe at once
 * ```
 */
export const createVersionSource = (http: HttpEffect, override: string | undefined): VersionSource => {
  if (override !== undefined) {
    const parsed = parseVersion(override)
    const fixed = of(
      parsed === undefined
        ? E.left(new ArgumentValueError({ argument: 'serverVersion', reason: `'serverVersion' must look like 1.14.0, got '${override}'` }))
        : E.right(parsed),
    )
    return { version: () => fixed }
  }
  let shared: Observable<E.Either<WeaviateError, ServerVersion>> | undefined
  const request = (): Observable<E.Either<WeaviateError, ServerVersion>> =>
    fetchMeta(http).pipe(
      map(
        E.chainW((meta): E.Either<WeaviateError, ServerVersion> => {
          const parsed = parseVersion(meta.version)
          return parsed === undefined
            ? E.left(new DecodeError({ method: 'GET', url: '/v1/meta', report: [`version: unparseable '${meta.version.slice(0, 40)}'`] }))
            : E.right(parsed)
        }),
      ),
      // A failure is not cached: the next operation asks again.
      tap((e) => {
        if (E.isLeft(e)) shared = undefined
      }),
      shareReplay({ bufferSize: 1, refCount: false }),
    )
  return {
    version: () =>
      defer(() => {
        shared ??= request()
        return shared
      }),
  }
}
