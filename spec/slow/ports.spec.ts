/**
 * What an embedded server listens on, port by port (issue #26, docs/embedded.md "What listens where"): every
 * TCP and UDP socket of the server processes, read from /proc/<pid>/fd and /proc/<pid>/net (see
 * spec/helpers/listening-sockets.ts). Each port bound beyond loopback is asked over 127.0.0.1 as
 * it speaks, once without credentials and once with them: gRPC with a minimal call over node:http2
 * (an empty `BatchObjects`, spec/helpers/grpc-call.ts), the cluster data API with
 * `GET /nodes/status`. Traffic goes to 127.0.0.1 only.
 *
 * 1.39.0 (a single server and a 3-node cluster): only gRPC and the cluster data API are bound
 * beyond loopback (Weaviate binds them on `:<port>` with no host setting), and both refuse a
 * caller without credentials. Older versions: the listeners beyond loopback are exactly the ones
 * the start warning names, which no setting of those versions closes.
 */
import { promises as fs } from 'node:fs'
import { request } from 'undici'
import { startEmbedded, type EmbeddedWeaviate, type ServerPorts } from '../../lib/embedded'
import { PROFILING_PORT } from '../../lib/embedded/exposure'
import { EMPTY_BATCH_OBJECTS, grpcCall } from '../helpers/grpc-call'
import { bearer, retryOnPortClash, startGuardedCluster, type GuardedCluster } from '../helpers/embedded-fixtures'
import { isLoopback, listeningSockets, type ListeningSocket } from '../helpers/listening-sockets'
import { guardAgainstLeaks } from '../helpers/server'

const leaks = guardAgainstLeaks()

/** What a test needs of a server process or cluster node. */
interface Listener {
  readonly pid: number | undefined
  readonly ports: ServerPorts
  readonly grpcUrl: string
  readonly connection: { readonly url: string; readonly apiKey?: string }
}

const pidOf = (node: Listener): number => {
  if (node.pid === undefined) throw new Error('the server is not running')
  return node.pid
}

/** The name of a port: the `ServerPorts` field it is, `profiler` for 6060, else `unknown <port>`. */
const portName = (ports: ServerPorts, port: number): string => {
  const field = Object.entries(ports).find(([, value]) => value === port)?.[0]
  return field ?? (port === PROFILING_PORT ? 'profiler' : `unknown ${port}`)
}

/** `tcp grpc`, `udp gossip`, ... for every socket the process has bound beyond loopback. */
const beyondLoopback = async (node: Listener): Promise<string[]> =>
  (await listeningSockets(pidOf(node))).filter((s) => !isLoopback(s.address)).map((s) => `${s.protocol} ${portName(node.ports, s.port)}`)

/** The same for loopback-only sockets. */
const onLoopback = async (node: Listener): Promise<string[]> =>
  (await listeningSockets(pidOf(node))).filter((s) => isLoopback(s.address)).map((s) => `${s.protocol} ${portName(node.ports, s.port)}`)

/** `CLUSTER_BASIC_AUTH_*` as `Basic ...`, read from the server's own environment, the only place it exists. */
const clusterBasicAuth = async (node: Listener): Promise<string> => {
  const environ = (await fs.readFile(`/proc/${pidOf(node)}/environ`, 'utf8')).split('\0')
  const value = (name: string): string => environ.find((entry) => entry.startsWith(`${name}=`))?.slice(name.length + 1) ?? ''
  return `Basic ${Buffer.from(`${value('CLUSTER_BASIC_AUTH_USERNAME')}:${value('CLUSTER_BASIC_AUTH_PASSWORD')}`).toString('base64')}`
}

/** `refused`, `answered` or what else came back. */
type Verdict = string

const httpVerdict = async (url: string, headers: Record<string, string>): Promise<Verdict> => {
  const response = await request(url, { headers })
  await response.body.dump()
  if (response.statusCode === 401 || response.statusCode === 403) return 'refused'
  return response.statusCode >= 200 && response.statusCode < 300 ? 'answered' : `HTTP ${response.statusCode}`
}

const grpcVerdict = async (url: string, apiKey: string | undefined): Promise<Verdict> => {
  const { status, message } = await grpcCall(url, EMPTY_BATCH_OBJECTS, apiKey)
  if (status === 0) return 'answered'
  // 16 is UNAUTHENTICATED; Weaviate 1.39.0 answers 2 (UNKNOWN) with "extract auth: unauthorized: ..."
  // (adapters/handlers/grpc/v1/service.go:100)
  if (status === 16 || /unauthori[sz]ed|unauthenticated/i.test(message)) return 'refused'
  return `gRPC ${status} ${message}`
}

/** Asks one socket beyond loopback over 127.0.0.1 as it speaks, without and with credentials. */
const askBothWays = async (node: Listener, socket: ListeningSocket): Promise<{ port: string; without: Verdict; with: Verdict }> => {
  const name = portName(node.ports, socket.port)
  const port = `${socket.protocol} ${name}`
  if (socket.protocol === 'tcp' && name === 'grpc') {
    return { port, without: await grpcVerdict(node.grpcUrl, undefined), with: await grpcVerdict(node.grpcUrl, node.connection.apiKey) }
  }
  if (socket.protocol === 'tcp' && name === 'data') {
    const url = `http://127.0.0.1:${socket.port}/nodes/status`
    return { port, without: await httpVerdict(url, {}), with: await httpVerdict(url, { authorization: await clusterBasicAuth(node) }) }
  }
  return { port, without: 'speaks neither REST nor gRPC', with: 'speaks neither REST nor gRPC' }
}

