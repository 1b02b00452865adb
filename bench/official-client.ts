/**
 * The `weaviate-client` import contender (issue 42): the official TypeScript client, 3.x, as its
 * users write it, against the bench's server. It needs Node 22 or later (its `engines`), so it
 * runs in a child process on the Node 22 the suite installs (spec/helpers/runtimes.ts
 * `installedRuntime`), and the parent drives it run by run over the IPC channel: each run is one
 * message, interleaved with the parent's own contenders, and the child answers with what it
 * measured itself (its wall time, and its own CPU from `process.cpuUsage`):
 * `collection.data.insertMany(objects)` with `batch` objects per call (the properties and vector
 * of bench-objects.ts, client-made UUIDs), `lanes` calls in flight (the official client's
 * `insertMany` is one `BatchObjects` request per call). Its search runs in search-child.ts, with
 * every other search contender.
 *
 * Run by the parent only (`startOfficialClient`); the child mode is `--child` with the server in its
 * environment (server-env.ts `benchServerEnv`: the key stays off the command line).
 */
import { randomUUID } from 'node:crypto'
import { benchProperties, benchVector } from './bench-objects'
import { type MeasuredElsewhere, measuredHere } from './harness'
import { childNode, forkChild, serveParent } from './ipc-child'
import { type BenchServer, givenBenchServer } from './server-env'

/** The version the bench measures (a devDependency, pinned). */
export const OFFICIAL_CLIENT = 'weaviate-client 3.14.0'

/** An import run the parent asks for (into a class the parent has just re-created). */
export interface ImportRun {
  readonly kind: 'import'
  readonly className: string
  readonly total: number
  readonly batch: number
  readonly lanes: number
}

/** What the child measured: wall milliseconds and its CPU in µs. */
export type ImportResult = MeasuredElsewhere['measuredElsewhere']

/** The parent's handle on the child. */
export interface OfficialClient {
  importObjects(run: Omit<ImportRun, 'kind'>): Promise<ImportResult>
  close(): Promise<void>
}

/**
 * Starts the child on Node 22 against `server`; the reason as text when it cannot be installed or
 * started (the exact error, for the bench to print).
 *
 * @example
 * ```ts
 * const official = await startOfficialClient(server)
 * if (typeof official === 'string') console.log(`weaviate-client: ${official}`)
 * ```
 */
export const startOfficialClient = async (server: BenchServer): Promise<OfficialClient | string> => {
  const { node, without } = await childNode()
  if (without !== undefined) return without
  const child = await forkChild<ImportRun, ImportResult>(__filename, [], node, server, 'weaviate-client')
  if (typeof child === 'string') return child
  return { importObjects: (run) => child.ask({ kind: 'import', ...run }), close: () => child.close() }
}

/**
 * The official client connected to `server` the way its users connect to a local one (Node 22
 * only: the package refuses older majors, its `engines`, so it is loaded here, not imported).
 *
 * @example
 * ```ts
 * const client = await connectOfficialClient(server)
 * const collection = client.collections.use('BenchSearch')
 * ```
 */
export const connectOfficialClient = async (server: BenchServer) => {
  const weaviate = (await import('weaviate-client')).default
  const rest = new URL(server.url)
  const grpc = new URL(server.grpcUrl)
  return weaviate.connectToCustom({
    httpHost: rest.hostname,
    httpPort: Number(rest.port),
    httpSecure: false,
    grpcHost: grpc.hostname,
    grpcPort: Number(grpc.port),
    grpcSecure: false,
    ...(server.apiKey === undefined ? {} : { authCredentials: new weaviate.ApiKey(server.apiKey) }),
  })
}

// -------------------------------------------------------------------------------------------------
// the child (Node 22)
// -------------------------------------------------------------------------------------------------

const child = async (server: BenchServer): Promise<void> => {
  const client = await connectOfficialClient(server)
  const importObjects = async (run: ImportRun): Promise<void> => {
    const collection = client.collections.use(run.className)
    let next = 0
    const lane = async (): Promise<void> => {
      while (next < run.total) {
        const from = next
        next = Math.min(run.total, next + run.batch)
        const objects = []
        for (let i = from; i < next; i++) objects.push({ id: randomUUID(), properties: { ...benchProperties(i) }, vectors: benchVector(i) })
        const result = await collection.data.insertMany(objects)
        if (result.hasErrors) throw new Error(`insertMany: ${JSON.stringify(Object.values(result.errors)[0])}`)
      }
    }
    await Promise.all(Array.from({ length: run.lanes }, lane))
  }
  serveParent((run: ImportRun): Promise<ImportResult> => measuredHere(() => importObjects(run)), () => client.close())
}

if (require.main === module && process.argv[2] === '--child') {
  const given = givenBenchServer()
  if (given === undefined) throw new Error('the weaviate-client child needs WEAVIATE_URL')
  child(given).catch((e: unknown) => {
    console.error(e)
    process.exit(1)
  })
}
