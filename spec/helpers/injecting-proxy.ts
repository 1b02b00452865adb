/**
 * A forwarding HTTP proxy on 127.0.0.1 that answers chosen requests itself: the n-th request
 * whose path matches a pattern gets a fixed status with an empty body instead of the upstream's
 * answer, e.g. the `404` with no body a restarting Weaviate gives while it loads its schema.
 */
import { createServer, request as forward, Server } from 'node:http'
import { AddressInfo, Socket } from 'node:net'

export interface InjectingProxy {
  readonly url: string
  /** `METHOD path` of every request, in order; the injected ones are marked ` (injected)`. */
  readonly requests: string[]
  close(): Promise<void>
}

/**
 * Starts a proxy to `upstream` that answers the `nth` (1-based) request matching `path` with
 * `status` and an empty body; everything else is forwarded unchanged.
 *
 * @example
 * ```ts
 * const proxy = await startInjectingProxy(server.url, { path: /^\/v1\/objects\?/, nth: 3, status: 404 })
 * ```
 */
export const startInjectingProxy = async (
  upstream: string,
  inject: { readonly path: RegExp; readonly nth: number; readonly status: number },
): Promise<InjectingProxy> => {
  const target = new URL(upstream)
  const requests: string[] = []
  const sockets = new Set<Socket>()
  let matched = 0
  const server: Server = createServer((req, res) => {
    const line = `${req.method ?? ''} ${req.url ?? ''}`
    if (inject.path.test(req.url ?? '')) matched += 1
    if (inject.path.test(req.url ?? '') && matched === inject.nth) {
      requests.push(`${line} (injected)`)
      req.resume()
      res.writeHead(inject.status, { 'content-length': 0 })
      res.end()
      return
    }
    requests.push(line)
    const upstreamReq = forward(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (upstreamRes) => {
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers)
        upstreamRes.pipe(res)
      },
    )
    upstreamReq.on('error', () => res.destroy())
    req.pipe(upstreamReq)
  })
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
