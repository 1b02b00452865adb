/**
 * Batch import benchmark on a real embedded Weaviate: `objects.batch` against the plainest undici
 * loop a user would write for the batch endpoint (same objects, batch size and concurrency; the
 * server assigns the ids there, ours assigns them client-side) and against weaviate-ts-client 2.x's
 * objects batcher (same batch size, requests in sequence, as its docs show). Also the NDJSON import
 * example's old way (one create per object, 8 in flight) against the batch sink, and peak RSS while
 * importing 100,000 and 400,000 generated objects.
 *
 * Each run writes into a freshly created class. Ratios are of medians; below 1: ours is faster.
 *
 * Run: `npx ts-node --transpile-only bench/batch.ts` (uses WEAVIATE_URL when set).
 */
import { lastValueFrom, mergeMap, range } from 'rxjs'
import { request } from 'undici'
import weaviate from 'weaviate-ts-client'
import { BatchObject, connect } from '../lib'
import { startEmbedded } from '../lib/embedded'
import { deleteBenchClass, resetBenchClass } from './bench-class'
import { collectGarbage, median } from './harness'

const CLASS = 'BenchBatch'
const SWEEP_OBJECTS = 20_000
const MAIN_OBJECTS = 100_000
const RUNS = 3

const properties = (i: number) => ({ title: `object ${i}`, count: i })

function* objects(n: number): Generator<BatchObject> {
  for (let i = 0; i < n; i++) yield { className: CLASS, dataObject: properties(i) }
}

type Contender = () => Promise<unknown>

/** Median ms per contender over interleaved runs, each into a fresh class. */
const timeRuns = async (url: string, contenders: Readonly<Record<string, Contender>>, runs = RUNS): Promise<Record<string, number[]>> => {
  const times: Record<string, number[]> = {}
  const names = Object.keys(contenders)
  for (let run = 0; run < runs; run++) {
    for (const name of run % 2 === 0 ? names : [...names].reverse()) {
      const contender = contenders[name]
      if (contender === undefined) continue
      await resetBenchClass(url, CLASS)
      collectGarbage()
      const start = process.hrtime.bigint()
      await contender()
      ;(times[name] ??= []).push(Number(process.hrtime.bigint() - start) / 1e6)
    }
  }
  return times
}

const line = (name: string, peer: string, times: Record<string, number[]>, ours = 'ours'): void => {
  const a = times[ours] ?? []
  const b = times[peer] ?? []
  const ratios = a.map((x, i) => x / (b[i] ?? NaN))
  console.log(
    `bench: ${name} ${ours}/${peer} = ${(median(a) / median(b)).toFixed(2)} (spread ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)})`,
  )
}

/** The plain loop: `lanes` loops, each POSTing the next `size` objects and reading the answer. */
const undiciLoop = (url: string, n: number, size: number, lanes: number): Promise<unknown> => {
  let next = 0
  const lane = async (): Promise<void> => {
    while (next < n) {
      const start = next
      next = Math.min(n, next + size)
      const batch = []
      for (let i = start; i < next; i++) batch.push({ class: CLASS, properties: properties(i) })
      const res = await request(`${url}/v1/batch/objects`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ objects: batch }),
      })
      await res.body.json()
    }
  }
  return Promise.all(Array.from({ length: lanes }, lane))
}

/** Peak RSS (MB) and how far above the level before it rose, sampled every 20 ms while `work` runs. */
const peakRss = async (work: () => Promise<unknown>): Promise<{ readonly peak: number; readonly above: number }> => {
  collectGarbage()
  const base = process.memoryUsage().rss
  let peak = base
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
  try {
    await work()
  } finally {
    clearInterval(timer)
  }
  return { peak: peak / 1e6, above: Math.max(0, peak - base) / 1e6 }
}

/**
 * Runs the benchmark and prints its lines.
 *
 * @example
 * ```ts
 * await benchBatch() // bench: batch import size=100 c=2 ours/undici = 1.01 (spread 0.97-1.04) ...
 * ```
 */
export async function benchBatch(existingUrl = process.env['WEAVIATE_URL']): Promise<void> {
  const server = existingUrl === undefined ? await startEmbedded() : undefined
  const url = (existingUrl ?? server?.url ?? '').replace(/\/$/, '')
  const client = connect({ url })
  const peer = weaviate.client({ scheme: 'http', host: url.replace(/^http:\/\//, '') })
  const ours = (n: number, batchSize: number, concurrency: number) => () => lastValueFrom(client.objects.batch(objects(n), { batchSize, concurrency }))
  try {
    for (const size of [100, 1_000]) {
      for (const lanes of [1, 2, 4]) {
        const times = await timeRuns(url, { ours: ours(SWEEP_OBJECTS, size, lanes), undici: () => undiciLoop(url, SWEEP_OBJECTS, size, lanes) })
        line(`batch import ${SWEEP_OBJECTS / 1000}k size=${size} c=${lanes}`, 'undici', times)
      }
    }
    const main = await timeRuns(url, {
      ours: ours(MAIN_OBJECTS, 100, 1),
      undici: () => undiciLoop(url, MAIN_OBJECTS, 100, 1),
      'weaviate-ts-client': async () => {
        for (let start = 0; start < MAIN_OBJECTS; start += 100) {
          let batcher = peer.batch.objectsBatcher()
          for (let i = start; i < Math.min(MAIN_OBJECTS, start + 100); i++) batcher = batcher.withObject({ class: CLASS, properties: properties(i) })
          await batcher.do()
        }
      },
    })
    line(`batch import ${MAIN_OBJECTS / 1000}k size=100 c=1`, 'undici', main)
    line(`batch import ${MAIN_OBJECTS / 1000}k size=100 c=1`, 'weaviate-ts-client', main)
    const objectsPerSecond = (MAIN_OBJECTS * 1000) / median(main['ours'] ?? [])
    console.log(`bench: batch import ${MAIN_OBJECTS / 1000}k size=100 c=1 ours objects/s = ${Math.round(objectsPerSecond)}`)

    const NDJSON = 10_000
    const ndjson = await timeRuns(
      url,
      {
        batch: ours(NDJSON, 100, 2),
        single: () =>
          lastValueFrom(range(0, NDJSON).pipe(mergeMap((i) => client.objects.create({ className: CLASS, dataObject: properties(i) }), 8)), {
            defaultValue: undefined,
          }),
      },
      1,
    )
    line(`import ndjson ${NDJSON / 1000}k`, 'single', ndjson, 'batch')

    await resetBenchClass(url, CLASS)
    const small = await peakRss(ours(100_000, 100, 2))
    await resetBenchClass(url, CLASS)
    const large = await peakRss(ours(400_000, 100, 2))
    console.log(`bench: batch memory 100k peak = ${small.above.toFixed(1)} MB above baseline (rss ${small.peak.toFixed(0)} MB)`)
    console.log(`bench: batch memory 400k peak = ${large.above.toFixed(1)} MB above baseline (rss ${large.peak.toFixed(0)} MB)`)
    // Peak RSS itself, not the rise (a rise near 0 makes a ratio of rises meaningless).
    console.log(`bench: batch memory 400k/100k peak rss = ${(large.peak / small.peak).toFixed(2)}`)
  } finally {
    await deleteBenchClass(url, CLASS)
    await client.close()
    await server?.stop()
  }
}

if (require.main === module) {
  benchBatch().catch((e: unknown) => {
    console.error(e)
    process.exitCode = 1
  })
}
