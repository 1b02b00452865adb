/**
 * A TCP proxy on 127.0.0.1 for protocols the HTTP proxy (proxy.ts) cannot see into, such as gRPC
 * over HTTP/2: it forwards bytes both ways, and each time the bytes sent by clients pass another
 * `cutEveryBytes`, it drops every open connection at once (both sides), up to `maxCuts` times.
 * Calls in flight then die mid-request or mid-answer: the server may have done the work while the
 * client never hears of it.
 */
import { AddressInfo, Server, Socket, createConnection, createServer } from 'node:net'

export interface TcpProxy {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string
  /** How many times the connections were dropped. */
  cuts(): number
  /** HTTP/2 PING frames (not their acknowledgements) clients sent, over every connection. */
  pings(): number
  /** Connections clients opened. */
  connections(): number
  close(): Promise<void>
}

/**
 * Starts a proxy to `upstream` (`http://host:port`).
 *
 * @example
 * ```ts
 * const proxy = await startTcpProxy(grpcServerUrl('1.39.0'), { cutEveryBytes: 200_000, maxCuts: 3 })
 * ```
 */
export const startTcpProxy = async (upstream: string, options: { readonly cutEveryBytes: number; readonly maxCuts: number }): Promise<TcpProxy> => {
  const target = new URL(upstream)
  const open = new Set<Socket>()
  let sent = 0
  let cuts = 0
  let pings = 0
  let connections = 0
  const cutAll = (): void => {
    cuts += 1
    for (const socket of open) socket.destroy()
    open.clear()
  }
  const server: Server = createServer((client) => {
    connections += 1
    const frames = http2PingCounter(() => (pings += 1))
    const upstreamSocket = createConnection({ host: target.hostname, port: Number(target.port) })
    open.add(client)
    open.add(upstreamSocket)
    const drop = (): void => {
      client.destroy()
      upstreamSocket.destroy()
      open.delete(client)
      open.delete(upstreamSocket)
    }
    client.on('error', drop).on('close', drop)
    upstreamSocket.on('error', drop).on('close', drop)
    upstreamSocket.pipe(client)
    client.on('data', (chunk: Buffer) => {
      sent += chunk.length
      frames(chunk)
      upstreamSocket.write(chunk)
      if (cuts < options.maxCuts && sent >= options.cutEveryBytes * (cuts + 1)) cutAll()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    cuts: () => cuts,
    pings: () => pings,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/** The client connection preface of HTTP/2, before its first frame. */
const PREFACE_LENGTH = 24
const PING = 0x6
const ACK = 0x1

/**
 * Reads the frames of one client-to-server HTTP/2 byte stream as it comes (a frame may span
 * chunks) and calls `onPing` for each PING that is not an acknowledgement.
 */
const http2PingCounter = (onPing: () => void): ((chunk: Buffer) => void) => {
  let pending = Buffer.alloc(0)
  let skip = PREFACE_LENGTH
  return (chunk) => {
    pending = Buffer.concat([pending, chunk])
    for (;;) {
      if (skip > 0) {
        const n = Math.min(skip, pending.length)
        pending = pending.subarray(n)
        skip -= n
        if (skip > 0) return
      }
      if (pending.length < 9) return
      const length = pending.readUIntBE(0, 3)
      const type = pending[3]
      const flags = pending[4] ?? 0
      if (type === PING && (flags & ACK) === 0) onPing()
      pending = pending.subarray(9)
      skip = length
    }
  }
}
