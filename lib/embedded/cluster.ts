/**
 * {@link startEmbeddedCluster}: several `weaviate-server` nodes on 127.0.0.1 forming one raft
 * cluster (weaviate-server.md §3.3): `RAFT_JOIN` lists every node as `name:raftPort`,
 * `RAFT_BOOTSTRAP_EXPECT` is the node count, and every node but the first joins the first one's
 * gossip port. Node names are `weaviate-a`, `weaviate-b`, ...: Weaviate matches voter names by
 * substring, so no name may contain another (as `node1` and `node10` would).
 *
 * @packageDocumentation
 */
import { promises as fs } from 'node:fs'
import * as path from 'node:path'
import { resolveBinary } from './binary/resolve-binary'
import { acquireDataDir, type DataDir } from './process/data-dir'
import { checkExtraEnv, type ServerIdentity } from './process/env'
import { EmbeddedError } from './errors'
import { grpcUrlOf, launchServer, restUrl } from './process/launch'
import {
  DEFAULT_READY_TIMEOUT_MS,
  DEFAULT_STOP_GRACE_MS,
  DEFAULT_VERSION,
  progress,
  type EmbeddedClusterOptions,
} from './options'
import { allocateServerPorts, type ServerPorts } from './process/ports'
import { pollUntil } from './readiness/probe'
import { readNodeStatuses, readServerVersion } from './readiness/server-info'
import type { ServerProcess } from './process/server-process'
import { planAuth, type ServerAuth } from './auth/server-auth'
import { exposureWarning } from './exposure'
import { redactedConnection, type EmbeddedClusterConnection, type EmbeddedConnection } from './auth/connection'
import { hasFeature } from './auth/server-features'
import { withOidcEnv } from './auth/oidc-env'
import { withModulesEnv } from './process/modules-env'
import { prepareServerTls, type EmbeddedTls, type ServerTls } from './tls/server-tls'

/**
 * One node of an embedded cluster. It can be stopped and started again with the same name, ports
 * and data dir, e.g. to test how a client rides out a node restart.
 *
 * @example
 * ```ts
 * const cluster = await startEmbeddedCluster({ nodes: 3 })
 * const [, b] = cluster.nodes
 * await b?.stop()
 * await b?.start() // resolves once every node sees the whole cluster healthy again
 * ```
 */
export interface EmbeddedNode {
  /** `CLUSTER_HOSTNAME`, e.g. `weaviate-b`. */
  readonly name: string
  /** REST base URL without `/v1` (`https://` with `tls`). */
  readonly url: string
  /** `http://127.0.0.1:<ports.grpc>` (`https://` with `tls`; only servers from 1.19.0 on listen there). */
  readonly grpcUrl: string
  /** This node alone, to spread into `connect()` (the cluster's key and, with `tls`, its `tls` option included). */
  readonly connection: EmbeddedConnection
  readonly ports: ServerPorts
  readonly dataDir: string
  /** The current process id; undefined while stopped. */
  readonly pid: number | undefined
  isRunning(): boolean
  /** The last lines the current (or last) process printed. */
  logs(): readonly string[]
  /** Stops the process (SIGTERM, then SIGKILL after the grace period); keeps the data. Idempotent. */
  stop(): Promise<void>
  /**
   * Starts the node again and waits until `/v1/nodes` on it lists every node as HEALTHY. Rejects
   * after the cluster's `stop()`.
   */
  start(): Promise<void>
}

/**
 * A running embedded cluster.
 *
 * @example
 * ```ts
 * const cluster = await startEmbeddedCluster({ nodes: 3 })
 * cluster.urls // ['http://127.0.0.1:41001', 'http://127.0.0.1:41017', 'http://127.0.0.1:41033']
 * await cluster.stop()
 * ```
 */
export interface EmbeddedCluster {
  /** REST base URLs, in node order. */
  readonly urls: readonly string[]
  /**
   * Every node, to spread into `connect()`: `url` (all REST URLs), `grpcUrl` (all gRPC URLs, 1.19.0
   * and later) and the cluster's `apiKey` (absent with anonymous access). Printing it shows the key
   * redacted.
   */
  readonly connection: EmbeddedClusterConnection
  readonly nodes: readonly EmbeddedNode[]
  /**
   * The nodes' TLS, with `options.tls`: the run's CA (`tls.ca`, PEM) that signed the one
   * certificate every node serves, the name on it, a client certificate; undefined without TLS.
   */
  readonly tls: EmbeddedTls | undefined
  /** The version node 0 reports in `/v1/meta`. */
  readonly version: string
  /** Stops every node and removes the cluster's temp dir. Idempotent. */
  stop(): Promise<void>
}

const MAX_NODES = 26

/**
 * The node names of an n-node cluster: `weaviate-a`, `weaviate-b`, ... (none contains another).
 */
