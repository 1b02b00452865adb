/**
 * The filtered stream (issue #24 item 4) on a real Weaviate: a class whose objects match a filter
 * by half (a boolean property the ids know nothing of), streamed with `where` and without.
 *
 * - `bench: stream filtered <n> half/unfiltered objects/s = r`: the filtered stream's objects/s
 *   over the unfiltered stream's, on the same data (the unfiltered stream reads twice the
 *   objects; per object delivered, r near 1 means the filter costs nothing);
 * - `bench: stream filtered <2m>/<m> matching time = x`: the time to stream twice the matches
 *   (the class grown to twice its objects, still half matching) over the time for the first
 *   half: linear cost is 2 (target ≤ 2.2);
 * - objects/s of each stream.
 *
 * Both streams use `objects.streamPages` at page size 1,000 over gRPC without vectors; runs
 * interleave, the median of BENCH_FILTERED_RUNS (3) counts. Sizes: BENCH_FILTERED_OBJECTS (200000:
 * objects first loaded; the class then grows to twice that).
 *
 * Run: `npx ts-node --transpile-only bench/stream-filtered.ts` (uses WEAVIATE_URL,
 * WEAVIATE_GRPC_URL and WEAVIATE_API_KEY when set: server-env.ts).
 */
import { randomUUID } from 'node:crypto'
import * as E from 'fp-ts/Either'
import { lastValueFrom, reduce } from 'rxjs'
import { BatchObject, Client, Where, connect } from '../lib'
import { collectGarbage, median } from './harness'
import { reportValue, sizeFromEnv } from './report'
import { type BenchServer, withBenchServer } from './server-env'

const OBJECTS = sizeFromEnv('FILTERED_OBJECTS', 200_000)
const RUNS = sizeFromEnv('FILTERED_RUNS', 3)
const PAGE_SIZE = 1_000
const CLASS = 'BenchStreamFiltered'
const half: Where = { path: ['odd'], operator: 'Equal', valueBoolean: false }

const load = async (client: Client, from: number, to: number): Promise<void> => {
  const objects: BatchObject[] = Array.from({ length: to - from }, (_, i) => ({ className: CLASS, uuid: randomUUID(), dataObject: { n: from + i, odd: (from + i) % 2 === 1 } }))
  const failed = await lastValueFrom(client.objects.batch(objects).pipe(reduce((n, item) => (E.isLeft(item) ? n + 1 : n), 0)))
  if (failed > 0) throw new Error(`stream-filtered: ${failed} objects failed to load`)
}

/** Streams and counts; returns the time in ms. */
const timeStream = async (client: Client, where: Where | undefined, expected: number): Promise<number> => {
  collectGarbage()
  const start = process.hrtime.bigint()
  const count = await lastValueFrom(
    client.objects
      .streamPages({ className: CLASS, pageSize: PAGE_SIZE, transport: 'grpc', ...(where === undefined ? {} : { where }) })
      .pipe(reduce((n, page) => (E.isRight(page) ? n + page.right.length : Number.NaN), 0)),
  )
  const ms = Number(process.hrtime.bigint() - start) / 1e6
  if (count !== expected) throw new Error(`stream-filtered: streamed ${count} objects, expected ${expected}`)
  return ms
}

/** The median times of the filtered and unfiltered streams over `total` objects, interleaved. */
const timeBoth = async (client: Client, total: number): Promise<{ filtered: number; unfiltered: number }> => {
  const filtered: number[] = []
  const unfiltered: number[] = []
  await timeStream(client, half, total / 2) // warm-up
  for (let run = 0; run < RUNS; run++) {
    const order = run % 2 === 0 ? [true, false] : [false, true]
    for (const withWhere of order) {
      if (withWhere) filtered.push(await timeStream(client, half, total / 2))
      else unfiltered.push(await timeStream(client, undefined, total))
    }
  }
  return { filtered: median(filtered), unfiltered: median(unfiltered) }
}

const thousands = (n: number): string => `${Math.round(n / 1000)}k`

/**
 * Runs the benchmark and prints its lines.
 *
 * @example
 * ```ts
 * await benchStreamFiltered(server) // bench: stream filtered 200k half/unfiltered objects/s = ...
 * ```
 */
export async function benchStreamFiltered(server: BenchServer): Promise<void> {
  const client = connect({ ...server })
  try {
    await lastValueFrom(client.schema.deleteClass(CLASS))
    const created = await lastValueFrom(
      client.schema.createClass({
        class: CLASS,
        vectorizer: 'none',
        vectorIndexConfig: { skip: true },
        properties: [
          { name: 'n', dataType: ['int'] },
          { name: 'odd', dataType: ['boolean'] },
        ],
      }),
    )
    if (E.isLeft(created)) throw created.left
    const loadStart = Date.now()
    await load(client, 0, OBJECTS)
    console.log(`  stream filtered: loaded ${OBJECTS} objects in ${Date.now() - loadStart} ms`)
    const small = await timeBoth(client, OBJECTS)
    const filteredRate = OBJECTS / 2 / (small.filtered / 1000)
    const unfilteredRate = OBJECTS / (small.unfiltered / 1000)
    reportValue(`stream filtered ${thousands(OBJECTS)} half objects/s`, filteredRate, '', 0)
    reportValue(`stream unfiltered ${thousands(OBJECTS)} objects/s`, unfilteredRate, '', 0)
    reportValue(`stream filtered ${thousands(OBJECTS)} half/unfiltered objects/s`, filteredRate / unfilteredRate)

    await load(client, OBJECTS, 2 * OBJECTS)
    console.log(`  stream filtered: grown to ${2 * OBJECTS} objects`)
    const large = await timeBoth(client, 2 * OBJECTS)
    reportValue(`stream filtered ${thousands(2 * OBJECTS)} half objects/s`, OBJECTS / (large.filtered / 1000), '', 0)
    reportValue(`stream filtered ${thousands(OBJECTS)}/${thousands(OBJECTS / 2)} matching time`, large.filtered / small.filtered)
  } finally {
    await lastValueFrom(client.schema.deleteClass(CLASS)).catch(() => undefined)
    await client.close()
  }
}

if (require.main === module) {
  withBenchServer(benchStreamFiltered).catch((e: unknown) => {
    console.error(e)
    process.exitCode = 1
  })
}
