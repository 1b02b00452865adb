/**
 * The `weaviate-rx` command on 100,000 objects with 32-dimensional vectors, from one embedded
 * Weaviate to another: `copy` against `export` to a file followed by `import` of that file (the
 * way without the command: copy overlaps reading and writing). Each command runs as its own child
 * process, as a user runs it: the compiled command (`tsc -p tsconfig.build.json`, built once into
 * `.tmp/`), `node <build>/cli/main.js ...`, with 4 partitions. Printed: the ratio, each command's
 * objects/s and peak RSS, and where the CPU went: the target server's CPU seconds during copy and
 * during import (its vector indexing, the same work both ways) and each command's own CPU seconds.
 * On 2 cores, a copy cannot take less than (target + source + command CPU) / 2. Each write goes
 * into a freshly dropped class on the target. The commands get each server's gRPC address, and
 * its key in the environment (`WEAVIATE_API_KEY`, `WEAVIATE_FROM_API_KEY`, `WEAVIATE_TO_API_KEY`;
 * empty without a key), and run with the default `--transport auto`.
 *
 * Then the gain of gRPC for a class with vectors: 20,000 objects with 768-dimension vectors (the
 * vector index skipped, so the figures are the transport's, not HNSW's), each command run with
 * `--transport grpc` and with `--transport rest`, interleaved. Printed: `cli export|import|copy
 * 20k vectors grpc/rest = <ratio>` and each one's objects/s. (`--transport auto` picks gRPC for
 * copy's reads and the writes, REST for export's reads: spec/cli/grpc-reads.spec.ts.) Sizes: BENCH_COPY_OBJECTS (100,000),
 * BENCH_COPY_RUNS (2), BENCH_COPY_VECTOR_OBJECTS (20,000), BENCH_COPY_VECTOR_RUNS (3).
 *
 * Run: `npx ts-node --transpile-only bench/copy.ts` (uses WEAVIATE_URL, WEAVIATE_GRPC_URL and
 * WEAVIATE_API_KEY as the source when set: server-env.ts).
 */
import { execFile } from 'node:child_process'
import * as fs from 'node:fs/promises'
import * as os from 'node:os'
import * as path from 'node:path'
import { promisify } from 'node:util'
import { lastValueFrom } from 'rxjs'
import { connect, firstRight, type BatchObject } from '../lib'
import { deleteBenchClass, resetBenchClass } from './bench-class'
import { loadBenchObjects } from './bench-objects'
import { median } from './harness'
import { REPO_ROOT } from './paths'
import { reportRatio, reportValue, sizeFromEnv } from './report'
import { type BenchServer, benchServerOf, startBenchServer, withBenchServer } from './server-env'

const run = promisify(execFile)
const CLASS = 'BenchCopy'
const OBJECTS = sizeFromEnv('COPY_OBJECTS', 100_000)
const DIMENSIONS = 32
const RUNS = sizeFromEnv('COPY_RUNS', 2)
const VECTOR_CLASS = 'BenchCopyVectors'
const VECTOR_OBJECTS = sizeFromEnv('COPY_VECTOR_OBJECTS', 20_000)
const VECTOR_RUNS = sizeFromEnv('COPY_VECTOR_RUNS', 3)
const ROOT = REPO_ROOT
/** USER_HZ: the unit of the CPU times in /proc/<pid>/stat (100 on Linux for every architecture). */
const USER_HZ = 100

function* objects(n: number): Generator<BatchObject> {
  for (let i = 0; i < n; i++) {
    const vector = Array.from({ length: DIMENSIONS }, (_, d) => Math.sin(i + d))
    yield { className: CLASS, dataObject: { title: `object ${i}`, count: i }, vector }
  }
}