export const clusterNodeNames = (count: number): string[] =>
  Array.from({ length: count }, (_, i) => `weaviate-${String.fromCharCode(97 + i)}`)

interface ClusterPlan {
  readonly binary: string
  readonly names: readonly string[]
  readonly ports: readonly ServerPorts[]
  readonly root: DataDir
  readonly options: EmbeddedClusterOptions
  /** One key (and one set of cluster credentials) for every node. */
  readonly auth: ServerAuth
  /** The version the nodes are started as (decides what `connection` offers). */
  readonly version: string
  /** Every node's TLS (one certificate for all), with `options.tls`. */
  readonly tls: ServerTls | undefined
  /** Set by the cluster's `stop()`: nodes may not start again after it. */
  stopped: boolean
}

/** Waits until `GET /v1/nodes` on `url` lists every name as HEALTHY; undefined on success. */
const awaitHealthy = async (
  plan: ClusterPlan,
  url: string,
  server: ServerProcess,
  deadline: number,
): Promise<EmbeddedError | undefined> => {
  let seen = 'nothing yet'
  const failure = await pollUntil(
    async () => {
      const statuses = await readNodeStatuses(url, plan.auth.apiKey, plan.tls?.client)
      if (statuses === undefined) return false
      seen = statuses.map((s) => `${s.name}=${s.status}`).join(', ')
      return plan.names.every((name) => statuses.some((s) => s.name === name && s.status === 'HEALTHY'))
    },
    { deadline, exited: server.exited, intervalMs: 250 },
  )
  if (failure === undefined) return undefined
  return new EmbeddedError({
    reason: failure.kind === 'deadline' ? 'ReadyTimeout' : 'StartFailed',
    detail:
      `${url}/v1/nodes did not list ${plan.names.join(', ')} as HEALTHY ` +
      `(${failure.kind === 'deadline' ? 'deadline passed' : 'the node exited'}); last seen: ${seen}`,
  })
}

class ClusterNode implements EmbeddedNode {
  readonly name: string
  readonly url: string
  readonly grpcUrl: string
  readonly connection: EmbeddedConnection
  readonly ports: ServerPorts
  readonly dataDir: string
  private server: ServerProcess | undefined
  private lastLogs: readonly string[] = []
  private starting: Promise<void> | undefined

  constructor(
    private readonly plan: ClusterPlan,
    private readonly index: number,
  ) {
    const name = plan.names[index]
    const ports = plan.ports[index]
    if (name === undefined || ports === undefined) throw new RangeError(`no node ${index} in the plan`)
    this.name = name
    this.ports = ports
    this.url = restUrl(ports, plan.tls !== undefined)
    this.grpcUrl = grpcUrlOf(ports, plan.tls !== undefined)
    this.connection = redactedConnection<EmbeddedConnection>({
      url: this.url,
      grpcUrl: hasFeature(plan.version, 'grpc') ? this.grpcUrl : undefined,
      apiKey: plan.auth.apiKey,
      tls: plan.tls?.client,
    })
    this.dataDir = path.join(plan.root.path, name)
  }

  get pid(): number | undefined {
    return this.server?.isRunning() === true ? this.server.pid : undefined
  }

  isRunning(): boolean {
    return this.server?.isRunning() === true
  }

  logs(): readonly string[] {
    return this.server?.logs.lines() ?? this.lastLogs
  }

  private identity(clusterJoin: string | undefined): ServerIdentity {
    const raftJoin = this.plan.names.map((name, i) => `${name}:${this.plan.ports[i]?.raft ?? 0}`).join(',')
    return {
      hostname: this.name,
      dataDir: this.dataDir,
      ports: this.ports,
      bootstrapExpect: this.plan.names.length,
      raftJoin,
      ...(clusterJoin === undefined ? {} : { clusterJoin }),
    }
  }

  /** Starts the process and waits for `/ready`; `clusterJoin` is the gossip join list. */
  async launch(clusterJoin: string | undefined, signal?: AbortSignal): Promise<ServerProcess> {
    await fs.mkdir(this.dataDir, { recursive: true })
    this.server = await launchServer({
      binary: this.plan.binary,
      identity: this.identity(clusterJoin),
      extraEnv: this.plan.options.env,
      authEnv: this.plan.auth.env,
      readyTimeoutMs: this.plan.options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS,
      signal,
      tls: this.plan.tls,
    })
    return this.server
  }

