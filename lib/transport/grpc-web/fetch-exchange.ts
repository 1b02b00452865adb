/**
 * A gRPC-Web exchange over the global `fetch` (browsers, edge runtimes, Deno, Bun): one
 * `AbortController` per exchange, the body read chunk by chunk from its stream into the sink.
 *
 * A failed `fetch` says little: Node's puts an error with a `code` under `cause`, browsers say
 * only `TypeError`. The `ConnectionError` takes the code where there is one, else `FETCH_FAILED`.
 *
 * @packageDocumentation
 */
import { ConnectionError } from '../../core/errors'
import type { WebExchange } from './exchange'

/**
 * The exchange over `fetchImpl` (the global `fetch` unless one is given).
 */
export const fetchExchange =
  (fetchImpl: typeof fetch = (input, init) => fetch(input, init)): WebExchange =>
  (request, sink) => {
    const controller = new AbortController()
    let stopped = false
    const failed = (err: unknown): void => {
      if (stopped) return
      stopped = true
      sink.fail(new ConnectionError({ method: 'POST', url: request.url, code: codeOf(err), detail: detailOf(err), cause: err }))
    }
    const read = async (): Promise<void> => {
      const response = await fetchImpl(`${request.origin}${request.path}`, {
        method: 'POST',
        headers: request.headers,
        body: request.body,
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

const codeOf = (err: unknown): string => {
  const cause: unknown = err instanceof Error ? err.cause : undefined
  if (typeof cause === 'object' && cause !== null && 'code' in cause && typeof cause.code === 'string') return cause.code
  return 'FETCH_FAILED'
}

const detailOf = (err: unknown): string => {
  const cause: unknown = err instanceof Error ? err.cause : undefined
  return cause instanceof Error ? cause.message : err instanceof Error ? err.message : String(err)
}