/** The source class: dropped, created and filled through the library's batch sink. */
const seed = async (source: BenchServer): Promise<void> => {
  const client = connect({ ...source })
  try {
    await deleteBenchClass(source, CLASS)
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
  /** The command's own CPU (user + system), seconds. */
  readonly cpu: number
  /** The target server's CPU (user + system, all threads) while the command ran, seconds. */
  readonly targetCpu: number
}

/** Loaded into each command with `-r`: its peak RSS and CPU as one last stderr line. */
const USAGE_PRELOAD = `process.on('exit', () => {
  const u = process.resourceUsage()
  process.stderr.write('bench-usage peak-rss-bytes=' + u.maxRSS * 1024 + ' cpu-us=' + (u.userCPUTime + u.systemCPUTime) + '\\n')
})
`

/** The command compiled as the package ships it, into a fresh folder under `.tmp/`; its main script. */
const buildCommand = async (dir: string): Promise<{ main: string; preload: string }> => {
  const tsc = require.resolve('typescript/bin/tsc')
  await run(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', dir, '--declaration', 'false', '--declarationMap', 'false', '--sourceMap', 'false', '--inlineSources', 'false'], { cwd: ROOT })
  const preload = path.join(dir, 'bench-usage.js')
  await fs.writeFile(preload, USAGE_PRELOAD)
  return { main: path.join(dir, 'cli', 'main.js'), preload }
}

/** CPU seconds a process has used so far (all its threads), from /proc; NaN where there is none. */
const cpuSecondsOf = async (pid: number): Promise<number> => {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / USER_HZ
  } catch {
    return Number.NaN
  }
}

/** The key variables of a command: what a user who keeps keys off the command line sets. */
type Keys = Readonly<Record<'WEAVIATE_API_KEY' | 'WEAVIATE_FROM_API_KEY' | 'WEAVIATE_TO_API_KEY', string>>

/** The keys of `export` or `import`: the one server's as `WEAVIATE_API_KEY` (empty without a key). */
const oneKey = (server: BenchServer): Keys => ({ WEAVIATE_API_KEY: server.apiKey ?? '', WEAVIATE_FROM_API_KEY: '', WEAVIATE_TO_API_KEY: '' })

/** The keys of `copy`: each side's as its own variable (`WEAVIATE_FROM_API_KEY`, `WEAVIATE_TO_API_KEY`). */
const sideKeys = (source: BenchServer, target: BenchServer): Keys => ({
  WEAVIATE_API_KEY: '',
  WEAVIATE_FROM_API_KEY: source.apiKey ?? '',
  WEAVIATE_TO_API_KEY: target.apiKey ?? '',
})

/**
 * Runs one command in a child process: its wall time, peak RSS and CPU, and the target server's CPU
 * meanwhile. The keys go in the environment (`keys`, every key variable set), never on the command
 * line, where other users of the machine would see them (`ps`); a failure's message shows `argv`
 * and the command's stderr.
 */
const command = async (built: { main: string; preload: string }, targetPid: number, argv: readonly string[], keys: Keys): Promise<Timed> => {
  const targetBefore = await cpuSecondsOf(targetPid)
  const start = process.hrtime.bigint()
  const done = await run(process.execPath, ['-r', built.preload, built.main, ...argv, '--progress', 'none'], {
    cwd: ROOT,
    env: { ...process.env, ...keys },
    maxBuffer: 64 * 1024 * 1024,
  }).catch((e: unknown) => {
    const stderr = typeof e === 'object' && e !== null && 'stderr' in e ? String(e.stderr) : ''
    throw new Error(`weaviate-rx ${argv.join(' ')} failed: ${stderr}`)
  })
  const ms = Number(process.hrtime.bigint() - start) / 1e6
  const targetCpu = (await cpuSecondsOf(targetPid)) - targetBefore
  const usage = /bench-usage peak-rss-bytes=(\d+) cpu-us=(\d+)/.exec(done.stderr)
  return { ms, peakRss: Number(usage?.[1] ?? NaN), cpu: Number(usage?.[2] ?? NaN) / 1e6, targetCpu }
}

/** Runs one command with its keys (see {@link command}). */
type Cli = (argv: readonly string[], keys: Keys) => Promise<Timed>

const mb = (bytes: number): number => bytes / 1024 / 1024
const rate = (ms: number, objects = OBJECTS): number => objects / (ms / 1000)
const labelOf = (n: number): string => (n % 1000 === 0 ? `${n / 1000}k` : `${n}`)
const label = labelOf(OBJECTS)

/** `--url` and `--grpc-url` of export and import (the key: {@link oneKey}). */
const oneWeaviate = (server: BenchServer): string[] => ['--url', server.url, '--grpc-url', server.grpcUrl]

/** `--<side>` and `--<side>-grpc-url` of copy (the keys: {@link sideKeys}). */
const side = (name: 'from' | 'to', server: BenchServer): string[] => [`--${name}`, server.url, `--${name}-grpc-url`, server.grpcUrl]

/**
 * Prints `bench: cli export|import|copy 20k vectors grpc/rest = <ratio>` and the objects/s of each
 * command over each transport: the commands on a class of 768-dimension vectors (index skipped),
 * `--transport grpc` and `--transport rest` in turn, run after run.
 */
const benchVectorCommands = async (cli: Cli, source: BenchServer, target: BenchServer, file: string): Promise<void> => {
  await resetBenchClass(source, VECTOR_CLASS, { skipVectorIndex: true })
  await loadBenchObjects(source, VECTOR_CLASS, { from: 0, to: VECTOR_OBJECTS, vectors: true })
  const transports = ['grpc', 'rest'] as const
  const times = { export: { grpc: [] as number[], rest: [] as number[] }, import: { grpc: [] as number[], rest: [] as number[] }, copy: { grpc: [] as number[], rest: [] as number[] } }
  const from = side('from', source)
  const to = side('to', target)
  for (let i = 0; i < VECTOR_RUNS; i++) {
    for (const transport of transports) {
      const over = ['--transport', transport, '--partitions', '4']
      await deleteBenchClass(target, VECTOR_CLASS)
      times.copy[transport].push((await cli(['copy', ...from, ...to, '--class', VECTOR_CLASS, ...over], sideKeys(source, target))).ms)
      await deleteBenchClass(target, VECTOR_CLASS)
      await fs.rm(file, { force: true })
      times.export[transport].push((await cli(['export', ...oneWeaviate(source), '--class', VECTOR_CLASS, '--with-vector', '--out', file, ...over], oneKey(source))).ms)
      times.import[transport].push((await cli(['import', ...oneWeaviate(target), '--create-class', file, '--transport', transport], oneKey(target))).ms)
    }
  }
  const name = `cli %s ${labelOf(VECTOR_OBJECTS)} vectors`
  for (const command of ['export', 'import', 'copy'] as const) {
    reportRatio(name.replace('%s', command), times[command], 'rest', 'grpc')
  }
  for (const command of ['export', 'import', 'copy'] as const) {
    for (const transport of transports) {
      reportValue(`${name.replace('%s', command)} ${transport} objects/s`, rate(median(times[command][transport]), VECTOR_OBJECTS), '', 0)
    }
  }
  await deleteBenchClass(target, VECTOR_CLASS)
  await deleteBenchClass(source, VECTOR_CLASS)
}

/**
 * Prints `bench: copy 100k ours/export+import = <ratio> (spread a-b)` and the objects/s and peak
 * RSS lines of copy, export and import; then the vectors' grpc/rest ratios of each command.
 *
 * @example
 * ```ts
 * await benchCopy(source) // bench: copy 100k ours/export+import = 0.62 (spread 0.60-0.64) ...
 * ```
 */
export const benchCopy = async (source: BenchServer): Promise<void> => {
  // The build goes inside the project, so that the compiled command finds its dependencies in node_modules.
  await fs.mkdir(path.join(ROOT, '.tmp'), { recursive: true })
  const buildDir = await fs.mkdtemp(path.join(ROOT, '.tmp', 'bench-cli-'))
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'weaviate-rx-bench-copy-'))
  const file = path.join(dir, 'export.ndjson')
  const started = await startBenchServer().catch(async (e: unknown) => {
    await Promise.all([fs.rm(dir, { recursive: true, force: true }), fs.rm(buildDir, { recursive: true, force: true })])
    throw e
  })
  const target = benchServerOf(started)
  try {
    const built = await buildCommand(buildDir)
    const cli: Cli = (argv, keys) => command(built, started.pid, argv, keys)
    await seed(source)
    const copies: Timed[] = []
    const exports: Timed[] = []
    const imports: Timed[] = []
    for (let i = 0; i < RUNS; i++) {
      await deleteBenchClass(target, CLASS)
      copies.push(await cli(['copy', ...side('from', source), ...side('to', target), '--class', CLASS, '--partitions', '4'], sideKeys(source, target)))
      await deleteBenchClass(target, CLASS)
      await fs.rm(file, { force: true })
      exports.push(await cli(['export', ...oneWeaviate(source), '--class', CLASS, '--with-vector', '--partitions', '4', '--out', file], oneKey(source)))
      imports.push(await cli(['import', ...oneWeaviate(target), '--create-class', file], oneKey(target)))
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
      reportValue(`${name} ${label} command cpu`, median(xs.map((x) => x.cpu)), 's', 1)
    }
    // The target's vector indexing: the same work whether the objects come from copy or import.
    reportValue(`copy ${label} target server cpu`, median(copies.map((x) => x.targetCpu)), 's', 1)
    reportValue(`import ${label} target server cpu`, median(imports.map((x) => x.targetCpu)), 's', 1)
    await benchVectorCommands(cli, source, target, file)
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
    await fs.rm(buildDir, { recursive: true, force: true })
    await deleteBenchClass(source, CLASS)
    await started.stop()
  }
}

if (require.main === module) {
  withBenchServer(benchCopy).catch((e: unknown) => {
    console.error(e)
    process.exitCode = 1
  })
}
