/**
 * URLs of the pipeline: the nodes a client talks to (origin plus `/v1` base path), the path and
 * query string of a request, and the forms of a URL that may go into a response or an error
 * (never with credentials).
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { ArgumentValueError, redactUrl } from '../errors'
import type { Query } from './types'

/**
 * A Weaviate node: where its pool connects and the path prefix of its API.
 *
 * @example
 * ```ts
 * const node: Node = { origin: 'http://127.0.0.1:8080', basePath: '/v1' }
 * ```
 */
export interface Node {
  readonly origin: string
  /** e.g. `/v1`, or `/proxy/v1` for a base URL with a path. */
  readonly basePath: string
}

/**
 * The nodes of a URL list: origin plus API base path, `/v1` appended once.
 *
 * @example
 * ```ts
 * parseNodes(['http://127.0.0.1:8080/v1/']) // [{ origin: 'http://127.0.0.1:8080', basePath: '/v1', ... }]
 * ```
 */
export const parseNodes = (urls: readonly string[]): Node[] => {
  if (urls.length === 0) throw new ArgumentValueError({ argument: 'url', reason: 'at least one Weaviate URL is required' })
  return urls.map((raw) => {
    let url: URL
    try {
      url = new URL(raw)
    } catch {
      throw new ArgumentValueError({ argument: 'url', reason: `not a valid URL: ${redactUrl(raw)}` })
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new ArgumentValueError({ argument: 'url', reason: `only http and https URLs are supported: ${redactUrl(raw)}` })
    }
    let prefix = url.pathname.replace(/\/+$/, '')
    if (prefix.endsWith('/v1')) prefix = prefix.slice(0, -3)
    return { origin: url.origin, basePath: `${prefix}/v1` }
  })
}

/**
 * `path` plus the query string (URLSearchParams encoding, in order, `undefined` values left out).
 *
 * @example
 * ```ts
 * pathWithQuery('/objects', [['class', 'A'], ['after', undefined], ['limit', '10']]) // '/objects?class=A&limit=10'
 * ```
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
 *
 * @example
 * ```ts
 * safeUrl('http://127.0.0.1:8080', '/v1/meta') // 'http://127.0.0.1:8080/v1/meta'
 * ```
 */
export const safeUrl = (origin: string, path: string): string =>
  path.includes('access_token') ? redactUrl(origin + path) : origin + path

/**
 * An `absoluteUrl` as a URL; it gets its own origin and none of the client's credentials or
 * custom headers. Anything but http(s) is an ArgumentValueError.
 *
 * @example
 * ```ts
 * absoluteUrl('https://example.com/a.json') // right(URL)
 * absoluteUrl('file:///etc/passwd')         // left(ArgumentValueError)
 * ```
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
