/**
 * URLs of the pipeline: the path and query string of a request, an absolute URL outside Weaviate,
 * and the forms of a URL that may go into a response or an error (never with credentials). The
 * nodes' base URLs are parsed in `nodes.ts`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { ArgumentValueError, redactUrl } from '../../core/errors'
import type { Query } from './types'

/**
 * `path` plus the query string (URLSearchParams encoding, in order, `undefined` values left out).
 */
export const pathWithQuery = (path: string, query: Query | undefined): string => {
  if (query === undefined || query.length === 0) return path
  const params = new URLSearchParams()
  for (const [name, value] of query) if (value !== undefined) params.append(name, value)
  const qs = params.toString()
  return qs.length === 0 ? path : `${path}${path.includes('?') ? '&' : '?'}${qs}`
}

/**
 * The URL stored in responses and errors; only parsed again when it could hold a credential.
 */
export const safeUrl = (origin: string, path: string): string =>
  path.includes('access_token') ? redactUrl(origin + path) : origin + path

/**
 * A URL outside Weaviate (a data object to load) as a URL; it gets its own origin and none of
 * the client's credentials or custom headers. Anything but http(s) is an ArgumentValueError.
 */
export const absoluteUrl = (raw: string): E.Either<ArgumentValueError, URL> => {
  try {
    const url = new URL(raw)
    if (url.protocol === 'http:' || url.protocol === 'https:') return E.right(url)
  } catch {
    // reported below
  }
  return E.left(new ArgumentValueError({ argument: 'url', reason: `not a valid http(s) URL: ${redactUrl(raw)}` }))
}
