/**
 * `objects.stream` benchmark (issue 6) on a real embedded Weaviate holding 100,000 small objects,
 * page size 1000 for every contender:
 *
 * 1. the whole class streamed and counted: ours (`stream.pipe(count())`) against a raw undici
 *    `after`-cursor loop (the practical limit) and weaviate-ts-client 2.x's getter loop;
 * 2. a consumer that burns ~20 µs of CPU per object: ours with prefetch 1 (the next page is in
 *    flight while the consumer works), the work done by a synchronous subscriber (the ratio line;
 *    the same work in a `for await` body is reported too), against the same consumer over a
 *    sequential weaviate-ts-client loop (fetch, consume, fetch, ...);
 * 3. 4 ordered partitions against 1 (report only);
 * 4. memory, each in a fresh child process: peak RSS above a post-GC baseline while a slow
 *    `for await` consumer streams the class, and while the stream is collected with `toArray`.
 *
 * Before timing, the class is streamed until two runs agree within 10 % (a freshly loaded server
 * is still flushing). Contenders run interleaved (order rotated every run) with a full GC before
 * each, one warm-up run each; lines print
 * ratios of medians: `bench: stream 100k ours/<peer> = <ratio>` (below 1: ours is faster).
 *
 * Run: `npx ts-node --transpile-only bench/stream.ts` (uses WEAVIATE_URL when set).
 * Child mode (used by the memory measurements):
 * `node -r ts-node/register/transpile-only bench/stream.ts --memory <for-await|collect-all> <url> <class>`.
 */
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import * as E from 'fp-ts/Either'
import { count, lastValueFrom, tap, toArray } from 'rxjs'
import { Pool } from 'undici'
import weaviate from 'weaviate-ts-client'
import { Client, connect } from '../lib'
import { startEmbedded } from '../lib/embedded'
import { deleteBenchClass, resetBenchClass } from './bench-class'
import { Call, collectGarbage, measure, printRatio } from './harness'

const TOTAL = 100_000
const PAGE_SIZE = 1_000
const BATCH_SIZE = 1_000
const BATCH_LANES = 4
/** Timed runs per contender: streams without a consumer take ~1 s, with the busy consumer ~3-4 s. */
const RUNS = 7
const CPU_RUNS = 5
const WARMUP = 1
/** CPU the "busy" consumer spends per object. */
const CONSUMER_US = 20
const CLASS = 'BenchStream'
/** Most warm-up streams while waiting for the server to settle after the load. */
const SETTLE_MAX = 8

// -------------------------------------------------------------------------------------------------
// setup
// -------------------------------------------------------------------------------------------------

/** One batch of `size` objects with client-made v4 uuids; throws on any per-object error. */
const loadBatch = async (pool: Pool, className: string, from: number, size: number): Promise<void> => {
  const objects = Array.from({ length: size }, (_, k) => ({
    class: className,
    id: randomUUID(),
    properties: { title: `object ${from + k}`, count: from + k },
  }))
  const res = await pool.request({
    method: 'POST',
    path: '/v1/batch/objects',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ objects }),
  })
  const body: unknown = await res.body.json()
  if (res.statusCode !== 200 || !Array.isArray(body)) throw new Error(`batch: ${res.statusCode} ${JSON.stringify(body)}`)
  const failed: unknown = (body as unknown[]).find((r) => JSON.stringify(r).includes('"errors"'))
  if (failed !== undefined) throw new Error(`batch object failed: ${JSON.stringify(failed)}`)
}

/** Loads TOTAL objects, BATCH_LANES batches of BATCH_SIZE at a time. */
const loadObjects = async (pool: Pool, className: string): Promise<void> => {
  let next = 0
  const lane = async (): Promise<void> => {
    while (next < TOTAL) {
      const from = next
      next += BATCH_SIZE
      await loadBatch(pool, className, from, Math.min(BATCH_SIZE, TOTAL - from))
    }
  }
  await Promise.all(Array.from({ length: BATCH_LANES }, lane))
}

// -------------------------------------------------------------------------------------------------
// contenders
// -------------------------------------------------------------------------------------------------

const CONSUMER_NS = BigInt(CONSUMER_US * 1_000)

