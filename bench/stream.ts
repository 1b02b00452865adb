/**
 * `objects.stream` benchmark (issue 15) on a real Weaviate holding 100,000 small objects.
 *
 * 1. At page sizes 100, 500 and 1,000, the whole class streamed and counted, interleaved runs:
 *    - ours: `lastValueFrom(client.objects.stream(args).pipe(count()))` (default prefetch 1);
 *    - ours-for-await: `for await (const item of client.objects.iterate(args))`, counting;
 *    - undici-seq: the minimal loop a user writes: undici `request()`, `await body.json()`, count,
 *      next page after the last id, one request at a time;
 *    - undici-prefetch: the same loop with one page prefetched by hand (the request for page n+1
 *      is started before page n is counted), which is what our stream does;
 *    - weaviate-ts-client 2.x: its cursor, `data.getter().withAfter(id).withLimit(n).do()`.
 *    - ours-pages: `objects.streamPages(args)`, one value per page, the page lengths summed.
 *    - undici-cursor-first: not a loop a user writes, the ceiling of prefetching: the next cursor
 *      read from page n's raw text before page n is parsed, so the parse overlaps the server
 *      producing page n+1.
 *    Lines: `bench: stream page=<n> ours/undici-seq`, `ours/undici-prefetch`,
 *    `ours/weaviate-ts-client`, `ours-for-await/undici-seq`, `ours-pages/undici-seq` and
 *    `ours-pages/undici-prefetch`, each with its spread; and `undici-prefetch/undici-seq`: what one
 *    prefetched page buys the hand-written loop itself on this machine (when the server is the
 *    bottleneck, nothing that prefetches can go below it); and `undici-cursor-first/undici-seq`:
 *    the most any cursor stream can overlap on this machine.
 * 2. At page size 100, a consumer that burns ~20 µs of CPU per object (where prefetch pays off):
 *    `bench: stream page=100 cpu-consumer ours/<peer>`.
 * 3. 4 ordered partitions against 1 (page size 1,000): `bench: stream 100k partitions4/partitions1`.
 * 4. Memory, each in a fresh child process (memory.ts): peak above a post-GC baseline while a
 *    slow `for await` consumer (~20 µs per object, page size 1,000) streams 100,000 objects, then
 *    400,000 (the class grown by 300,000): `bench: stream memory 100k peak` (RSS, MB),
 *    `100k peak heap` (heap + external, MB), the same for 400k, `400k/100k peak rss` and
 *    `400k/100k peak heap`.
 *
 * Before timing, the class is streamed until three runs agree within 8 % (a freshly loaded server
 * is still flushing and compacting; the embedded server of `npm run bench` flushes 2 s after a
 * write, see server-env.ts). Contenders run interleaved in a new order every run, after a full GC.
 *
 * Sizes for short development runs: BENCH_STREAM_OBJECTS (100000), BENCH_STREAM_RUNS (5),
 * BENCH_STREAM_MEMORY_LARGE (400000; 0 skips the large memory run).
 *
 * Run: `npx ts-node --transpile-only bench/stream.ts` (uses WEAVIATE_URL when set).
 * Child mode (used by the memory measurements):
 * `node -r ts-node/register/transpile-only bench/stream.ts --memory <url> <class> <objects>`.
 */
import { randomUUID } from 'node:crypto'
import * as E from 'fp-ts/Either'
import { count, lastValueFrom, reduce, tap } from 'rxjs'
import { Pool, request } from 'undici'
import weaviate from 'weaviate-ts-client'
import { Client, connect } from '../lib'
import { deleteBenchClass, resetBenchClass } from './bench-class'
import { Call, collectGarbage, measure, medians } from './harness'
import { measureInChild, reportMemory, runMemoryChild } from './memory'
import { reportRatio, sizeFromEnv } from './report'
import { startBenchServer } from './server-env'