/** Every socket beyond loopback asked both ways. */
const askEveryExposedPort = async (node: Listener): Promise<Array<{ port: string; without: Verdict; with: Verdict }>> => {
  const exposed = (await listeningSockets(pidOf(node))).filter((s) => !isLoopback(s.address))
  const answers = []
  for (const socket of exposed) answers.push(await askBothWays(node, socket))
  return answers
}

const LOOPBACK_ONLY_1_39 = ['tcp gossip', 'tcp raft', 'tcp raftInternalRpc', 'tcp rest', 'udp gossip']
const REFUSED_THEN_ANSWERED = [
  { port: 'tcp data', without: 'refused', with: 'answered' },
  { port: 'tcp grpc', without: 'refused', with: 'answered' },
]

describe('Weaviate 1.39.0, a single server', () => {
  let server: EmbeddedWeaviate
  let release = (): void => undefined
  const lines: string[] = []

  beforeAll(async () => {
    server = await retryOnPortClash(() => startEmbedded({ version: '1.39.0', log: { write: (text) => lines.push(text) } }))
    release = leaks.allow(server)
  })

  afterAll(async () => {
    await server.stop()
    release()
  })

  it('binds REST, gossip (TCP and UDP), raft and raft RPC to 127.0.0.1 only; only gRPC and the cluster data API beyond it', async () => {
    expect((await onLoopback(server)).sort()).toEqual(LOOPBACK_ONLY_1_39)
    expect((await beyondLoopback(server)).sort()).toEqual(['tcp data', 'tcp grpc'])
  })

  it('refuses a caller without credentials on every port beyond loopback, and answers one with them', async () => {
    expect(await askEveryExposedPort(server)).toEqual(expect.arrayContaining(REFUSED_THEN_ANSWERED))
    expect(await askEveryExposedPort(server)).toHaveLength(REFUSED_THEN_ANSWERED.length)
  })

  it('refuses REST without the key and answers it with the key', async () => {
    expect(await httpVerdict(`${server.url}/v1/schema`, {})).toBe('refused')
    expect(await httpVerdict(`${server.url}/v1/schema`, bearer(server.connection))).toBe('answered')
  })

  it('starts without a warning', () => {
    expect(lines.filter((line) => line.includes('warning'))).toEqual([])
  })
})

describe('Weaviate 1.39.0, a 3-node cluster', () => {
  let guarded: GuardedCluster

  beforeAll(async () => {
    guarded = await startGuardedCluster(leaks, 3)
  })

  afterAll(() => guarded.stop())

  it('binds every node like a single server: only gRPC and the cluster data API beyond 127.0.0.1', async () => {
    for (const node of guarded.cluster.nodes) {
      expect((await onLoopback(node)).sort()).toEqual(LOOPBACK_ONLY_1_39)
      expect((await beyondLoopback(node)).sort()).toEqual(['tcp data', 'tcp grpc'])
    }
  })

  it('refuses a caller without credentials on every port beyond loopback of every node, and answers one with them', async () => {
    for (const node of guarded.cluster.nodes) {
      const answers = await askEveryExposedPort(node)
      expect(answers).toHaveLength(REFUSED_THEN_ANSWERED.length)
      expect(answers).toEqual(expect.arrayContaining(REFUSED_THEN_ANSWERED))
    }
  })
})

describe.each(['1.13.2', '1.14.1', '1.18.6'])('Weaviate %s', (version) => {
  let server: EmbeddedWeaviate
  let release = (): void => undefined
  const lines: string[] = []

  beforeAll(async () => {
    server = await retryOnPortClash(() => startEmbedded({ version, log: { write: (text) => lines.push(text) } }))
    release = leaks.allow(server)
  })

  afterAll(async () => {
    await server.stop()
    release()
  })

  it('binds REST to 127.0.0.1 only', async () => {
    expect(await onLoopback(server)).toEqual(['tcp rest'])
  })

  it('binds beyond loopback only the cluster data API, gossip (TCP and UDP) and, when it is free, the Go profiler on 6060', async () => {
    const exposed = await beyondLoopback(server)
    expect(exposed.filter((port) => port !== 'tcp profiler').sort()).toEqual(['tcp data', 'tcp gossip', 'udp gossip'])
  })

  it('names each of them in one warning at start', () => {
    const warnings = lines.filter((line) => line.includes('warning'))
    expect(warnings).toHaveLength(1)
    for (const part of [`cluster data API ${server.ports.data}`, `gossip ${server.ports.gossip} TCP+UDP`, `Go profiler ${PROFILING_PORT}`]) {
      expect(warnings[0]).toContain(part)
    }
  })

  it('has a cluster data API that answers without credentials (this version has no setting to close it)', async () => {
    const response = await request(`http://127.0.0.1:${server.ports.data}/nodes/status`)
    await response.body.dump()
    expect([200, 404]).toContain(response.statusCode)
  })

  if (version === '1.18.6') {
    it('refuses REST without the key and answers it with the key (API keys exist from 1.18.0)', async () => {
      expect(await httpVerdict(`${server.url}/v1/schema`, {})).toBe('refused')
      expect(await httpVerdict(`${server.url}/v1/schema`, bearer(server.connection))).toBe('answered')
    })
  } else {
    it('takes anonymous REST requests (no API keys before 1.18.0), on 127.0.0.1 only', async () => {
      expect(server.connection.apiKey).toBeUndefined()
      expect(await httpVerdict(`${server.url}/v1/schema`, {})).toBe('answered')
    })
  }
})