  start(): Promise<void> {
    if (this.plan.stopped) {
      return Promise.reject(new EmbeddedError({ reason: 'StartFailed', detail: `cannot start ${this.name}: its cluster was stopped` }))
    }
    if (this.isRunning()) return Promise.resolve()
    this.starting ??= (async () => {
      // a restarted node may be any node, so it joins through every other node's gossip port
      const others = this.plan.ports.filter((_, i) => i !== this.index).map((p) => `127.0.0.1:${p.gossip}`)
      const server = await this.launch(others.length === 0 ? undefined : others.join(','))
      const deadline = Date.now() + (this.plan.options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS)
      const unhealthy = await awaitHealthy(this.plan, this.url, server, deadline)
      if (unhealthy !== undefined) {
        await this.stop()
        throw unhealthy
      }
    })().finally(() => {
      this.starting = undefined
    })
    return this.starting
  }

  async stop(): Promise<void> {
    const server = this.server
    if (server === undefined) return
    await server.stop(this.plan.options.stopGraceMs ?? DEFAULT_STOP_GRACE_MS)
    this.lastLogs = server.logs.lines()
    if (this.server === server) this.server = undefined
  }
}

/**
 * Starts an n-node cluster (default 3) on 127.0.0.1 and resolves once every node is ready and node
 * 0's `/v1/nodes` lists all of them as HEALTHY. On failure every node is stopped and the temp dir
 * removed before it rejects.
 *
 * @example
 * ```ts
 * const cluster = await startEmbeddedCluster({ nodes: 3 })
 * // create a class with replicationConfig.factor 3 on cluster.urls[0], read it back from cluster.urls[2]
 * await cluster.stop()
 * ```
 */
export const startEmbeddedCluster = async (given: EmbeddedClusterOptions = {}): Promise<EmbeddedCluster> => {
  const options = withModulesEnv(withOidcEnv(given))
  const count = options.nodes ?? 3
  if (!Number.isInteger(count) || count < 1 || count > MAX_NODES) {
    throw new EmbeddedError({ reason: 'InvalidOptions', detail: `nodes must be an integer from 1 to ${MAX_NODES}, got ${count}` })
  }
  checkExtraEnv(options.env)
  const requested = options.version ?? DEFAULT_VERSION
  const auth = planAuth({ mode: options.auth ?? 'apiKey', version: requested, extraEnv: options.env, rbac: options.rbac })
  const say = progress(options.log)
  const binary = await resolveBinary(options)
  const ports = await allocateServerPorts(count)
  const tls = await prepareServerTls(options.tls)
  const root = await acquireDataDir(undefined, 'cluster').catch(async (e: unknown) => {
    await tls?.release()
    throw e
  })
  const plan: ClusterPlan = { binary, names: clusterNodeNames(count), ports, root, options, auth, version: requested, tls, stopped: false }
  const nodes = plan.names.map((_, i) => new ClusterNode(plan, i))

  let stopping: Promise<void> | undefined
  const stop = (): Promise<void> => {
    plan.stopped = true
    // one at a time, last node first: stopped together, the nodes wait ~5 s on each other
    stopping ??= [...nodes]
      .reverse()
      .reduce((previous, node) => previous.then(() => node.stop()), Promise.resolve())
      .then(() => root.release())
      .then(() => tls?.release())
    return stopping
  }

  const first = nodes[0]
  if (first === undefined) throw new Error('a cluster has at least one node')
  const gossip0 = `127.0.0.1:${first.ports.gossip}`
  // the first node to fail cancels the others, which would otherwise wait out the whole deadline
  const cancel = new AbortController()
  let firstFailure: unknown
  const launched = await Promise.allSettled(
    nodes.map((n, i) =>
      n.launch(i === 0 ? undefined : gossip0, cancel.signal).catch((e: unknown) => {
        if (!cancel.signal.aborted) firstFailure = e
        cancel.abort()
        throw e
      }),
    ),
  )
  const firstServer = launched[0]
  if (cancel.signal.aborted || firstServer?.status !== 'fulfilled') {
    await stop()
    throw firstFailure instanceof Error ? firstFailure : new EmbeddedError({ reason: 'StartFailed', detail: `node 0 did not start: ${String(firstFailure)}` })
  }
  const deadline = Date.now() + (options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS)
  const unhealthy = await awaitHealthy(plan, first.url, firstServer.value, deadline)
  if (unhealthy !== undefined) {
    await stop()
    throw unhealthy
  }

  const version = (await readServerVersion(first.url, auth.apiKey, tls?.client)) ?? requested
  say(`weaviate cluster ${version} ready: ${nodes.map((n) => `${n.name} ${n.url}`).join(', ')}`)
  const warning = exposureWarning(version, ports, auth)
  if (warning !== undefined) say(warning)
  const urls = nodes.map((n) => n.url)
  const connection = redactedConnection<EmbeddedClusterConnection>({
    url: urls,
    grpcUrl: hasFeature(requested, 'grpc') ? nodes.map((n) => n.grpcUrl) : undefined,
    apiKey: auth.apiKey,
    tls: tls?.client,
  })
  return { urls, connection, nodes, tls: tls?.handle, version, stop }
}
