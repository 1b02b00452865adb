/**
 * A real HTTP forward proxy (the `proxy` package) on 127.0.0.1, run in a child process
 * (`forward-proxy-server.mjs`: the package is an ES module), that records every tunnel it opens
 * and the HTTP/1.1 request lines that pass through its plaintext tunnels.
 *
 * `routes` maps a `host:port` a client asks for to the `host:port` the proxy connects to instead:
 * a spec gives the client an address where nothing listens, so a request that bypassed the
 * proxy fails, and one that arrives at the server can only have come through the tunnel. Targets
 * beyond 127.0.0.1 are refused, so no spec's traffic leaves loopback.
 */
import { spawn } from 'node:child_process'
import { AddressInfo, createServer as createTcpServer } from 'node:net'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

export interface ForwardProxy {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string
  /** The `CONNECT` targets asked for, in order (before any route applies). */
  readonly connects: string[]
  /** Requests without a tunnel (absolute-form `METHOD url`), in order. */
  readonly requests: string[]
  /** The request lines (`METHOD path`) that went through the plaintext tunnels, in order. */
  readonly tunnelled: string[]
  /** Resolves once every event the proxy saw before this call is in the lists above. */
  settle(): Promise<void>
  close(): Promise<void>
}

export interface ForwardProxyOptions {
  /** `host:port` asked for -> `host:port` connected to. */
  readonly routes?: Readonly<Record<string, string>>
  /** Refuse every tunnel and request with 407 Proxy Authentication Required. */
  readonly refuse?: boolean
}

interface Event {
  readonly listening?: number
  readonly connect?: string
  readonly request?: string
  readonly line?: string
  readonly synced?: boolean
}

export const startForwardProxy = async (options: ForwardProxyOptions = {}): Promise<ForwardProxy> => {
  const child = spawn(process.execPath, [join(__dirname, 'forward-proxy-server.mjs'), JSON.stringify(options)], { stdio: ['pipe', 'pipe', 'inherit'] })
  const connects: string[] = []
  const requests: string[] = []
  const tunnelled: string[] = []
  const syncs: Array<() => void> = []
  let listening: (port: number) => void = () => undefined
  // A child that exits before it listens (the package missing, a syntax error) fails the spec at
  // once, with its exit code, instead of leaving it to wait out its timeout.
  const port = new Promise<number>((resolve, reject) => {
    listening = resolve
    child.once('exit', (code, signal) => reject(new Error(`the forward proxy exited before listening (code ${String(code)}, signal ${String(signal)})`)))
  })
  createInterface({ input: child.stdout }).on('line', (text) => {
    const event = JSON.parse(text) as Event
    if (event.listening !== undefined) listening(event.listening)
    if (event.connect !== undefined) connects.push(event.connect)
    if (event.request !== undefined) requests.push(event.request)
    if (event.line !== undefined) tunnelled.push(event.line)
    if (event.synced === true) syncs.shift()?.()
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    url: `http://127.0.0.1:${await port}`,
    connects,
    requests,
    tunnelled,
    settle: () =>
      new Promise<void>((resolve) => {
        syncs.push(resolve)
        child.stdin.write('sync\n')
      }),
    close: async () => {
      child.stdin.end()
      await exited
    },
  }
}

/** A port on 127.0.0.1 where nothing listens (taken, then released). */
export const closedPort = async (): Promise<number> => {
  const probe = createTcpServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}
