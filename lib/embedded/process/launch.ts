/**
 * Launching one server process, shared by `startEmbedded` and every member of a cluster: check the REST port,
 * spawn with its environment, wait for `/v1/.well-known/ready`, and on failure kill the
 * process and reject with an error that quotes the last lines it printed.
 *
 * @packageDocumentation
 */
import { serverArgs, serverEnv, type ServerIdentity, type ServerTlsFiles } from './env'
import { EmbeddedError } from '../errors'
import { assertPortFree } from './ports'
import { pollUntil, probe, probeAgent, type PollFailure, type ProbeTls } from '../readiness/probe'
import { describeExit, spawnServer, type ServerProcess } from './server-process'

/**
 * What {@link launchServer} needs.
 */
export interface ServerLaunch {
  readonly binary: string
  readonly identity: ServerIdentity
  /** The caller's `options.env`. */
  readonly extraEnv: Readonly<Record<string, string>> | undefined
  /** The authentication settings of this start (`planAuth(...).env`, lib/embedded/auth/server-auth.ts). */
  readonly authEnv: Readonly<Record<string, string>>
  readonly readyTimeoutMs: number
  /** Environment to inherit. Default `process.env`. */
  readonly parentEnv?: NodeJS.ProcessEnv
  /** Aborting gives up waiting, kills the process and rejects. */
  readonly signal?: AbortSignal | undefined
  /** TLS on both listeners, and what the readiness probe trusts and presents. */
  readonly tls?: (ServerTlsFiles & { readonly client: ProbeTls }) | undefined
}


const TAIL_LINES = 20

/**
 * The REST base URL of a server process (no `/v1`), `https` for a server with TLS.
 */
export const restUrl = (ports: { readonly rest: number }, secure = false): string => `${secure ? 'https' : 'http'}://127.0.0.1:${ports.rest}`

/**
 * The gRPC base URL of a server process, `https` for a server with TLS.
 */
export const grpcUrlOf = (ports: { readonly grpc: number }, secure = false): string => `${secure ? 'https' : 'http'}://127.0.0.1:${ports.grpc}`

const tail = (server: ServerProcess): string => {
  const lines = server.logs.lines(TAIL_LINES)
  return lines.length === 0
    ? '(it printed nothing)'
    : `Last ${lines.length} lines of its output:\n${lines.map((l) => `  ${l}`).join('\n')}`
}

const failure = async (
  server: ServerProcess,
  launch: ServerLaunch,
  kind: PollFailure['kind'],
): Promise<EmbeddedError> => {
  const who = `weaviate-server ${launch.binary} (pid ${server.pid}, node ${launch.identity.hostname})`
  const url = restUrl(launch.identity.ports, launch.tls !== undefined)
  if (kind === 'aborted') return new EmbeddedError({ reason: 'StartFailed', detail: `${who}: start cancelled` })
  if (kind === 'deadline') {
    return new EmbeddedError({ reason: 'ReadyTimeout', detail: `${who} was not ready on ${url} within ${launch.readyTimeoutMs} ms. ${tail(server)}` })
  }
  const status = await server.exited
  const portLine = server.logs.lines().find((line) => /address already in use/i.test(line))
  if (portLine !== undefined) {
    return new EmbeddedError({
      reason: 'PortInUse',
      detail:
        `${who} ${describeExit(status)}: a port it needs is already in use by another process ` +
        `(its ports: ${JSON.stringify(launch.identity.ports)}). ${tail(server)}`,
    })
  }
  return new EmbeddedError({ reason: 'StartFailed', detail: `${who} ${describeExit(status)} before it was ready on ${url}. ${tail(server)}` })
}

/**
 * Starts a server process and resolves once it answers ready; on any failure the process is killed first.
 */
export const launchServer = async (launch: ServerLaunch): Promise<ServerProcess> => {
  const { ports } = launch.identity
  await assertPortFree(ports.rest, 'REST port')
  const env = serverEnv(launch.parentEnv ?? process.env, launch.extraEnv, launch.identity, launch.authEnv, launch.tls)
  const server = await spawnServer(launch.binary, serverArgs(ports, launch.tls), env)
  const agent = probeAgent(launch.tls?.client)
  const base = restUrl(ports, launch.tls !== undefined)
  let problem: EmbeddedError | undefined
  try {
    const readyUrl = `${base}/v1/.well-known/ready`
    const stopped = await pollUntil(
      async () => {
        const r = await probe(agent, readyUrl)
        return r.ok && r.status === 200
      },
      { deadline: Date.now() + launch.readyTimeoutMs, exited: server.exited, signal: launch.signal },
    )
    if (stopped !== undefined) problem = await failure(server, launch, stopped.kind)
  } catch (e) {
    problem = new EmbeddedError({ reason: 'StartFailed', detail: `could not wait for ${base} to be ready`, cause: e })
  } finally {
    await agent.close()
  }
  if (problem === undefined) return server
  await server.stop(0)
  throw problem
}
