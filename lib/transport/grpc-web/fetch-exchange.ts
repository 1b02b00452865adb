/**
 * A gRPC-Web exchange over the global `fetch` (browsers, edge runtimes, Deno, Bun): one
 * `AbortController` per exchange, the body read chunk by chunk from its stream into the sink.
 *
 * A failed `fetch` is a `ConnectionError` as on the REST side (`../http/fetch-connections.ts`):
 * the code of its `cause` where there is one, else `FETCH_FAILED`.
 *
 * @packageDocumentation
 */
import { FetchFunction, fetchFailure } from '../http/fetch-connections'
import type { WebExchange } from './exchange'

/**
 * The exchange over `fetchImpl` (the global `fetch` unless one is given).
 */
export const fetchExchange =
  (fetchImpl: FetchFunction = (input, init) => fetch(input, init)): WebExchange =>
  (request, sink) => {
    const controller = new AbortController()
    let stopped = false
    const failed = (err: unknown): void => {
      if (stopped) return
      stopped = true
      sink.fail(fetchFailure(err, { method: 'POST', url: request.url }))
    }
    const read = async (): Promise<void> => {
      const response = await fetchImpl(`${request.origin}${request.path}`, {
        method: 'POST',
        headers: request.headers,
        // The DOM lib's BodyInit takes a Uint8Array over an ArrayBuffer only; the frames are always one.
        body: request.body as Uint8Array<ArrayBuffer>,
        signal: controller.signal,
      })
      if (stopped) return
      sink.start(response.status, (name) => response.headers.get(name) ?? undefined)
      if (response.body !== null) {
        const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader()
        for (;;) {
          const chunk = await reader.read()
          if (stopped) return
          if (chunk.done) break
          sink.data(chunk.value)
        }
      }
      stopped = true
      sink.end()
    }
    read().catch(failed)
    return () => {
      if (stopped) return
      stopped = true
      controller.abort()
    }
  }
