/**
 * A gRPC-Web exchange on the client's undici pools (the REST transport's connections), as a
 * `DispatchHandler` like the REST exchange (`../http/transport.ts`): the body's chunks go to the
 * sink as they arrive, an abort goes to undici's controller.
 *
 * @packageDocumentation
 */
import type { Dispatcher } from 'undici'
import { DispatchCancel, connectionFailure } from '../http/transport'
import type { ReplySink, WebExchange } from './exchange'

/**
 * The exchange over the dispatcher of each origin.
 */
export const undiciExchange =
  (dispatcherFor: (origin: string) => Dispatcher): WebExchange =>
  (request, sink) => {
    const handler = new Handler(request.url, sink)
    try {
      dispatcherFor(request.origin).dispatch({ origin: request.origin, path: request.path, method: 'POST', headers: request.headers, body: request.body }, handler)
    } catch (err) {
      handler.onResponseError(undefined, err)
    }
    return () => handler.stop()
  }

class Handler implements Dispatcher.DispatchHandler {
  private readonly cancellation = new DispatchCancel()
  private stopped = false

  constructor(
    private readonly url: string,
    private readonly sink: ReplySink,
  ) {}

  stop(): void {
    if (this.stopped) return
    this.stopped = true
    this.cancellation.cancel()
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.cancellation.started(controller)
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: Record<string, string | string[] | undefined>): void {
    if (statusCode < 200 || this.stopped) return
    this.sink.start(statusCode, (name) => {
      const value = headers[name]
      return Array.isArray(value) ? value.join(', ') : value
    })
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (!this.stopped) this.sink.data(chunk)
  }

  onResponseEnd(): void {
    if (this.stopped) return
    this.stopped = true
    this.sink.end()
  }

  onResponseError(_controller: Dispatcher.DispatchController | undefined, err: unknown): void {
    if (this.stopped) return
    this.stopped = true
    this.sink.fail(connectionFailure(err, { method: 'POST', url: this.url }))
  }
}
