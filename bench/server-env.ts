/**
 * The Weaviate a bench group measures against, as one value ({@link BenchServer}: REST and gRPC
 * addresses and the API key), handed to every group and from there to every contender.
 *
 * Either the server at `WEAVIATE_URL` (gRPC at `WEAVIATE_GRPC_URL`, else the REST host's port
 * 50051; the key from `WEAVIATE_API_KEY` when set, else none and no key is sent), or an embedded
 * server started here. That one is the library's default start, closed to the network: a random
 * API key per start, anonymous access off (README, "What listens where"); 1.39.0 binds its gRPC
 * port on every interface, and without the key it refuses every request there. Each contender
 * sends the key its own way (server-key.ts). One setting goes beyond the defaults: memtables are
 * flushed to disk 2 s after their first write (the server's default is 60 s), so a class loaded
 * for a measurement is on disk, and the flush and the compaction after it over, before the
 * measurement (stream.ts settles on that), and a write run's flush falls inside that run, not a
 * minute later in the middle of the next contender's.
 */
import { type EmbeddedWeaviate, startEmbedded } from '../lib/embedded'
import { redactedConnection } from '../lib/embedded/auth/connection'

export const BENCH_SERVER_ENV: Readonly<Record<string, string>> = { PERSISTENCE_MEMTABLES_FLUSH_DIRTY_AFTER_SECONDS: '2' }

/**
 * Where a bench group's server is and the key it wants. Printing it shows the key redacted;
 * spreading it (`connect({ ...server })`) copies the real key.
 */
export interface BenchServer {
  /** REST base URL, without `/v1` or a trailing slash. */
  readonly url: string
  readonly grpcUrl: string
  /** Sent as `authorization: Bearer <key>`; absent when the server takes anonymous requests. */
  readonly apiKey?: string
}

/**
 * Starts an embedded server with the bench settings and the default API-key auth.
 *
 * @example
 * ```ts
 * const target = await startBenchServer()
 * await benchSomething(benchServerOf(target))
 * await target.stop()
 * ```
 */
export const startBenchServer = (): Promise<EmbeddedWeaviate> => startEmbedded({ env: BENCH_SERVER_ENV })

/** The started server as a {@link BenchServer}: its addresses and this start's key. */
export const benchServerOf = (server: EmbeddedWeaviate): BenchServer =>
  redactedConnection<BenchServer>({ url: server.url.replace(/\/$/, ''), grpcUrl: server.grpcUrl, apiKey: server.connection.apiKey })

/**
 * The server the environment names (`WEAVIATE_URL`, `WEAVIATE_GRPC_URL`, `WEAVIATE_API_KEY`, an
 * empty key meaning none), or undefined when `WEAVIATE_URL` is not set.
 */
export const givenBenchServer = (env: Readonly<Record<string, string | undefined>> = process.env): BenchServer | undefined => {
  const given = env['WEAVIATE_URL']
  if (given === undefined) return undefined
  const url = given.replace(/\/$/, '')
  const key = env['WEAVIATE_API_KEY']
  return redactedConnection<BenchServer>({
    url,
    grpcUrl: env['WEAVIATE_GRPC_URL'] ?? `http://${new URL(url).hostname}:50051`,
    apiKey: key === '' ? undefined : key,
  })
}

/**
 * The environment that makes {@link givenBenchServer} find `server` (a child process's, e.g. a
 * memory child's): the key goes there, not on the command line.
 */
export const benchServerEnv = (server: BenchServer): Record<string, string> => ({
  WEAVIATE_URL: server.url,
  WEAVIATE_GRPC_URL: server.grpcUrl,
  WEAVIATE_API_KEY: server.apiKey ?? '',
})

/**
 * Runs `run` against the given server ({@link givenBenchServer}), else against an embedded one
 * started for it and stopped afterwards: the standalone entry of every group file.
 *
 * @example
 * ```ts
 * if (require.main === module) withBenchServer(benchSearch).catch(...)
 * ```
 */
export const withBenchServer = async (run: (server: BenchServer) => Promise<void>): Promise<void> => {
  const given = givenBenchServer()
  if (given !== undefined) return run(given)
  const started = await startBenchServer()
  try {
    await run(benchServerOf(started))
  } finally {
    await started.stop()
  }
}
