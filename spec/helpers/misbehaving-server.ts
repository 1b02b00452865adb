/**
 * Hand-made HTTP servers on 127.0.0.1 for what a real Weaviate cannot be made to do on demand:
 * hang, stall a body, reset a socket, send 503 with Retry-After, return garbage or huge bodies.
 * Each server listens on port 0, records what it sees and is closed (all sockets destroyed) by
 * `close()`.
 */
import { IncomingMessage, Server, ServerResponse, createServer } from 'node:http'
import { AddressInfo, Socket } from 'node:net'

/** A request as the server saw it. */
export interface SeenRequest {
  readonly method: string
  /** Path and query. */
  readonly url: string
  readonly headers: IncomingMessage['headers']
  readonly body: string
  /** The client's port: equal for requests on the same connection. */
  readonly remotePort: number | undefined
  /** Resolves when the request's socket closes. */
  readonly socketClosed: Promise<void>
}

/** How the server answers the n-th request (0-based). */
export type Behaviour = (req: IncomingMessage, res: ServerResponse, n: number) => void

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string
  readonly requests: readonly SeenRequest[]
  /** Resolves with the n-th request (0-based) once it has arrived. */
  readonly request: (n: number) => Promise<SeenRequest>
  readonly close: () => Promise<void>
}

/**
 * Starts a server answering with `behaviour`.
 *
 * @example
 * ```ts
 * const server = await startServer(json(200, { ok: true }))
 * ```
 */
export const startServer = async (behaviour: Behaviour): Promise<TestServer> => {
  const requests: SeenRequest[] = []
  const waiting = new Map<number, (r: SeenRequest) => void>()
  const sockets = new Set<Socket>()
  const server: Server = createServer((req, res) => {
    const n = requests.length
    const socketClosed = new Promise<void>((resolve) => {
      if (req.socket.destroyed) resolve()
      else req.socket.once('close', () => resolve())
    })
    const chunks: Buffer[] = []
    let recorded = false
    const record = (): void => {
      if (recorded) return
      recorded = true
      const seen: SeenRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        remotePort: req.socket.remotePort,
        socketClosed,
      }
      requests[n] = seen
      waiting.get(n)?.(seen)
      behaviour(req, res, n)
    }
    // Reserve the slot now so concurrent requests get distinct numbers.
    requests.length = n + 1
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', record)
    req.on('error', record)
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    request: (n) => {
      const seen = requests[n]
      return seen !== undefined ? Promise.resolve(seen) : new Promise((resolve) => waiting.set(n, resolve))
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/**
 * A URL where nothing listens (a port that was just free).
 *
 * @example
 * ```ts
 * const dead = await deadUrl() // connecting gives ECONNREFUSED
 * ```
 */
export const deadUrl = async (): Promise<string> => {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}

// ---------------------------------------------------------------------------------------------
// behaviours
// ---------------------------------------------------------------------------------------------

/** Answers with a JSON body (or raw text when `body` is a string). */
export const json =
  (status: number, body?: unknown, headers: Record<string, string> = {}): Behaviour =>
  (_req, res) => {
    const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body)
    res.writeHead(status, {
      ...(text.length > 0 ? { 'content-type': 'application/json' } : {}),
      'content-length': Buffer.byteLength(text),
      ...headers,
    })
    res.end(text)
  }

/** Never answers. */
export const neverAnswer: Behaviour = () => undefined

/** Sends the status line, headers and part of the body, then stalls. */
export const stallBody: Behaviour = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': 1000 })
  res.write('{"partial":')
}

/** Resets the connection (TCP RST) without answering. */
export const reset: Behaviour = (req) => {
  req.socket.resetAndDestroy()
}

/** Answers a body of `bytes` bytes with the given status, streamed in 64 KiB chunks. */
export const bigBody =
  (status: number, bytes: number): Behaviour =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/plain', 'content-length': bytes })
    const chunk = Buffer.alloc(64 * 1024, 'x')
    let left = bytes
    const write = (): void => {
      while (left > 0) {
        const part = left >= chunk.length ? chunk : chunk.subarray(0, left)
        left -= part.length
        if (!res.write(part)) {
          res.once('drain', write)
          return
        }
      }
      res.end()
    }
    res.on('error', () => undefined)
    write()
  }

/** The n-th request gets `behaviours[n]`, later ones the last behaviour. */
export const sequence =
  (...behaviours: Behaviour[]): Behaviour =>
  (req, res, n) => {
    const behaviour = behaviours[Math.min(n, behaviours.length - 1)]
    if (behaviour !== undefined) behaviour(req, res, n)
  }
