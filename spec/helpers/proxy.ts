/**
 * A counting HTTP proxy on 127.0.0.1 in front of the real server. It can reset the connection of
 * every n-th request (the client sees a socket error mid-stream), cut the answer of every n-th
 * request whose path matches mid-body (the server did the work; the client never learns it), or
 * answer the n-th request whose path matches a pattern itself with a status and an empty body
 * (e.g. the 404 a restarting Weaviate gives while it loads its schema).
 */
import { createServer, request as forward, IncomingHttpHeaders, Server } from 'node:http'
import { AddressInfo, Socket } from 'node:net'
import { apiKeyFor } from './versions'

export interface Proxy {
  readonly url: string
  /** `{ url, apiKey }` to spread into `connect()`: the proxy's URL with the upstream's key. */
  readonly connection: { readonly url: string; readonly apiKey?: string }
  /** Requests received, in order (`METHOD path`), resets included; injected ones end in ` (injected)`. */
  readonly requests: string[]
  /** The headers of each request in {@link Proxy.requests}, as they arrived (lower-case names). */
  readonly headers: IncomingHttpHeaders[]
  /** The headers of each answer forwarded from upstream, in the order they came (lower-case names). */
  readonly answers: IncomingHttpHeaders[]
  /** How many requests were answered by a reset. */
  resets(): number
  /** How many answers were cut mid-body. */
  cuts(): number
  close(): Promise<void>
}

/**
 * Starts a proxy to `upstream`: a test server's URL (e.g. `weaviateUrl()`, whose published key
 * goes into `connection`) or a started server's `connection`.
 *
 * @example
 * ```ts
 * const proxy = await startProxy(weaviateUrl(), { resetEvery: 5 })
 * ```
 */
export const startProxy = async (
  upstream: string | { readonly url: string; readonly apiKey?: string },
  options: {
    readonly resetEvery?: number
    readonly inject?: { readonly path: RegExp; readonly nth: number; readonly status: number }
    /** Forward every `nth` request matching `path`, then send half of the answer and drop the socket. */
    readonly cut?: { readonly path: RegExp; readonly every: number }
  } = {},
): Promise<Proxy> => {
  const upstreamUrl = typeof upstream === 'string' ? upstream : upstream.url
  const apiKey = typeof upstream === 'string' ? apiKeyFor(upstream) : upstream.apiKey
  const target = new URL(upstreamUrl)
  const requests: string[] = []
  const headers: IncomingHttpHeaders[] = []
  const answers: IncomingHttpHeaders[] = []
  const sockets = new Set<Socket>()
  let resets = 0
  let cuts = 0
  let matched = 0
  let cutMatched = 0
  const server: Server = createServer((req, res) => {
    const line = `${req.method ?? ''} ${req.url ?? ''}`
    headers.push(req.headers)
    const inject = options.inject
    if (inject !== undefined && inject.path.test(req.url ?? '') && ++matched === inject.nth) {
      requests.push(`${line} (injected)`)
      req.resume()
      res.writeHead(inject.status, { 'content-length': 0 })
      res.end()
      return
    }
    requests.push(line)
    if (options.resetEvery !== undefined && requests.length % options.resetEvery === 0) {
      resets += 1
      req.socket.resetAndDestroy()
      return
    }
    const cut = options.cut !== undefined && options.cut.path.test(req.url ?? '') && ++cutMatched % options.cut.every === 0
    const upstreamReq = forward(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (upstreamRes) => {
        answers.push(upstreamRes.headers)
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers)
        if (!cut) {
          upstreamRes.pipe(res)
          return
        }
        const chunks: Buffer[] = []
        upstreamRes.on('data', (chunk: Buffer) => chunks.push(chunk))
        upstreamRes.on('end', () => {
          const body = Buffer.concat(chunks)
          cuts += 1
          res.write(body.subarray(0, Math.floor(body.length / 2)), () => req.socket.destroy())
        })
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
  const url = `http://127.0.0.1:${port}`
  return {
    url,
    connection: apiKey === undefined ? { url } : { url, apiKey },
    requests,
    headers,
    answers,
    resets: () => resets,
    cuts: () => cuts,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
