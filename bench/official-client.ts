/**
 * The `weaviate-client` contender (issue 42): the official TypeScript client, 3.x, as its users
 * write it, against the bench's server. It needs Node 22 or later (its `engines`), so it runs in
 * a child process on the Node 22 the suite installs (spec/helpers/runtimes.ts `installedRuntime`),
 * loaded with ts-node like the memory children, and the parent drives it run by run over the IPC
 * channel: each run is one message, interleaved with the parent's own contenders, and the child
 * answers with what it measured itself (latencies, and its own CPU from `process.cpuUsage`).
 *
 * - search: `client.collections.use(className).query.nearVector(vector, { limit, returnMetadata:
 *   ['distance'], returnProperties: [] })`, `concurrency` loops over the same seeded query vectors
 *   as the parent's contenders (seeded.ts), after a full GC and an untimed settle batch;
 * - import: `collection.data.insertMany(objects)` with `batch` objects per call (the properties and
 *   vector of bench-objects.ts, client-made UUIDs), `lanes` calls in flight (the official client's
 *   `insertMany` is one `BatchObjects` request per call).
 *
 * Run by the parent only (`startOfficialClient`); the child mode is `--child` with the server in its
 * environment (server-env.ts `benchServerEnv`: the key stays off the command line).
 */
import { type ChildProcess, fork } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { installedRuntime } from '../spec/helpers/runtimes'
import { benchProperties, benchVector } from './bench-objects'
import { collectGarbage } from './harness'
import { runArgs } from './paths'
import { timedRun } from './percentile-runs'
import { latencies } from './query-lanes'
import { seededVectors } from './seeded'
import { type BenchServer, benchServerEnv, givenBenchServer } from './server-env'

/** The version the bench measures (a devDependency, pinned). */
export const OFFICIAL_CLIENT = 'weaviate-client 3.14.0'

/** A search run the parent asks for. */
export interface SearchRun {
  readonly kind: 'search'
  readonly className: string
  readonly dimensions: number
  readonly limit: number
  readonly concurrency: number
  /** The seed and number of the timed query vectors (seeded.ts), and of the untimed settle batch. */
  readonly seed: number
  readonly queries: number
  readonly settleSeed: number
  readonly settle: number
}

/** An import run the parent asks for (into a class the parent has just re-created). */
export interface ImportRun {
  readonly kind: 'import'
  readonly className: string
  readonly total: number
  readonly batch: number
  readonly lanes: number
}

/** What the child measured: milliseconds (wall, or p50/p99 of a search run) and its CPU in µs. */
export interface SearchResult {
  readonly p50: number
  readonly p99: number
  /** CPU per query over the timed run, µs. */
  readonly cpu: number
}
export interface ImportResult {
  readonly ms: number
  /** CPU over the run, µs. */
  readonly cpu: number
}

type Request = (SearchRun | ImportRun) & { readonly id: number }
type Reply = { readonly id: number } & ({ readonly ok: SearchResult | ImportResult } | { readonly error: string })

/** The parent's handle on the child. */
export interface OfficialClient {
  search(run: Omit<SearchRun, 'kind'>): Promise<SearchResult>
  importObjects(run: Omit<ImportRun, 'kind'>): Promise<ImportResult>
  close(): Promise<void>
}