/** Busy-waits ~CONSUMER_US of CPU: the "work" done per object. */
const consume = (): void => {
  const end = process.hrtime.bigint() + CONSUMER_NS
  while (process.hrtime.bigint() < end) {
    // spin
  }
}

const expectAll = (n: number, who: string): void => {
  if (n !== TOTAL) throw new Error(`${who}: streamed ${n} objects, expected ${TOTAL}`)
}

interface ObjectsPage {
  readonly objects: ReadonlyArray<{ readonly id: string }>
}

const isObjectsPage = (body: unknown): body is ObjectsPage =>
  typeof body === 'object' && body !== null && Array.isArray((body as { objects?: unknown }).objects)

/** The practical limit: undici request → body.json() → count → next page after the last id. */
const undiciLoop = async (pool: Pool, className: string, onObject?: () => void): Promise<number> => {
  let n = 0
  let after: string | undefined
  for (;;) {
    const res = await pool.request({
      method: 'GET',
      path: `/v1/objects?class=${className}&limit=${PAGE_SIZE}${after === undefined ? '' : `&after=${after}`}`,
    })
    const body: unknown = await res.body.json()
    if (res.statusCode !== 200 || !isObjectsPage(body)) throw new Error(`undici: ${res.statusCode}`)
    const objects = body.objects
    if (onObject !== undefined) for (let i = 0; i < objects.length; i++) onObject()
    n += objects.length
    const last = objects[objects.length - 1]
    if (last === undefined || objects.length < PAGE_SIZE) return n
    after = last.id
  }
}

type PeerClient = ReturnType<typeof weaviate.client>

/** weaviate-ts-client 2.x: getter().withClassName().withLimit().withAfter().do() in a loop. */
const peerLoop = async (peer: PeerClient, className: string, onObject?: () => void): Promise<number> => {
  let n = 0
  let after: string | undefined
  for (;;) {
    const getter = peer.data.getter().withClassName(className).withLimit(PAGE_SIZE)
    const page = await (after === undefined ? getter : getter.withAfter(after)).do()
    const objects = page.objects ?? []
    if (onObject !== undefined) for (let i = 0; i < objects.length; i++) onObject()
    n += objects.length
    const last = objects[objects.length - 1]
    if (last?.id === undefined || objects.length < PAGE_SIZE) return n
    after = last.id
  }
}

/** Ours, the RxJS way: the stream counted to completion (Lefts are not counted, so they fail the check). */
const oursCount = (client: Client, className: string, partitions = 1): Promise<number> =>
  lastValueFrom(client.objects.stream({ className, pageSize: PAGE_SIZE, partitions }).pipe(count(E.isRight)))

/** Ours with a synchronous subscriber doing the work (prefetch 1: the next page is in flight meanwhile). */
const oursSubscribeConsumer = (client: Client, className: string): Promise<number> =>
  lastValueFrom(
    client.objects.stream({ className, pageSize: PAGE_SIZE, prefetch: 1 }).pipe(
      tap((item) => {
        if (E.isRight(item)) consume()
      }),
      count(E.isRight),
    ),
  )

/** Ours with the work in a `for await` body (prefetch 1). */
const oursForAwaitConsumer = async (client: Client, className: string): Promise<number> => {
  let n = 0
  for await (const item of client.objects.iterate({ className, pageSize: PAGE_SIZE, prefetch: 1 })) {
    if (E.isLeft(item)) throw item.left
    consume()
    n += 1
  }
  return n
}

const checked =
  (who: string, run: () => Promise<number>): Call =>
  async () =>
    expectAll(await run(), who)

