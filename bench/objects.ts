/**
 * Object operations benchmark on a real embedded Weaviate: create, getById, exists and update,
 * sequentially and 16 at a time, ours against weaviate-ts-client 2.x on the same server and class.
 * Prints `bench: objects <op> <shape> ours/weaviate-ts-client = <ratio>`.
 *
 * Run: `npx ts-node --transpile-only bench/objects.ts` (uses WEAVIATE_URL when set).
 */
import { firstValueFrom } from 'rxjs'
import weaviate from 'weaviate-ts-client'
import { connect, rightOrThrow } from '../lib'
import { startEmbedded } from '../lib/embedded'
import { deleteBenchClass, resetBenchClass } from './bench-class'
import { Call, measure, printRatio } from './harness'

const SEQUENTIAL = 1_000
const CONCURRENCY = 16
const CONCURRENT_TOTAL = 1_000
const RUNS = 7
const WARMUP = 300
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
 * await benchObjects() // bench: objects getById sequential ours/weaviate-ts-client = 0.71 ...
 * ```
 */
export async function benchObjects(existingUrl = process.env['WEAVIATE_URL']): Promise<void> {
  const server = existingUrl === undefined ? await startEmbedded() : undefined
  const url = existingUrl ?? server?.url ?? ''
  const ours = connect({ url, connections: CONCURRENCY })
  const peer = weaviate.client({ scheme: 'http', host: url.replace(/^http:\/\//, '') })
  try {
    await resetBenchClass(url, CLASS)
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
        'weaviate-ts-client': () => peer.data.creator().withClassName(CLASS).withProperties({ title: 't', count: n++ }).do(),
      },
      getById: {
        ours: () => firstValueFrom(ours.objects.getById({ className: CLASS, uuid: nextId() }).pipe(rightOrThrow())),
        'weaviate-ts-client': () => peer.data.getterById().withClassName(CLASS).withId(nextId()).do(),
      },
      exists: {
        ours: () => firstValueFrom(ours.objects.exists({ className: CLASS, uuid: nextId() }).pipe(rightOrThrow())),
        'weaviate-ts-client': () => peer.data.checker().withClassName(CLASS).withId(nextId()).do(),
      },
      update: {
        ours: () =>
          firstValueFrom(ours.objects.update({ className: CLASS, uuid: nextId(), dataObject: { count: n++ } }).pipe(rightOrThrow())),
        'weaviate-ts-client': () => peer.data.merger().withClassName(CLASS).withId(nextId()).withProperties({ count: n++ }).do(),
      },
    }
    for (const [op, calls] of Object.entries(ops)) {
      for (const [shape, total, lanes] of [
        ['sequential', SEQUENTIAL, 1],
        [`concurrent${CONCURRENCY}`, CONCURRENT_TOTAL, CONCURRENCY],
      ] as const) {
        const medians = await measure(calls, { total, lanes, runs: RUNS, warmup: WARMUP, settle: WARMUP / 2 })
        printRatio(`objects ${op} ${shape}`, 'weaviate-ts-client', medians['ours'] ?? NaN, medians['weaviate-ts-client'] ?? NaN)
      }
    }
  } finally {
    await ours.close()
    await deleteBenchClass(url, CLASS).catch(() => undefined)
    await server?.stop()
  }
}

if (require.main === module) {
  benchObjects().catch((e: unknown) => {
    console.error(e)
    process.exitCode = 1
  })
}