const errorText = (e: unknown): string => (e instanceof Error ? `${e.name}: ${e.message}` : String(e))

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
  let node: string
  try {
    node = await installedRuntime('node22')
  } catch (e) {
    return `Node 22 could not be installed: ${errorText(e)}`
  }
  const child: ChildProcess = fork(__filename, ['--child'], {
    execPath: node,
    execArgv: runArgs(__filename),
    env: { ...process.env, ...benchServerEnv(server) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const pending = new Map<number, { resolve: (r: SearchResult | ImportResult) => void; reject: (e: Error) => void }>()
  let exited: string | undefined
  const ready = new Promise<string | undefined>((resolve) => {
    child.once('message', (m: unknown) => resolve(m === 'ready' ? undefined : `unexpected first message ${JSON.stringify(m)}`))
    child.once('error', (e) => resolve(errorText(e)))
    child.once('exit', (code, signal) => resolve(`the child exited (${code ?? signal ?? '?'}) before it was ready`))
  })
  child.on('exit', (code, signal) => {
    exited = `the weaviate-client child exited (${code ?? signal ?? '?'})`
    for (const p of pending.values()) p.reject(new Error(exited))
    pending.clear()
  })
  const failure = await ready
  if (failure !== undefined) {
    child.kill()
    return failure
  }
  child.on('message', (m: Reply) => {
    const p = pending.get(m.id)
    pending.delete(m.id)
    if (p === undefined) return
    if ('ok' in m) p.resolve(m.ok)
    else p.reject(new Error(`weaviate-client: ${m.error}`))
  })
  let nextId = 0
  const ask = <R extends SearchResult | ImportResult>(request: SearchRun | ImportRun): Promise<R> =>
    new Promise((resolve, reject) => {
      if (exited !== undefined) return reject(new Error(exited))
      const id = nextId++
      pending.set(id, { resolve: resolve as (r: SearchResult | ImportResult) => void, reject })
      child.send({ ...request, id } satisfies Request)
    })
  return {
    search: (run: Omit<SearchRun, 'kind'>) => ask<SearchResult>({ kind: 'search', ...run }),
    importObjects: (run: Omit<ImportRun, 'kind'>) => ask<ImportResult>({ kind: 'import', ...run }),
    close: () =>
      new Promise<void>((resolve) => {
        if (exited !== undefined) return resolve()
        child.once('exit', () => resolve())
        child.disconnect()
      }),
  }
}

// -------------------------------------------------------------------------------------------------
// the child (Node 22)
// -------------------------------------------------------------------------------------------------

const child = async (server: BenchServer): Promise<void> => {
  // Loaded here, on Node 22 only: the package refuses older majors (its `engines`).
  const weaviate = (await import('weaviate-client')).default
  const rest = new URL(server.url)
  const grpc = new URL(server.grpcUrl)
  const client = await weaviate.connectToCustom({
    httpHost: rest.hostname,
    httpPort: Number(rest.port),
    httpSecure: false,
    grpcHost: grpc.hostname,
    grpcPort: Number(grpc.port),
    grpcSecure: false,
    ...(server.apiKey === undefined ? {} : { authCredentials: new weaviate.ApiKey(server.apiKey) }),
  })

  const search = async (run: SearchRun): Promise<SearchResult> => {
    const collection = client.collections.use(run.className)
    const nearVector = async (vector: number[]): Promise<number> =>
      (await collection.query.nearVector(vector, { limit: run.limit, returnMetadata: ['distance'], returnProperties: [] })).objects.length
    const queries = seededVectors(run.seed, run.queries, run.dimensions)
    return timedRun(
      () => latencies('weaviate-client', nearVector, seededVectors(run.settleSeed, run.settle, run.dimensions), run.concurrency, run.limit),
      () => latencies('weaviate-client', nearVector, queries, run.concurrency, run.limit),
      run.queries,
    )
  }

  const importObjects = async (run: ImportRun): Promise<ImportResult> => {
    const collection = client.collections.use(run.className)
    collectGarbage()
    const start = process.hrtime.bigint()
    const before = process.cpuUsage()
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
    const used = process.cpuUsage(before)
    return { ms: Number(process.hrtime.bigint() - start) / 1e6, cpu: used.user + used.system }
  }

  process.on('message', (m: Request) => {
    const work = m.kind === 'search' ? search(m) : importObjects(m)
    work.then(
      (ok) => process.send?.({ id: m.id, ok } satisfies Reply),
      (e: unknown) => process.send?.({ id: m.id, error: errorText(e) } satisfies Reply),
    )
  })
  process.on('disconnect', () => {
    void client.close().finally(() => process.exit(0))
  })
  process.send?.('ready')
}

if (require.main === module && process.argv[2] === '--child') {
  const given = givenBenchServer()
  if (given === undefined) throw new Error('the weaviate-client child needs WEAVIATE_URL')
  child(given).catch((e: unknown) => {
    console.error(e)
    process.exit(1)
  })
}
