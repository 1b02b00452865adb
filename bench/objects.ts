/**
 * Object operations benchmark on a real embedded Weaviate: create, getById, exists and update
 * (a merge, PATCH), sequentially and 16 at a time, on the same server and class. Public API
 * against public API, each answer read and decoded:
 * - ours: `client.objects.<op>(...)` through `firstValueFrom`, `Right` checked (16 connections);
 * - undici: the minimal loop on a keep-alive Pool with the same 16 connections: `pool.request()`
 *   with the same method, path and JSON body, `body.json()` (or `body.dump()` for HEAD/204),
 *   status checked;
 * - weaviate-ts-client 2.x: `creator()`, `getterById()`, `checker()`, `merger()` `.do()`.
 * Each sends the server's key (server-key.ts).
 * Prints `bench: objects <op> <shape> ours/<peer> = <ratio> (spread a-b)`.
 *
 * Run: `npx ts-node --transpile-only bench/objects.ts` (uses WEAVIATE_URL and WEAVIATE_API_KEY when
 * set: server-env.ts).
 */
import { firstValueFrom } from 'rxjs'
import { Pool } from 'undici'
import { connect, rightOrThrow } from '../lib'
import { deleteBenchClass, resetBenchClass } from './bench-class'
import { Call, measure } from './harness'
import { reportRatio, sizeFromEnv } from './report'
import { type BenchServer, withBenchServer } from './server-env'
import { authHeaders, peerClient } from './server-key'

const SEQUENTIAL = sizeFromEnv('OBJECTS_SEQUENTIAL', 1_000)
const CONCURRENCY = 16
const CONCURRENT_TOTAL = sizeFromEnv('OBJECTS_CONCURRENT', 1_000)
const RUNS = sizeFromEnv('OBJECTS_RUNS', 7)
const WARMUP = Math.min(300, SEQUENTIAL)
const CLASS = 'BenchObject'

/** Cycles through ids so reads and updates hit existing objects. */
const cycler = (ids: readonly string[]) => {
  let i = 0
  return (): string => ids[i++ % ids.length] ?? ''
}

/**
 * Runs the benchmark and prints its ratio lines.
 *
 * @example
 * ```ts
 * await benchObjects(server) // bench: objects getById sequential ours/weaviate-ts-client = 0.71 (spread 0.66-0.75) ...
 * ```
 */
export async function benchObjects(server: BenchServer): Promise<void> {
  const ours = connect({ url: server.url, apiKey: server.apiKey, connections: CONCURRENCY })
  const peer = peerClient(server)
  const pool = new Pool(new URL(server.url).origin, { connections: CONCURRENCY })
  const auth = authHeaders(server)
  /** The minimal undici call: one request, the body read (parsed when there is one), the status checked. */
  const plain = async (method: 'GET' | 'HEAD' | 'POST' | 'PATCH', path: string, expect: number, body?: unknown): Promise<unknown> => {
    const res = await pool.request({
      method,
      path: `/v1${path}`,
      ...(body === undefined ? { headers: auth } : { headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify(body) }),
    })
    const parsed: unknown = expect === 200 && method !== 'HEAD' ? await res.body.json() : await res.body.dump()
    if (res.statusCode !== expect) throw new Error(`undici ${method} ${path}: ${res.statusCode}`)
    return parsed
  }
  try {
    await resetBenchClass(server, CLASS)
    const seed = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        firstValueFrom(ours.objects.create({ className: CLASS, dataObject: { title: `seed ${i}`, count: i } }).pipe(rightOrThrow())),
      ),
    )
    let n = 0
    const nextId = cycler(seed)
    const ops: Record<string, Record<string, Call>> = {
      create: {
        ours: () => firstValueFrom(ours.objects.create({ className: CLASS, dataObject: { title: 't', count: n++ } }).pipe(rightOrThrow())),
        undici: () => plain('POST', '/objects', 200, { class: CLASS, properties: { title: 't', count: n++ } }),
        'weaviate-ts-client': () => peer.data.creator().withClassName(CLASS).withProperties({ title: 't', count: n++ }).do(),
      },
      getById: {
        ours: () => firstValueFrom(ours.objects.getById({ className: CLASS, uuid: nextId() }).pipe(rightOrThrow())),
        undici: () => plain('GET', `/objects/${CLASS}/${nextId()}`, 200),
        'weaviate-ts-client': () => peer.data.getterById().withClassName(CLASS).withId(nextId()).do(),
      },
      exists: {
        ours: () => firstValueFrom(ours.objects.exists({ className: CLASS, uuid: nextId() }).pipe(rightOrThrow())),
        undici: () => plain('HEAD', `/objects/${CLASS}/${nextId()}`, 204),
        'weaviate-ts-client': () => peer.data.checker().withClassName(CLASS).withId(nextId()).do(),
      },
      update: {
        ours: () =>
          firstValueFrom(ours.objects.update({ className: CLASS, uuid: nextId(), dataObject: { count: n++ } }).pipe(rightOrThrow())),
        undici: () => plain('PATCH', `/objects/${CLASS}/${nextId()}`, 204, { class: CLASS, properties: { count: n++ } }),
        'weaviate-ts-client': () => peer.data.merger().withClassName(CLASS).withId(nextId()).withProperties({ count: n++ }).do(),
      },
    }
    for (const [op, calls] of Object.entries(ops)) {
      for (const [shape, total, lanes] of [
        ['sequential', SEQUENTIAL, 1],
        [`concurrent${CONCURRENCY}`, CONCURRENT_TOTAL, CONCURRENCY],
      ] as const) {
        const times = await measure(calls, { total, lanes, runs: RUNS, warmup: WARMUP, settle: WARMUP / 2 })
        reportRatio(`objects ${op} ${shape}`, times, 'undici')
        reportRatio(`objects ${op} ${shape}`, times, 'weaviate-ts-client')
      }
    }
  } finally {
    await ours.close()
    await pool.close()
    await deleteBenchClass(server, CLASS).catch(() => undefined)
  }
}

if (require.main === module) {
  withBenchServer(benchObjects).catch((e: unknown) => {
    console.error(e)
    process.exitCode = 1
  })
}
