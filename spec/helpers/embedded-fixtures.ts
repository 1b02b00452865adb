/**
 * Helpers for the slow specs that run their own embedded servers (spec/slow): a quiet log, a
 * cluster whose nodes are declared to {@link guardAgainstLeaks} while it runs, a request recorder
 * that also notes which node each request went to, and bounded polling.
 */
import { promises as fs } from 'node:fs'
import * as path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { Agent, Dispatcher } from 'undici'
import { EmbeddedError, startEmbeddedCluster, type EmbeddedCluster, type EmbeddedClusterOptions, type EmbeddedOptions, type LogSink } from '../../lib/embedded'
import { type LongLivedServer } from './server'
import { apiKeyFor } from './versions'

/** Swallows the embedded server's progress lines. */
export const quietLog: LogSink = { write: () => true }

/** What `guardAgainstLeaks()` returns. */
export interface LeakGuard {
  allow(server: LongLivedServer): () => void
}

/** A running cluster plus the pids its nodes ever had (for the "nothing left running" check). */
export interface GuardedCluster {
  readonly cluster: EmbeddedCluster
  /** Every pid any node had so far (refreshed by `pids()`). */
  pids(): number[]
  /** Stops the cluster and withdraws the leak allowances. */
  stop(): Promise<void>
}

/**
 * Starts an n-node cluster (with `env` for every node, and `tls`, when given) and declares every node (its current pid, the cluster's data root
 * and, with `tls`, the run's certificate folder) as long-lived to the leak guard until `stop()`.
 *
 * @example
 * ```ts
 * const leaks = guardAgainstLeaks()
 * let guarded: GuardedCluster
 * beforeAll(async () => { guarded = await startGuardedCluster(leaks, 3) })
 * afterAll(() => guarded.stop())
 * ```
 */
export const startGuardedCluster = async (
  leaks: LeakGuard,
  nodes: number,
  env?: Readonly<Record<string, string>>,
  tls?: EmbeddedClusterOptions['tls'],
): Promise<GuardedCluster> => {
  const tmp = process.env['TMPDIR'] ?? ''
  const before = new Set(tls === undefined ? [] : await fs.readdir(tmp))
  const cluster = await retryOnPortClash(() =>
    startEmbeddedCluster({ nodes, log: quietLog, ...(env === undefined ? {} : { env }), ...(tls === undefined ? {} : { tls }) }),
  )
  // The certificates' temp folder lives as long as the cluster (TMPDIR is the file's own).
  const certificates = tls === undefined ? [] : (await fs.readdir(tmp)).filter((name) => !before.has(name) && name.startsWith('weaviate-rx-tls-'))
  const seen = new Set<number>()
  const note = (): void => {
    for (const node of cluster.nodes) if (node.pid !== undefined) seen.add(node.pid)
  }
  note()
  const releases = cluster.nodes.map((node) =>
    leaks.allow({
      get pid() {
        return node.pid
      },
      dataDir: path.dirname(node.dataDir),
    }),
  )
  for (const dataDir of certificates) releases.push(leaks.allow({ pid: undefined, dataDir }))
  return {
    cluster,
    pids: () => {
      note()
      return [...seen]
    },
    stop: async () => {
      note()
      await cluster.stop()
      releases.forEach((release) => release())
    },
  }
}

const PORT_CLASH_ATTEMPTS = 3

/**
 * Runs `start` again (up to 3 times in all) when it fails with a `PortInUse` EmbeddedError.
 * Ports are picked free and released before the server binds them, so two spec files starting
 * servers at the same moment can pick the same port; the loser starts over with new ports.
 *
 * @example
 * ```ts
 * const server = await retryOnPortClash(() => startEmbedded({ log: quietLog }))
 * ```
 */
export const retryOnPortClash = async <A>(start: () => Promise<A>): Promise<A> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start()
    } catch (e) {
      if (!(e instanceof EmbeddedError && e.reason === 'PortInUse') || attempt >= PORT_CLASH_ATTEMPTS) throw e
    }
  }
}

/** One request as it left the client: method, origin (the node) and path. */
export interface SentRequest {
  readonly method: string
  readonly origin: string
  readonly path: string
}

/**
 * An undici Agent that records the origin, method and path of every request it dispatches
 * (connection failures included: a request is recorded before it connects).
 *
 * @example
 * ```ts
 * const recorder = originRecorder()
 * const client = connect({ url: cluster.urls, dispatcher: recorder.dispatcher })
 * // ... recorder.sent.map((r) => r.origin)
 * ```
 */
export const originRecorder = (): { dispatcher: Dispatcher; sent: SentRequest[]; close: () => Promise<void> } => {
  const agent = new Agent()
  const sent: SentRequest[] = []
  const dispatcher = agent.compose((dispatch) => (opts, handler) => {
    sent.push({ method: opts.method, origin: String(opts.origin ?? ''), path: opts.path })
    return dispatch(opts, handler)
  })
  return { dispatcher, sent, close: () => agent.close() }
}

/**
 * Calls `probe` up to `tries` times, `intervalMs` apart, until it returns a value that is not
 * undefined; returns that value, or undefined when every try came back empty. For waiting on
 * eventual states (a restarted node catching up) without asserting anything about time.
 *
 * @example
 * ```ts
 * const object = await pollFor(() => readOnNode(id), { tries: 60, intervalMs: 500 })
 * expect(object).toBeDefined()
 * ```
 */
export const pollFor = async <A>(
  probe: () => Promise<A | undefined>,
  { tries, intervalMs }: { readonly tries: number; readonly intervalMs: number },
): Promise<A | undefined> => {
  for (let i = 0; i < tries; i++) {
    const value = await probe()
    if (value !== undefined) return value
    if (i + 1 < tries) await sleep(intervalMs)
  }
  return undefined
}

/**
 * Options that give a server started in a spec the same API key as the test server at `url`, or
 * anonymous access when that server takes anonymous requests: one `WEAVIATE_API_KEY` then works
 * for both, as a command copying from one to the other needs.
 *
 * @example
 * ```ts
 * const target = await startEmbedded({ log: quietLog, ...sameKeyAs(weaviateUrl()) })
 * ```
 */
export const sameKeyAs = (url: string): Pick<EmbeddedOptions, 'auth' | 'env'> => {
  const key = apiKeyFor(url)
  return key === undefined ? { auth: 'none' } : withKey(key)
}

/**
 * Options that start a server with the given API key instead of a random one per start, for a
 * spec that restarts a server under a running client.
 *
 * @example
 * ```ts
 * const key = randomBytes(32).toString('base64url')
 * await startEmbedded({ dataDir, ...withKey(key) }) // and again after a crash, same key
 * ```
 */
export const withKey = (key: string): Pick<EmbeddedOptions, 'env'> => ({
    env: {
      AUTHENTICATION_APIKEY_ENABLED: 'true',
      AUTHENTICATION_APIKEY_ALLOWED_KEYS: key,
      AUTHENTICATION_APIKEY_USERS: 'spec',
      AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED: 'false',
    },
})

/**
 * The `authorization` header for a started server's `connection` (nothing when it has no key).
 *
 * @example
 * ```ts
 * await request(`${node.url}/v1/nodes`, { headers: bearer(cluster.connection) })
 * ```
 */
export const bearer = (connection: { readonly apiKey?: string }): Record<string, string> =>
  connection.apiKey === undefined ? {} : { authorization: `Bearer ${connection.apiKey}` }
