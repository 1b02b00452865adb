/**
 * The client's connections over the global `fetch` (browsers, edge runtimes, Deno, Bun; the web
 * build's REST transport): the second implementation below the pipeline, beside undici's
 * (`undici-connections.ts`). One `AbortController` per exchange: unsubscribing (the caller, or the
 * deadline's timer) aborts the request in flight. The runtime owns the connections, so `close()`
 * only makes later requests fail before anything is sent.
 *
 * A body the request expects is read whole; any other status's body up to {@link ERROR_BODY_CAP}
 * bytes, then the read is cancelled. A failed `fetch` says little: Node's puts an error with a
 * `code` under `cause`, browsers only say `TypeError`, so the `ConnectionError` takes the code
 * where there is one, else {@link FETCH_FAILED} (a network failure: retried, and the failover
 * cursor moves on, as after a refused connection).
 *
 * @packageDocumentation
 */
import { Observable } from 'rxjs'
import { ConnectionError, HttpMethod } from '../../core/errors'
import { Connections, ERROR_BODY_CAP, RawResponse, Target } from './exchange'
import type { ResponseHeaders } from './types'

/** The `ConnectionError.code` of a `fetch` that failed without saying why (a browser's `TypeError`). */
export const FETCH_FAILED = 'FETCH_FAILED'

/** A `fetch` function: the global one, or one the user gives (`connect({ fetch })`). */
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>

/** The global `fetch`, looked up at each call (a test or a polyfill may set it late). */
const globalFetch: FetchFunction = (input, init) => fetch(input, init)

/**
 * Connections over `fetchImpl` (the global `fetch` unless one is given).
 */
export const fetchConnections = (fetchImpl: FetchFunction = globalFetch): Connections => {
  let closed = false
  return {
    transport: (target) => fetchTransport(fetchImpl, target),
    via: () => undefined,
    get closed() {
      return closed
    },
    close: () => {
      closed = true
      return Promise.resolve()
    },
  }
}

/** One exchange over `fetchImpl`, cold; unsubscribing aborts it. */
const fetchTransport = (fetchImpl: FetchFunction, target: Target): Observable<RawResponse> =>
  new Observable<RawResponse>((subscriber) => {
    const controller = new AbortController()
    let settled = false
    const exchange = async (): Promise<RawResponse> => {
      const init: RequestInit = { method: target.method, headers: target.headers, signal: controller.signal }
      if (target.body !== null) init.body = target.body
      const response = await fetchImpl(`${target.origin}${target.path}`, init)
      const headers = headersOf(response.headers)
      const text = target.expect.includes(response.status) ? await response.text() : await capped(response)
      return { status: response.status, headers, text }
    }
    exchange().then(
      (answer) => {
        if (settled) return
        settled = true
        subscriber.next(answer)
        subscriber.complete()
      },
      (err: unknown) => {
        if (settled) return
        settled = true
        subscriber.error(fetchFailure(err, target))
      },
    )
    return () => {
      if (settled) return
      settled = true
      controller.abort()
    }
  })

/** The response's headers as the pipeline reads them: lower-case names (as `Headers` gives them). */
const headersOf = (headers: Headers): ResponseHeaders => {
  const out: Record<string, string> = {}
  headers.forEach((value, name) => {
    out[name] = value
  })
  return out
}

/** At most {@link ERROR_BODY_CAP} bytes of the body, as text; the rest is not read. */
const capped = async (response: Response): Promise<string> => {
  if (response.body === null) return ''
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader()
  const chunks: Uint8Array[] = []
  let kept = 0
  while (kept < ERROR_BODY_CAP) {
    const { done, value } = await reader.read()
    if (done) break
    const part = value.length <= ERROR_BODY_CAP - kept ? value : value.subarray(0, ERROR_BODY_CAP - kept)
    chunks.push(part)
    kept += part.length
  }
  if (kept >= ERROR_BODY_CAP) await reader.cancel().catch(() => undefined)
  const decoder = new TextDecoder()
  return chunks.map((chunk, i) => decoder.decode(chunk, { stream: i < chunks.length - 1 })).join('')
}

/**
 * A failed `fetch` as a `ConnectionError`: the code of its `cause` where it has one (Node's
 * `fetch`), else {@link FETCH_FAILED}.
 */
export const fetchFailure = (err: unknown, target: { readonly method: HttpMethod; readonly url: string }): ConnectionError => {
  // Read by shape, not `instanceof`: the error may come from another realm (a test sandbox, a worker's fetch).
  const cause = field(err, 'cause')
  const code = field(cause, 'code')
  const message = [field(cause, 'message'), field(err, 'message')].find((m): m is string => typeof m === 'string')
  return new ConnectionError({ method: target.method, url: target.url, code: typeof code === 'string' ? code : FETCH_FAILED, detail: message ?? String(err), cause: err })
}

/** A property of an object, or undefined for anything else. */
const field = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null && name in value ? (value as Record<string, unknown>)[name] : undefined