const TOTAL = sizeFromEnv('STREAM_OBJECTS', 100_000)
const LARGE = Number(process.env['BENCH_STREAM_MEMORY_LARGE'] ?? 400_000)
const PAGE_SIZES = [100, 500, 1_000] as const
const BATCH_SIZE = 1_000
const BATCH_LANES = 4
const RUNS = sizeFromEnv('STREAM_RUNS', 5)
const WARMUP = 1
/** CPU the "busy" consumer spends per object. */
const CONSUMER_US = 20
const CLASS = 'BenchStream'
/** Most warm-up streams while waiting for the server to settle after the load. */
const SETTLE_MAX = 30
/** This many consecutive warm-up streams ... */
const SETTLE_AGREE = 3
/** ... within this fraction of each other: the server has settled. */
const SETTLE_TOLERANCE = 0.08
const label = (n: number): string => (n % 1000 === 0 ? `${n / 1000}k` : `${n}`)

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

/** Loads objects `from` .. `to` - 1, BATCH_LANES batches of BATCH_SIZE at a time. */
const loadObjects = async (pool: Pool, className: string, from: number, to: number): Promise<void> => {
  let next = from
  const lane = async (): Promise<void> => {
    while (next < to) {
      const start = next
      next += BATCH_SIZE
      await loadBatch(pool, className, start, Math.min(BATCH_SIZE, to - start))
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

const expectAll = (n: number, who: string, total = TOTAL): void => {
  if (n !== total) throw new Error(`${who}: streamed ${n} objects, expected ${total}`)
}

interface ObjectsPage {
  readonly objects: ReadonlyArray<{ readonly id: string }>
}

const isObjectsPage = (body: unknown): body is ObjectsPage =>
  typeof body === 'object' && body !== null && Array.isArray((body as { objects?: unknown }).objects)

/** The URL of one cursor page. */
const pageUrl = (url: string, className: string, pageSize: number, after: string | undefined): string =>
  `${url}/v1/objects?class=${className}&limit=${pageSize}${after === undefined ? '' : `&after=${after}`}`

/** One page the way a user writes it: undici `request()`, `body.json()`, the status checked. */
const undiciPage = async (url: string, className: string, pageSize: number, after: string | undefined): Promise<ObjectsPage> => {
  const res = await request(pageUrl(url, className, pageSize, after))
  const body: unknown = await res.body.json()
  if (res.statusCode !== 200 || !isObjectsPage(body)) throw new Error(`undici: ${res.statusCode}`)
  return body
}

/** Counts a page's objects (running the consumer on each); the cursor for the next page, if any. */
const countPage = (page: ObjectsPage, pageSize: number, onObject: (() => void) | undefined): { n: number; next: string | undefined } => {
  const objects = page.objects
  if (onObject !== undefined) for (let i = 0; i < objects.length; i++) onObject()
  const last = objects[objects.length - 1]
  return { n: objects.length, next: last === undefined || objects.length < pageSize ? undefined : last.id }
}

/** The minimal loop: request a page, count it, request the next after the last id. */
const undiciSequential = async (url: string, className: string, pageSize: number, onObject?: () => void): Promise<number> => {
  let n = 0
  let after: string | undefined
  do {
    const page = countPage(await undiciPage(url, className, pageSize, after), pageSize, onObject)
    n += page.n
    after = page.next
  } while (after !== undefined)
  return n
}

/** The same loop with one page prefetched: the request for page n+1 starts before page n is counted. */
const undiciPrefetch = async (url: string, className: string, pageSize: number, onObject?: () => void): Promise<number> => {
  let n = 0
  let page: ObjectsPage | undefined = await undiciPage(url, className, pageSize, undefined)
  while (page !== undefined) {
    const last: { readonly id: string } | undefined = page.objects[page.objects.length - 1]
    const next: Promise<ObjectsPage> | undefined =
      last !== undefined && page.objects.length === pageSize ? undiciPage(url, className, pageSize, last.id) : undefined
    n += countPage(page, pageSize, onObject).n
    page = next === undefined ? undefined : await next
  }
  return n
}

/** A page's text the way a user writes it, undici `request()` and `body.text()`, the status checked. */
const undiciPageText = async (url: string, className: string, pageSize: number, after: string | undefined): Promise<string> => {
  const res = await request(pageUrl(url, className, pageSize, after))
  const text = await res.body.text()
  if (res.statusCode !== 200) throw new Error(`undici: ${res.statusCode}`)
  return text
}

/**
 * The most overlap a cursor loop can get: the next cursor is read from page n's raw text (its last
 * `"id":"…"`; the bench objects have no nested `id`) before page n is parsed, the request for
 * page n+1 is sent (one event-loop turn, so undici writes it), and only then is page n parsed and
 * counted. Every page's parsed last id is checked against the cursor taken from its text. Not a
 * loop a user writes: it measures the ceiling of prefetching on this machine.
 */
const undiciCursorFirst = async (url: string, className: string, pageSize: number): Promise<number> => {
  let n = 0
  let pending: Promise<string> | undefined = undiciPageText(url, className, pageSize, undefined)
  while (pending !== undefined) {
    const text: string = await pending
    const at = text.lastIndexOf('"id":"')
    const cursor = at < 0 ? undefined : text.slice(at + 6, at + 42)
    pending = cursor === undefined ? undefined : undiciPageText(url, className, pageSize, cursor)
    await new Promise<void>((resolve) => setImmediate(resolve))
    const page: unknown = JSON.parse(text)
    if (!isObjectsPage(page)) throw new Error('undici-cursor-first: not an objects page')
    n += page.objects.length
    if (page.objects.length < pageSize) {
      // A short page ends the class; the request already sent after it must come back empty.
      if (pending !== undefined && (JSON.parse(await pending) as ObjectsPage).objects.length !== 0) throw new Error('undici-cursor-first: objects after the last page')
      pending = undefined
    } else if (page.objects[page.objects.length - 1]?.id !== cursor) throw new Error('undici-cursor-first: the cursor read from the text is not the last id')
  }
  return n
}

type PeerClient = ReturnType<typeof weaviate.client>

/** weaviate-ts-client 2.x's cursor: getter().withClassName().withLimit().withAfter().do() in a loop. */
const peerLoop = async (peer: PeerClient, className: string, pageSize: number, onObject?: () => void): Promise<number> => {
  let n = 0
  let after: string | undefined
  for (;;) {
    const getter = peer.data.getter().withClassName(className).withLimit(pageSize)
    const page = await (after === undefined ? getter : getter.withAfter(after)).do()
    const objects = page.objects ?? []
    if (onObject !== undefined) for (let i = 0; i < objects.length; i++) onObject()
    n += objects.length
    const last = objects[objects.length - 1]
    if (last?.id === undefined || objects.length < pageSize) return n
    after = last.id
  }
}

/** Ours, the RxJS way: the stream counted to completion (Lefts are not counted, so they fail the check). */
const oursCount = (client: Client, className: string, pageSize: number, partitions = 1): Promise<number> =>
  lastValueFrom(client.objects.stream({ className, pageSize, partitions }).pipe(count(E.isRight)))

/** Ours a page at a time (`objects.streamPages`): the throughput form, one value per page. */
const oursPagesCount = (client: Client, className: string, pageSize: number): Promise<number> =>
  lastValueFrom(client.objects.streamPages({ className, pageSize }).pipe(reduce((n, page) => n + (E.isRight(page) ? page.right.length : 0), 0)))

/** Ours with a synchronous subscriber doing the work (default prefetch 1: the next page is in flight meanwhile). */
const oursConsumer = (client: Client, className: string, pageSize: number): Promise<number> =>
  lastValueFrom(
    client.objects.stream({ className, pageSize }).pipe(
      tap((item) => {
        if (E.isRight(item)) consume()
      }),
      count(E.isRight),
    ),
  )

/** Ours through `for await`, counting (or running the consumer on each object). */
const oursForAwait = async (client: Client, className: string, pageSize: number, onObject?: () => void): Promise<number> => {
  let n = 0
  for await (const item of client.objects.iterate({ className, pageSize })) {
    if (E.isLeft(item)) throw item.left
    onObject?.()
    n += 1
  }
  return n
}

const checked =
  (who: string, run: () => Promise<number>): Call =>
  async () =>
    expectAll(await run(), who)

const formatMs = (times: Readonly<Record<string, readonly number[]>>): string =>
  Object.entries(medians(times))
    .map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`)
    .join(', ')

/**
 * Streams the class (undici, page size 100: the size most sensitive to server load) until the last
 * SETTLE_AGREE runs agree within SETTLE_TOLERANCE, at most SETTLE_MAX times: right after a bulk load
 * the server flushes its memtables and compacts segments, and a stream then takes up to several
 * times as long, which would bias whichever contender runs during it.
 */
const settle = async (url: string, className: string): Promise<number[]> => {
  const times: number[] = []
  for (let i = 0; i < SETTLE_MAX; i++) {
    const start = process.hrtime.bigint()
    expectAll(await undiciSequential(url, className, 100), 'settle')
    times.push(Number(process.hrtime.bigint() - start) / 1e6)
    const last = times.slice(-SETTLE_AGREE)
    if (last.length === SETTLE_AGREE && Math.max(...last) <= (1 + SETTLE_TOLERANCE) * Math.min(...last)) break
  }
  return times
}

// -------------------------------------------------------------------------------------------------
// memory (child process)
// -------------------------------------------------------------------------------------------------

const MEMORY_PAGE_SIZE = 1_000

/** Runs in a fresh process: a slow `for await` consumer streams the class (see memory.ts). */
const memoryChild = async (url: string, className: string): Promise<void> => {
  const client = connect({ url })
  try {
    // Warm up the connection, the server version and undici's parser, so the baseline has them.
    await lastValueFrom(client.objects.list({ className, limit: 1 }))
    let seen = 0
    await measureInChild((sample) =>
      oursForAwait(client, className, MEMORY_PAGE_SIZE, () => {
        consume()
        seen += 1
        if (seen % 1000 === 0) sample()
      }),
    )
  } finally {
    await client.close()
  }
}


// -------------------------------------------------------------------------------------------------
// the benchmark
// -------------------------------------------------------------------------------------------------

/**
 * Runs the benchmark and prints its lines.
 *
 * @example
 * ```ts
 * await benchStream() // bench: stream page=100 ours/undici-seq = 0.85 (spread 0.80-0.90) ...
 * ```
 */
export async function benchStream(existingUrl = process.env['WEAVIATE_URL']): Promise<void> {
  const server = existingUrl === undefined ? await startBenchServer() : undefined
  const url = (existingUrl ?? server?.url ?? '').replace(/\/$/, '')
  const className = CLASS
  const pool = new Pool(new URL(url).origin, { connections: BATCH_LANES })
  const ours = connect({ url })
  const peer = weaviate.client({ scheme: 'http', host: url.replace(/^http:\/\//, '') })
  const n = label(TOTAL)
  try {
    const setupStart = Date.now()
    await resetBenchClass(url, className)
    await loadObjects(pool, className, 0, TOTAL)
    const loadedMs = Date.now() - setupStart
    const settled = await settle(url, className)
    console.log(`  stream: loaded ${TOTAL} objects in ${loadedMs} ms; settle streams (undici): ${settled.map((ms) => ms.toFixed(0)).join(', ')} ms`)

    // 1. the whole class at every page size, no consumer
    for (const pageSize of PAGE_SIZES) {
      const times = await measure(
        {
          ours: checked('ours', () => oursCount(ours, className, pageSize)),
          'ours-for-await': checked('ours-for-await', () => oursForAwait(ours, className, pageSize)),
          'ours-pages': checked('ours-pages', () => oursPagesCount(ours, className, pageSize)),
          'undici-seq': checked('undici-seq', () => undiciSequential(url, className, pageSize)),
          'undici-prefetch': checked('undici-prefetch', () => undiciPrefetch(url, className, pageSize)),
          'undici-cursor-first': checked('undici-cursor-first', () => undiciCursorFirst(url, className, pageSize)),
          'weaviate-ts-client': checked('weaviate-ts-client', () => peerLoop(peer, className, pageSize)),
        },
        { total: 1, lanes: 1, runs: RUNS, warmup: WARMUP },
      )
      console.log(`  stream ${n} page=${pageSize} median: ${formatMs(times)}`)
      for (const peerName of ['undici-seq', 'undici-prefetch', 'weaviate-ts-client']) reportRatio(`stream page=${pageSize}`, times, peerName)
      reportRatio(`stream page=${pageSize}`, times, 'undici-seq', 'ours-for-await')
      for (const peerName of ['undici-seq', 'undici-prefetch']) reportRatio(`stream page=${pageSize}`, times, peerName, 'ours-pages')
      // What one prefetched page buys a hand-written loop on this machine: the ceiling of prefetching.
      reportRatio(`stream page=${pageSize}`, times, 'undici-seq', 'undici-prefetch')
      // The same with the cursor read from the raw text before the parse: the most any cursor stream can overlap.
      reportRatio(`stream page=${pageSize}`, times, 'undici-seq', 'undici-cursor-first')
    }

    // 2. a consumer spending ~20 µs of CPU per object, page size 100 (the default)
    const busy = await measure(
      {
        ours: checked('ours', () => oursConsumer(ours, className, 100)),
        'ours-for-await': checked('ours-for-await', () => oursForAwait(ours, className, 100, consume)),
        'undici-seq': checked('undici-seq', () => undiciSequential(url, className, 100, consume)),
        'undici-prefetch': checked('undici-prefetch', () => undiciPrefetch(url, className, 100, consume)),
        'weaviate-ts-client': checked('weaviate-ts-client', () => peerLoop(peer, className, 100, consume)),
      },
      { total: 1, lanes: 1, runs: RUNS, warmup: WARMUP },
    )
    console.log(`  stream ${n} page=100 cpu-consumer (${CONSUMER_US} µs/object) median: ${formatMs(busy)}`)
    for (const peerName of ['undici-seq', 'undici-prefetch', 'weaviate-ts-client']) reportRatio('stream page=100 cpu-consumer', busy, peerName)
    reportRatio('stream page=100 cpu-consumer', busy, 'undici-prefetch', 'ours-for-await')

    // 3. partitions
    const parts = await measure(
      {
        partitions1: checked('partitions1', () => oursCount(ours, className, 1_000, 1)),
        partitions4: checked('partitions4', () => oursCount(ours, className, 1_000, 4)),
      },
      { total: 1, lanes: 1, runs: RUNS, warmup: WARMUP },
    )
    console.log(`  stream ${n} partitions median: ${formatMs(parts)}`)
    reportRatio(`stream ${n}`, parts, 'partitions1', 'partitions4')

    // 4. memory, each in a fresh process: TOTAL objects, then the class grown to LARGE
    collectGarbage()
    const small = await runMemoryChild(__filename, ['--memory', url, className], TOTAL)
    if (LARGE > TOTAL) {
      await loadObjects(pool, className, TOTAL, LARGE)
      const large = await runMemoryChild(__filename, ['--memory', url, className], LARGE)
      reportMemory('stream memory', [
        [n, small],
        [label(LARGE), large],
      ])
    } else reportMemory('stream memory', [[n, small]])
  } finally {
    await ours.close()
    await deleteBenchClass(url, className).catch(() => undefined)
    await pool.close()
    await server?.stop()
  }
}

if (require.main === module) {
  const [flag, url, className] = process.argv.slice(2)
  const run = flag === '--memory' && url !== undefined && className !== undefined ? memoryChild(url, className) : benchStream()
  run.catch((e: unknown) => {
    console.error(e)
    process.exitCode = 1
  })
}