const formatMs = (medians: Readonly<Record<string, number>>): string =>
  Object.entries(medians)
    .map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`)
    .join(', ')

/**
 * Streams the class (raw undici) until two runs agree within 10 %, at most SETTLE_MAX times: right
 * after a bulk load the server is still flushing and compacting, and the first streams take up to
 * twice as long, which would bias whichever contender runs first.
 */
const settle = async (pool: Pool, className: string): Promise<number[]> => {
  const times: number[] = []
  for (let i = 0; i < SETTLE_MAX; i++) {
    const start = process.hrtime.bigint()
    expectAll(await undiciLoop(pool, className), 'settle')
    const ms = Number(process.hrtime.bigint() - start) / 1e6
    const previous = times[times.length - 1]
    times.push(ms)
    if (previous !== undefined && Math.abs(ms - previous) <= 0.1 * Math.min(ms, previous)) break
  }
  return times
}

// -------------------------------------------------------------------------------------------------
// memory (child process)
// -------------------------------------------------------------------------------------------------

type MemoryMode = 'for-await' | 'collect-all'

interface MemoryResult {
  readonly baseline: number
  readonly peak: number
  readonly items: number
}

const MEMORY_TAG = 'bench-memory-result '

/** Runs in a fresh process: baseline RSS after a GC, then the peak RSS while streaming. */
const memoryChild = async (mode: MemoryMode, url: string, className: string): Promise<void> => {
  const client = connect({ url })
  try {
    // Warm up the connection, the server version and undici's parser, so the baseline has them.
    await lastValueFrom(client.objects.list({ className, limit: 1 }))
    collectGarbage()
    const baseline = process.memoryUsage.rss()
    let peak = baseline
    const sample = (): void => {
      const rss = process.memoryUsage.rss()
      if (rss > peak) peak = rss
    }
    const timer = setInterval(sample, 10)
    timer.unref()
    let items = 0
    try {
      const args = { className, pageSize: PAGE_SIZE }
      if (mode === 'for-await') {
        for await (const item of client.objects.iterate(args)) {
          if (E.isLeft(item)) throw item.left
          consume()
          items += 1
          if (items % 1000 === 0) sample()
        }
      } else {
        const all = await lastValueFrom(
          client.objects.stream(args).pipe(
            tap(() => {
              items += 1
              if (items % 1000 === 0) sample()
            }),
            toArray(),
          ),
        )
        sample()
        if (all.some(E.isLeft)) throw new Error('collect-all: a Left in the stream')
      }
      sample()
    } finally {
      clearInterval(timer)
    }
    const result: MemoryResult = { baseline, peak, items }
    process.stdout.write(`${MEMORY_TAG}${JSON.stringify(result)}\n`)
  } finally {
    await client.close()
  }
}

const isMemoryResult = (x: unknown): x is MemoryResult =>
  typeof x === 'object' &&
  x !== null &&
  typeof (x as Partial<MemoryResult>).baseline === 'number' &&
  typeof (x as Partial<MemoryResult>).peak === 'number' &&
  typeof (x as Partial<MemoryResult>).items === 'number'

/** Spawns `node -r ts-node/register/transpile-only bench/stream.ts --memory <mode> <url> <class>`. */
const measureMemory = (mode: MemoryMode, url: string, className: string): Promise<MemoryResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['-r', require.resolve('ts-node/register/transpile-only'), __filename, '--memory', mode, url, className],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    let out = ''
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      out += chunk
    })
    child.on('error', reject)
    child.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith(MEMORY_TAG))
      const parsed: unknown = line === undefined ? undefined : JSON.parse(line.slice(MEMORY_TAG.length))
      if (code !== 0 || !isMemoryResult(parsed)) {
        reject(new Error(`memory child (${mode}) exited with ${code}: ${out}`))
        return
      }
      if (parsed.items !== TOTAL) {
        reject(new Error(`memory child (${mode}) streamed ${parsed.items} objects, expected ${TOTAL}`))
        return
      }
      resolve(parsed)
    })
  })

const mb = (bytes: number): number => bytes / (1024 * 1024)

// -------------------------------------------------------------------------------------------------
// the benchmark
// -------------------------------------------------------------------------------------------------

/**
 * Runs the benchmark and prints its lines.
 *
 * @example
 * ```ts
 * await benchStream() // bench: stream 100k ours/undici = 1.02 ...
 * ```
 */
export async function benchStream(existingUrl = process.env['WEAVIATE_URL']): Promise<void> {
  const server = existingUrl === undefined ? await startEmbedded() : undefined
  const url = existingUrl ?? server?.url ?? ''
  const origin = new URL(url).origin
  const className = CLASS
  const pool = new Pool(origin, { connections: 16 })
  const ours = connect({ url })
  const peer = weaviate.client({ scheme: 'http', host: url.replace(/^http:\/\//, '').replace(/\/$/, '') })
  try {
    const setupStart = Date.now()
    await resetBenchClass(url, className)
    await loadObjects(pool, className)
    const loadedMs = Date.now() - setupStart
    const settled = await settle(pool, className)
    console.log(
      `  stream: loaded ${TOTAL} objects in ${loadedMs} ms; settle streams (undici): ${settled.map((ms) => ms.toFixed(0)).join(', ')} ms`,
    )

    // 1. the whole class, no consumer
    const whole = await measure(
      {
        ours: checked('ours', () => oursCount(ours, className)),
        undici: checked('undici', () => undiciLoop(pool, className)),
        'weaviate-ts-client': checked('weaviate-ts-client', () => peerLoop(peer, className)),
      },
      { total: 1, lanes: 1, runs: RUNS, warmup: WARMUP },
    )
    console.log(`  stream 100k median: ${formatMs(whole)}`)
    printRatio('stream 100k', 'undici', whole['ours'] ?? NaN, whole['undici'] ?? NaN)
    printRatio('stream 100k', 'weaviate-ts-client', whole['ours'] ?? NaN, whole['weaviate-ts-client'] ?? NaN)

    // 2. a consumer spending ~20 µs of CPU per object
    const busy = await measure(
      {
        'ours-subscribe': checked('ours-subscribe', () => oursSubscribeConsumer(ours, className)),
        'ours-for-await': checked('ours-for-await', () => oursForAwaitConsumer(ours, className)),
        'weaviate-ts-client': checked('weaviate-ts-client', () => peerLoop(peer, className, consume)),
      },
      { total: 1, lanes: 1, runs: CPU_RUNS, warmup: WARMUP },
    )
    console.log(`  stream 100k cpu-consumer (${CONSUMER_US} µs/object) median: ${formatMs(busy)}`)
    printRatio(
      'stream 100k cpu-consumer',
      'weaviate-ts-client',
      busy['ours-subscribe'] ?? NaN,
      busy['weaviate-ts-client'] ?? NaN,
    )
    console.log(
      `  stream 100k cpu-consumer for-await ours/weaviate-ts-client = ${(
        (busy['ours-for-await'] ?? NaN) / (busy['weaviate-ts-client'] ?? NaN)
      ).toFixed(2)}`,
    )

    // 3. partitions
    const parts = await measure(
      {
        partitions1: checked('partitions1', () => oursCount(ours, className, 1)),
        partitions4: checked('partitions4', () => oursCount(ours, className, 4)),
      },
      { total: 1, lanes: 1, runs: RUNS, warmup: WARMUP },
    )
    console.log(`  stream 100k partitions median: ${formatMs(parts)}`)
    console.log(
      `bench: stream 100k partitions4/partitions1 = ${((parts['partitions4'] ?? NaN) / (parts['partitions1'] ?? NaN)).toFixed(2)}`,
    )

    // 4. memory, each in a fresh process
    collectGarbage()
    const forAwait = await measureMemory('for-await', url, className)
    const collectAll = await measureMemory('collect-all', url, className)
    const forAwaitMb = mb(forAwait.peak - forAwait.baseline)
    const collectAllMb = mb(collectAll.peak - collectAll.baseline)
    console.log(
      `  stream 100k memory baselines: for-await ${mb(forAwait.baseline).toFixed(1)} MB, collect-all ${mb(collectAll.baseline).toFixed(1)} MB`,
    )
    console.log(
      `bench: stream 100k memory for-await peak = ${forAwaitMb.toFixed(1)} MB above baseline (collect-all: ${collectAllMb.toFixed(1)} MB)`,
    )
    console.log(`bench: stream 100k memory ours-for-await/collect-all = ${(forAwaitMb / collectAllMb).toFixed(2)}`)
  } finally {
    await ours.close()
    await deleteBenchClass(url, className).catch(() => undefined)
    await pool.close()
    await server?.stop()
  }
}

if (require.main === module) {
  const [flag, mode, url, className] = process.argv.slice(2)
  const run =
    flag === '--memory' && (mode === 'for-await' || mode === 'collect-all') && url !== undefined && className !== undefined
      ? memoryChild(mode, url, className)
      : benchStream()
  run.catch((e: unknown) => {
    console.error(e)
    process.exitCode = 1
  })
}
