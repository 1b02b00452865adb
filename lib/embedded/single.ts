/**
 * {@link startEmbedded}: one `weaviate-server` on 127.0.0.1 with free ports and a temp data dir.
 *
 * @packageDocumentation
 */
import { resolveBinary } from './binary/resolve-binary'
import { checkExtraEnv } from './process/env'
import { acquireDataDir } from './process/data-dir'
import { EmbeddedError, isEmbeddedError } from './errors'
import { readServerVersion } from './readiness/server-info'
import { grpcUrlOf, launchServer, restUrl } from './process/launch'
import {
  DEFAULT_READY_TIMEOUT_MS,
  DEFAULT_STOP_GRACE_MS,
  DEFAULT_VERSION,
  progress,
  type EmbeddedOptions,
} from './options'
import { allocateServerPorts, type ServerPorts } from './process/ports'
import { planAuth } from './auth/server-auth'
import { exposureWarning } from './exposure'
import { redactedConnection, type EmbeddedConnection } from './auth/connection'
import { hasFeature } from './auth/server-features'
import { prepareServerTls, type EmbeddedTls } from './tls/server-tls'
import { withOidcEnv } from './auth/oidc-env'
import { withModulesEnv } from './process/modules-env'

/**
 * A running embedded server.
 *
 * @example
 * ```ts
 * const server: EmbeddedWeaviate = await startEmbedded()
 * const client = connect({ ...server.connection })
 * await server.stop()
 * ```
 */
export interface EmbeddedWeaviate {
  /** REST base URL without `/v1`, e.g. `http://127.0.0.1:39213` (`https://` with `tls`). */
  readonly url: string
  /** `http://127.0.0.1:<ports.grpc>` (`https://` with `tls`; only servers from 1.19.0 on listen there). */
  readonly grpcUrl: string
  /**
   * What a client needs, to spread into `connect()`: `url`, `grpcUrl` (1.19.0 and later), the
   * `apiKey` of this start (absent with anonymous access) and, with `tls`, the `tls` option (the
   * CA, the server name, a client certificate). Printing it shows the key and the client
   * certificate's key redacted.
   */
  readonly connection: EmbeddedConnection
  /**
   * The server's TLS, with `options.tls`: the CA that signed its certificate (`tls.ca`, PEM), the
   * name on it, a client certificate; undefined without TLS.
   */
  readonly tls: EmbeddedTls | undefined
  /** The version the server reports in `/v1/meta` (the requested one if meta is not readable). */
  readonly version: string
  readonly pid: number
  /** `PERSISTENCE_DATA_PATH`. */
  readonly dataDir: string
  readonly ports: ServerPorts
  /** The last lines the server printed (its output is never printed by default). */
  logs(): readonly string[]
  /**
   * SIGTERM, SIGKILL after the grace period, wait for the exit, remove the data dir if it is a temp
   * dir. Idempotent.
   */
  stop(): Promise<void>
}

/** Launches with freshly chosen ports when a chosen one was taken in between. */
const PORT_ATTEMPTS = 3

/**
 * Validates a port number option.
 */
export const checkPort = (port: number | undefined): void => {
  if (port !== undefined && !(Number.isInteger(port) && port >= 1 && port <= 65535)) {
    throw new EmbeddedError({ reason: 'InvalidOptions', detail: `port must be an integer from 1 to 65535, got ${port}` })
  }
}

/**
 * Finds (or builds, or downloads) `weaviate-server` and runs it on 127.0.0.1 until `stop()`.
 * Rejects with an {@link EmbeddedError} and leaves no process or temp dir behind on failure.
 *
 * @example
 * ```ts
 * const server = await startEmbedded()
 * console.log(server.url, server.version) // http://127.0.0.1:39213 1.39.0
 * const client = connect({ ...server.connection }) // the key of this start included
 * await server.stop()
 * ```
 */
export const startEmbedded = async (given: EmbeddedOptions = {}): Promise<EmbeddedWeaviate> => {
  const options = withModulesEnv(withOidcEnv(given))
  checkExtraEnv(options.env)
  checkPort(options.port)
  checkPort(options.grpcPort)
  const requested = options.version ?? DEFAULT_VERSION
  const auth = planAuth({ mode: options.auth ?? 'apiKey', version: requested, extraEnv: options.env, rbac: options.rbac })
  const say = progress(options.log)
  const binary = await resolveBinary(options)
  const hostname = options.hostname ?? 'node0'
  const tls = await prepareServerTls(options.tls)

  // Free ports are found by binding and releasing them, so another process may take one before
  // the server binds it: with ports of our own choosing, try again with fresh ones.
  const launch = async (attempt: number) => {
    const [ports] = await allocateServerPorts(1, [options.port], [options.grpcPort])
    if (ports === undefined) throw new Error('allocateServerPorts returned no ports')
    const data = await acquireDataDir(options.dataDir, 'node')
    try {
      const server = await launchServer({
        binary,
        identity: { hostname, dataDir: data.path, ports, bootstrapExpect: 1, raftJoin: `${hostname}:${ports.raft}` },
        extraEnv: options.env,
        authEnv: auth.env,
        readyTimeoutMs: options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS,
        tls,
      })
      return { server, ports, data }
    } catch (e) {
      await data.release()
      const ownPorts = options.port === undefined && options.grpcPort === undefined
      if (ownPorts && attempt < PORT_ATTEMPTS && isEmbeddedError(e) && e.reason === 'PortInUse') {
        return launch(attempt + 1)
      }
      throw e
    }
  }
  const launched = await launch(1).catch(async (e: unknown) => {
    await tls?.release()
    throw e
  })
  const { server, ports, data } = launched

  const url = restUrl(ports, tls !== undefined)
  const reported = await readServerVersion(url, auth.apiKey, tls?.client)
  if (reported !== undefined && reported !== requested) {
    say(`note: ${binary} is Weaviate ${reported}, not the requested ${requested}`)
  }
  const version = reported ?? requested
  say(`weaviate-server ${version} ready at ${url} (pid ${server.pid})`)
  const warning = exposureWarning(version, [ports], auth)
  if (warning !== undefined) say(warning)
  const grpcUrl = grpcUrlOf(ports, tls !== undefined)

  let stopping: Promise<void> | undefined
  return {
    url,
    grpcUrl,
    connection: redactedConnection<EmbeddedConnection>({
      url,
      grpcUrl: hasFeature(version, 'grpc') ? grpcUrl : undefined,
      apiKey: auth.apiKey,
      tls: tls?.client,
    }),
    tls: tls?.handle,
    version,
    pid: server.pid,
    dataDir: data.path,
    ports,
    logs: () => server.logs.lines(),
    stop: () => {
      stopping ??= server
        .stop(options.stopGraceMs ?? DEFAULT_STOP_GRACE_MS)
        .then(() => data.release())
        .then(() => tls?.release())
      return stopping
    },
  }
}
