/**
 * GET of a URL outside Weaviate (a `dataObject` given as a URL): the client's transport, deadline
 * and classification, but none of its Weaviate parts: no node or failover, no API key or custom
 * headers, no retry. Cold like every request: nothing is sent before subscription, and
 * unsubscribing aborts it.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { Observable, SchedulerLike, defer, throwError } from 'rxjs'
import { redactUrl } from '../../core/errors'
import { classifyResponses } from './classify'
import { startDeadline } from './deadline'
import { Connections, Target, Transport, closedError } from './exchange'
import type { HttpResponse, TimeoutOptions } from './types'
import { absoluteUrl } from './urls'

/**
 * What to fetch.
 */
export interface UrlRequest {
  /** An absolute http(s) URL; anything else is an ArgumentValueError. */
  readonly url: string
  /** Statuses that count as success; any other is an `UnexpectedStatusError`. */
  readonly expect: readonly number[]
}

/**
 * Sends a {@link UrlRequest}: emits one {@link HttpResponse} and completes, or errors with a
 * WeaviateError (ArgumentValueError for a URL that is not http(s), ConnectionError,
 * TimeoutError, UnexpectedStatusError, DecodeError).
 */
export type FetchUrl = (req: UrlRequest) => Observable<HttpResponse>

/**
 * A {@link FetchUrl} on the client's connections and clock, under the client's timeouts.
 */
export const createFetchUrl =
  (parts: { readonly connections: Connections; readonly clock: SchedulerLike; readonly transport: Transport; readonly timeout: TimeoutOptions }): FetchUrl =>
  (req) =>
    defer(() => {
      const url = absoluteUrl(req.url)
      if (E.isLeft(url)) return throwError(() => url.left)
      const origin = url.right.origin
      const path = url.right.pathname + url.right.search
      const safe = redactUrl(origin + path)
      if (parts.connections.closed) return throwError(() => closedError('GET', safe))
      const target: Target = {
        via: parts.connections.via(origin),
        origin,
        path,
        url: safe,
        method: 'GET',
        headers: {},
        body: null,
        expect: req.expect,
      }
      return parts
        .transport(target)
        .pipe(startDeadline(parts.timeout, parts.clock).attempt(target), classifyResponses(target, parts.clock))
    })
