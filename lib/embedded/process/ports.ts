/**
 * Free loopback ports for a server: one REST port, one gRPC port and two consecutive pairs
 * (gossip/data and raft/raft-internal-rpc, because in localhost mode Weaviate computes a peer's raft
 * RPC port as its raft port + 1). All ports of all requested nodes are held open together while
 * they are chosen, so no two nodes get the same port.
 *
 * @packageDocumentation
 */
import { randomInt } from 'node:crypto'
import * as net from 'node:net'
import { EmbeddedError } from '../errors'

/**
 * The ports one `weaviate-server` listens on.
 *
 * @example
 * ```ts
 * const { rest, grpc } = (await startEmbedded()).ports
 * ```
 */
export interface ServerPorts {
  /** REST (`--port`), bound to 127.0.0.1. */
  readonly rest: number
  /** `GRPC_PORT` (from 1.19.0; Weaviate binds it on all interfaces, it cannot be restricted; needs the API key). */
  readonly grpc: number
  /** `CLUSTER_GOSSIP_BIND_PORT` (memberlist, TCP and UDP; on 127.0.0.1 from 1.31.19, every interface before). */
  readonly gossip: number
  /**
   * `CLUSTER_DATA_BIND_PORT` = gossip + 1 (cluster API; Weaviate binds it on all interfaces, with
   * random basic-auth credentials from 1.21.2 and no authentication before).
   */
  readonly data: number
  /** `RAFT_PORT`, bound to 127.0.0.1. */
  readonly raft: number
  /** `RAFT_INTERNAL_RPC_PORT` = raft + 1, bound to 127.0.0.1. */
  readonly raftInternalRpc: number
}

const LOOPBACK = '127.0.0.1'
const MAX_PAIR_ATTEMPTS = 100
/** Where consecutive pairs are looked for: below the ephemeral range, above the well-known ports. */
const PAIR_RANGE = { from: 20_000, to: 32_000 } as const

/** Listens on 127.0.0.1:port; resolves the error code (e.g. `EADDRINUSE`) instead on failure. */
const tryListen = (port: number): Promise<net.Server | string> =>
  new Promise((resolve) => {
    const server = net.createServer()
    server.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message))
    server.listen({ port, host: LOOPBACK, exclusive: true }, () => resolve(server))
  })

const listen = async (port: number): Promise<net.Server | undefined> => {
  const result = await tryListen(port)
  return typeof result === 'string' ? undefined : result
}

const close = (server: net.Server): Promise<void> =>
  new Promise((resolve) => server.close(() => resolve()))

const portOf = (server: net.Server): number => {
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('listener has no TCP port')
  return address.port
}

/** Holds listeners open until released, so ports chosen in one batch never repeat. */
class PortReservation {
  private readonly held: net.Server[] = []

  async single(): Promise<number> {
    const server = await listen(0)
    if (server === undefined) throw new Error('could not listen on 127.0.0.1:0')
    this.held.push(server)
    return portOf(server)
  }

  /**
   * A port p with p + 1 also free; returns p. Candidates are drawn at random below Linux's default
   * ephemeral range (32768-60999): a port the kernel hands out for `listen(0)` sits among the
   * source ports of outgoing connections, and on a busy machine its neighbour is often one of them.
   */
  async pair(): Promise<number> {
    for (let attempt = 0; attempt < MAX_PAIR_ATTEMPTS; attempt++) {
      const candidate = randomInt(PAIR_RANGE.from, PAIR_RANGE.to)
      const first = await listen(candidate)
      if (first === undefined) continue
      const port = portOf(first)
      const second = await listen(port + 1)
      if (second !== undefined) {
        this.held.push(first, second)
        return port
      }
      await close(first)
    }
    throw new Error(`found no two consecutive free ports on ${LOOPBACK} in ${MAX_PAIR_ATTEMPTS} attempts`)
  }

  release(): Promise<void> {
    return Promise.all(this.held.splice(0).map(close)).then(() => undefined)
  }
}

/**
 * Chooses free loopback ports for `count` server processes; `rest` and `grpc` entries fix one's
 * REST or gRPC port instead.
 */
export const allocateServerPorts = async (
  count: number,
  rest: ReadonlyArray<number | undefined> = [],
  grpc: ReadonlyArray<number | undefined> = [],
): Promise<ServerPorts[]> => {
  const reservation = new PortReservation()
  try {
    const result: ServerPorts[] = []
    for (let i = 0; i < count; i++) {
      const gossip = await reservation.pair()
      const raft = await reservation.pair()
      result.push({
        rest: rest[i] ?? (await reservation.single()),
        grpc: grpc[i] ?? (await reservation.single()),
        gossip,
        data: gossip + 1,
        raft,
        raftInternalRpc: raft + 1,
      })
    }
    return result
  } finally {
    await reservation.release()
  }
}

/**
 * Rejects with a `PortInUse` {@link EmbeddedError} when `port` cannot be bound on 127.0.0.1.
 */
export const assertPortFree = async (port: number, what: string): Promise<void> => {
  const result = await tryListen(port)
  if (typeof result !== 'string') return close(result)
  const problem =
    result === 'EADDRINUSE' ? 'is already in use by another process' : `cannot be bound (${result})`
  throw new EmbeddedError({ reason: 'PortInUse', detail: `${what} ${port} on ${LOOPBACK} ${problem}; choose another \`port\` or leave it unset to get a free one` })
}
