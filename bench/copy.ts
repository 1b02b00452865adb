/**
 * The `weaviate-rx` command on 100,000 objects with 32-dimensional vectors, from one embedded
 * Weaviate to another: `copy` against `export` to a file followed by `import` of that file (the
 * way without the command: copy overlaps reading and writing). Each command runs as its own child
 * process, as a user runs it, with 4 partitions; its time, its objects/s and its peak RSS are
 * printed. Each write goes into a freshly dropped class on the target.
 *
 * Run: `npx ts-node --transpile-only bench/copy.ts` (uses WEAVIATE_URL as the source when set).
 */
import { execFile } from 'node:child_process'
import * as fs from 'node:fs/promises'
import * as os from 'node:os'
import * as path from 'node:path'
import { promisify } from 'node:util'
import { lastValueFrom } from 'rxjs'
import { connect, firstRight, type BatchObject } from '../lib'
import { startEmbedded } from '../lib/embedded'
import { deleteBenchClass } from './bench-class'
import { median } from './harness'
import { reportRatio, reportValue, sizeFromEnv } from './report'
import { BENCH_SERVER_ENV } from './server-env'

const run = promisify(execFile)
const CLASS = 'BenchCopy'
const OBJECTS = sizeFromEnv('COPY_OBJECTS', 100_000)
const DIMENSIONS = 32
const RUNS = sizeFromEnv('COPY_RUNS', 2)
const CHILD = path.join(__dirname, 'cli-child.ts')

function* objects(n: number): Generator<BatchObject> {
  for (let i = 0; i < n; i++) {
    const vector = Array.from({ length: DIMENSIONS }, (_, d) => Math.sin(i + d))
    yield { className: CLASS, dataObject: { title: `object ${i}`, count: i }, vector }
  }
}

/** The source class: dropped, created and filled through the library's batch sink. */
const seed = async (url: string): Promise<void> => {
  const client = connect({ url })
  try {
    await deleteBenchClass(url, CLASS)
    await firstRight(
      client.schema.createClass({
        class: CLASS,
        vectorizer: 'none',
        properties: [
          { name: 'title', dataType: ['text'] },
          { name: 'count', dataType: ['int'] },
        ],
      }),
    )
    await lastValueFrom(client.objects.batch(objects(OBJECTS), { batchSize: 500, concurrency: 2 }), { defaultValue: undefined })
    const count = await firstRight(client.objects.count({ className: CLASS }))
    if (count !== OBJECTS) throw new Error(`seeded ${count} objects, not ${OBJECTS}`)
  } finally {
    await client.close()
  }
}

interface Timed {
  readonly ms: number
  readonly peakRss: number
}

/** Runs one command in a child process; its wall time and peak RSS. */
const command = async (argv: readonly string[]): Promise<Timed> => {
  const start = process.hrtime.bigint()
  const done = await run(process.execPath, ['-r', 'ts-node/register/transpile-only', CHILD, ...argv, '--progress', 'none'], {
    cwd: path.join(__dirname, '..'),
    env: { ...process.env, WEAVIATE_API_KEY: '' },
    maxBuffer: 64 * 1024 * 1024,
  })
  const ms = Number(process.hrtime.bigint() - start) / 1e6
  const peak = /peak-rss-bytes=(\d+)/.exec(done.stderr)
  return { ms, peakRss: Number(peak?.[1] ?? NaN) }
}

const mb = (bytes: number): number => bytes / 1024 / 1024
const rate = (ms: number): number => OBJECTS / (ms / 1000)
const label = OBJECTS % 1000 === 0 ? `${OBJECTS / 1000}k` : `${OBJECTS}`

/**
 * Prints `bench: copy 100k ours/export+import = <ratio> (spread a-b)` and the objects/s and peak
 * RSS lines of copy, export and import.
 *
 * @example
 * ```ts
 * await benchCopy(url) // bench: copy 100k ours/export+import = 0.62 (spread 0.60-0.64) ...
 * ```
 */
export const benchCopy = async (sourceUrl: string): Promise<void> => {
  const target = await startEmbedded({ env: BENCH_SERVER_ENV })
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'weaviate-rx-bench-copy-'))
  const file = path.join(dir, 'export.ndjson')
  try {
    await seed(sourceUrl)
    const copies: Timed[] = []
    const exports: Timed[] = []
    const imports: Timed[] = []
    for (let i = 0; i < RUNS; i++) {
      await deleteBenchClass(target.url, CLASS)
      copies.push(await command(['copy', '--from', sourceUrl, '--to', target.url, '--class', CLASS, '--partitions', '4']))
      await deleteBenchClass(target.url, CLASS)
      await fs.rm(file, { force: true })
      exports.push(await command(['export', '--url', sourceUrl, '--class', CLASS, '--with-vector', '--partitions', '4', '--out', file]))
      imports.push(await command(['import', '--url', target.url, '--create-class', file]))
    }
    const ms = (xs: readonly Timed[]) => xs.map((x) => x.ms)
    const both = exports.map((e, i) => e.ms + (imports[i]?.ms ?? NaN))
    reportRatio(`copy ${label}`, { ours: ms(copies), 'export+import': both }, 'export+import')
    const peak = (xs: readonly Timed[]) => Math.max(...xs.map((x) => x.peakRss))
    for (const [name, xs] of [
      ['copy', copies],
      ['export', exports],
      ['import', imports],
    ] as const) {
      reportValue(`${name} ${label} objects/s`, rate(median(ms(xs))), '', 0)
      reportValue(`${name} ${label} peak rss`, mb(peak(xs)), 'MB', 0)
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
    await deleteBenchClass(sourceUrl, CLASS)
    await target.stop()
  }
}

if (require.main === module) {
  const given = process.env['WEAVIATE_URL']
  void (async () => {
    const server = given === undefined ? await startEmbedded({ env: BENCH_SERVER_ENV }) : undefined
    try {
      await benchCopy(given ?? server?.url ?? '')
    } finally {
      await server?.stop()
    }
  })().catch((e: unknown) => {
    console.error(e)
    process.exitCode = 1
  })
}
