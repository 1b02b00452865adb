/**
 * A gRPC-Web exchange on the client's undici pools (the REST transport's connections), as a
 * `DispatchHandler` like the REST exchange (`../http/transport.ts`): the body's chunks go to the
 * sink as they arrive, an abort goes to undici's controller.
 *
 * @packageDocumentation
 */
import type { Dispatcher } from 'undici'
import { connectionFailure } from '../http/transport'
import type { ReplySink, WebExchange } from './exchange'

/** Raised into undici to cancel an exchange nobody waits for any more. */
const cancelled = (): Error => Object.assign(new Error('request aborted'), { code: 'UND_ERR_ABORTED' })

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
  private controller: Dispatcher.DispatchController | undefined = undefined
  private stopped = false
  private pendingAbort: Error | undefined = undefined

  constructor(
    private readonly url: string,
    private readonly sink: ReplySink,
  ) {}

  stop(): void {
    if (this.stopped) return
    this.stopped = true
    const reason = cancelled()
    if (this.controller !== undefined) this.controller.abort(reason)
    else this.pendingAbort = reason
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller
    if (this.pendingAbort !== undefined) controller.abort(this.pendingAbort)
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
