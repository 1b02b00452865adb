/**
 * The soak (`npm run soak`): for a set time, concurrent whole-class streams, batches with vectors,
 * searches and counts against one embedded 1.39 server over both transports, with the server
 * restarted in the middle (same ports, data and key, so the clients ride it out). Prints, per
 * interval (a minute by default): operations done, errors by tag, p50/p99 latency, and the client's
 * heap, RSS, external and arrayBuffers memory, open sockets to the server (REST and gRPC, from /proc on Linux), active handles.
 *
 * Memory is a steady measure, not one sample: every few seconds (`SOAK_SAMPLE_S`, default 5; at
 * most a fifth of the interval) a full collection runs and the memory is read right after it, and
 * an interval's figures are the medians of its samples. With one reading per interval, RSS follows
 * whatever V8 and glibc hold or have just given back at that instant (a 10-minute run read 299 MB
 * after the first minute and 230 MB after the first restart, with the heap flat), so one reading
 * can say neither that memory grows nor that it does not.
 *
 * `SOAK_MINUTES` (default 10), `SOAK_RESTARTS` (default 2), `SOAK_INTERVAL_S` (default 60),
 * `SOAK_SAMPLE_S` (default 5).
 * spec/slow/soak.spec.ts runs a short one in `npm test`.
 *
 * Run as a program, it runs itself again as a child with `MALLOC_ARENA_MAX=2` unless the variable
 * is set: glibc reads it only at a process's start, and without it glibc's per-thread arenas keep
 * freed pages, so RSS grows by 20-30 % over ten minutes while the heap stays flat
 * (docs/decisions/0016-soak-memory.md). `MALLOC_ARENA_MAX=` (empty) keeps glibc's default.
 * After the table it prints the issue's check: heap and RSS against the first interval (the highest
 * rise and the lowest fall), sockets and handles.
 */
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { promises as fs } from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import * as E from 'fp-ts/Either'
import { Observable, lastValueFrom, toArray } from 'rxjs'
import { connect, type BatchObject, type Client, type WeaviateError } from '../lib'
import { startEmbedded, type EmbeddedWeaviate } from '../lib/embedded'
import { collectGarbage, median } from './harness'
import { runArgs } from './paths'

const CLASS = 'SoakArticle'
const DIMENSIONS = 64
const OBJECTS = 2_000
const BATCH = 200

/** What one interval of the soak saw. */
export interface SoakInterval {
  readonly index: number
  readonly operations: number
  /** Lefts by error tag. */
  readonly errors: Readonly<Record<string, number>>
  readonly p50Ms: number
  readonly p99Ms: number
  /** The heap in use after a full collection: the median of the interval's samples, like every memory figure. */
  readonly heapMb: number
  /** The heap V8 holds from the system (used or not), after the collection. */
  readonly heapTotalMb: number
  readonly rssMb: number
  /** Memory of C++ objects bound to JS ones (Buffers among them), after the collection. */
  readonly externalMb: number
  /** Of which ArrayBuffers and Buffers. */
  readonly arrayBuffersMb: number
  /** Established connections to the server's REST port; undefined where /proc is missing. */
  readonly restSockets: number | undefined
  /** Established connections to the server's gRPC port (one per gRPC channel). */
  readonly grpcSockets: number | undefined
  readonly activeHandles: number
  /** Whether the server was restarted during this interval. */
  readonly restarted: boolean
  /** How many memory samples the medians are of. */
  readonly memorySamples: number
  /** The longest of the interval's full collections (ms): what the sampling costs the load at worst. */
  readonly gcMaxMs: number
}

/** What the whole soak saw. */
export interface SoakReport {
  readonly intervals: readonly SoakInterval[]
  /**
   * The level memory has settled at by the end of the first interval, which the check compares the
   * others with: the medians of the samples of the first interval's second half (its first half
   * still holds the warm-up: JIT, pools and buffers growing to the load).
   */
  readonly baseline: { readonly heapMb: number; readonly rssMb: number; readonly samples: number }
  /** Every operation that ended in a Left: its tag, kind and when (ms since the start). */
  readonly failures: ReadonlyArray<{ readonly tag: string; readonly kind: string; readonly atMs: number; readonly message: string }>
  /** When each restart began and ended (ms since the start). */
  readonly restarts: ReadonlyArray<{ readonly fromMs: number; readonly toMs: number }>
  /** Sockets and handles once every client is closed. */
  readonly after: { readonly restSockets: number | undefined; readonly grpcSockets: number | undefined; readonly activeHandles: number }
}

/** How long and how hard. */
export interface SoakOptions {
  readonly durationMs: number
  readonly restarts: number
  readonly intervalMs: number
  /** How often memory is sampled (after a full collection); default 5 s, at most a fifth of `intervalMs`. */
  readonly memorySampleMs?: number
  readonly log?: (line: string) => void
}

const vector = (i: number): number[] => Array.from({ length: DIMENSIONS }, (_, d) => Math.sin(i * 31 + d))

/** A fixed id per object number, so batches overwrite and the class keeps its size. */
const idOf = (i: number): string => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`

const objects = (from: number, to: number): BatchObject[] =>
  Array.from({ length: to - from }, (_, k) => ({ className: CLASS, uuid: idOf(from + k), dataObject: { title: `article ${from + k}`, pages: from + k }, vector: vector(from + k) }))

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN

const toMb = (bytes: number): number => Math.round(bytes / 2 ** 20)

/** Established TCP connections of this process to `port` on loopback (Linux /proc), else undefined. */
const connectionsTo = async (port: number): Promise<number | undefined> => {
  try {
    const inodes = new Set<string>()
    for (const fd of await fs.readdir('/proc/self/fd')) {
      const match = /^socket:\[(\d+)\]$/.exec(await fs.readlink(`/proc/self/fd/${fd}`).catch(() => ''))
      if (match?.[1] !== undefined) inodes.add(match[1])
    }
    let count = 0
    for (const table of ['tcp', 'tcp6']) {
      const text = await fs.readFile(`/proc/self/net/${table}`, 'utf8')
      for (const line of text.split('\n').slice(1)) {
        const cols = line.trim().split(/\s+/)
        const [remote, state, inode] = [cols[2], cols[3], cols[9]]
        if (state === '01' && inode !== undefined && inodes.has(inode) && parseInt(remote?.split(':')[1] ?? '', 16) === port) count++
      }
    }
    return count
  } catch {
    return undefined
  }
}

/**
 * Runs the soak and returns what it saw; the server and its data folder are gone when it resolves.
 *
 * @example
 * ```ts
 * const report = await runSoak({ durationMs: 60_000, restarts: 2, intervalMs: 20_000 })
 * ```
 */
export const runSoak = async (options: SoakOptions): Promise<SoakReport> => {
  const log = options.log ?? ((line: string) => console.log(line))
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'weaviate-rx-soak-'))
  const key = randomBytes(24).toString('hex')
  const env = { AUTHENTICATION_APIKEY_ENABLED: 'true', AUTHENTICATION_APIKEY_ALLOWED_KEYS: key, AUTHENTICATION_APIKEY_USERS: 'soak', AUTOSCHEMA_ENABLED: 'false' }
  let server: EmbeddedWeaviate = await startEmbedded({ version: '1.39.0', dataDir, env })
  const { ports } = server
  const clients: Client[] = []
  try {
    const grpc = connect({ url: server.url, grpcUrl: server.grpcUrl, apiKey: key, transport: 'grpc' })
    const rest = connect({ url: server.url, apiKey: key, transport: 'rest' })
    clients.push(grpc, rest)
    await lastValueFrom(
      rest.schema.createClass({ class: CLASS, vectorizer: 'none', properties: [{ name: 'title', dataType: ['text'] }, { name: 'pages', dataType: ['int'] }] }),
    )
    for (let from = 0; from < OBJECTS; from += BATCH) await lastValueFrom(grpc.objects.batch(objects(from, from + BATCH)).pipe(toArray()))

    const start = Date.now()
    const at = (): number => Date.now() - start
    const deadline = start + options.durationMs
    const failures: Array<{ tag: string; kind: string; atMs: number; message: string }> = []
    const restarts: Array<{ fromMs: number; toMs: number }> = []
    let latencies: number[] = []
    let errors: Record<string, number> = {}
    let operations = 0
    let restartedNow = false

    /** Runs one operation to its end; every Left is counted by tag. */
    const timed = async (kind: string, op: Observable<E.Either<WeaviateError, unknown>>): Promise<void> => {
      const t0 = Date.now()
      const results = await lastValueFrom(op.pipe(toArray()))
      latencies.push(Date.now() - t0)
      operations++
      for (const r of results) {
        if (E.isRight(r)) continue
        errors[r.left._tag] = (errors[r.left._tag] ?? 0) + 1
        failures.push({ tag: r.left._tag, kind, atMs: at(), message: r.left.message })
      }
    }

    const loop = async (work: (n: number) => Promise<void>): Promise<void> => {
      for (let n = 0; Date.now() < deadline; n++) await work(n)
    }
    const client = (n: number): Client => (n % 2 === 0 ? grpc : rest)
    const workers = [
      loop((n) => timed('stream', client(n).objects.stream({ className: CLASS, pageSize: 200, withVector: n % 4 < 2 }))),
      loop((n) => {
        const from = (n * BATCH) % OBJECTS
        return timed('batch', client(n).objects.batch(objects(from, from + BATCH)))
      }),
      ...[0, 1].map(() => loop((n) => timed('search', client(n).query.nearVector({ className: CLASS, vector: vector(n), limit: 10 })))),
      loop((n) => timed('count', client(n).objects.count({ className: CLASS }))),
    ]

    const intervals: SoakInterval[] = []
    let memorySamples: NodeJS.MemoryUsage[] = []
    let gcMaxMs = 0
    let baseline: SoakReport['baseline'] = { heapMb: Number.NaN, rssMb: Number.NaN, samples: 0 }
    /** One memory sample, right after a full collection: the live heap, not the garbage of the moment. */
    const sampleMemory = (): void => {
      const t0 = performance.now()
      collectGarbage()
      gcMaxMs = Math.max(gcMaxMs, performance.now() - t0)
      memorySamples.push(process.memoryUsage())
    }
    const sample = async (): Promise<void> => {
      const sorted = [...latencies].sort((a, b) => a - b)
      sampleMemory()
      const samples = memorySamples
      memorySamples = []
      if (intervals.length === 0) {
        const settled = samples.slice(Math.floor(samples.length / 2))
        baseline = { heapMb: toMb(median(settled.map((m) => m.heapUsed))), rssMb: toMb(median(settled.map((m) => m.rss))), samples: settled.length }
      }
      const memory = (pick: (m: NodeJS.MemoryUsage) => number): number => toMb(median(samples.map(pick)))
      const interval: SoakInterval = {
        index: intervals.length + 1,
        operations,
        errors,
        p50Ms: percentile(sorted, 50),
        p99Ms: percentile(sorted, 99),
        heapMb: memory((m) => m.heapUsed),
        heapTotalMb: memory((m) => m.heapTotal),
        rssMb: memory((m) => m.rss),
        externalMb: memory((m) => m.external),
        arrayBuffersMb: memory((m) => m.arrayBuffers),
        restSockets: await connectionsTo(ports.rest),
        grpcSockets: await connectionsTo(ports.grpc),
        activeHandles: process.getActiveResourcesInfo().length,
        restarted: restartedNow,
        memorySamples: samples.length,
        gcMaxMs: Math.round(gcMaxMs),
      }
      gcMaxMs = 0
      intervals.push(interval)
      latencies = []
      errors = {}
      operations = 0
      restartedNow = false
      const errorText = Object.entries(interval.errors).map(([tag, n]) => `${tag}:${n}`).join(' ') || '-'
      log(
        `| ${interval.index} | ${interval.operations} | ${errorText} | ${interval.p50Ms} | ${interval.p99Ms} | ${interval.heapMb} | ${interval.heapTotalMb} | ${interval.rssMb} | ${interval.externalMb} | ${interval.arrayBuffersMb} | ${interval.restSockets ?? '-'} | ${interval.grpcSockets ?? '-'} | ${interval.activeHandles} | ${interval.memorySamples} | ${interval.gcMaxMs} |${interval.restarted ? ' restart' : ''}`,
      )
    }

    log(
      '| interval | operations | errors by tag | p50 ms | p99 ms | heap MB | heap total MB | RSS MB | external MB | arrayBuffers MB | REST sockets | gRPC sockets | handles | memory samples | longest GC ms | |',
    )
    log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|')
    const sampleEveryMs = Math.min(options.memorySampleMs ?? 5_000, options.intervalMs / 5)
    const memorySampler = (async () => {
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, sampleEveryMs))
        // The interval's own last sample is taken at its end (sample()); none after the deadline.
        if (Date.now() + sampleEveryMs / 2 >= deadline) return
        sampleMemory()
      }
    })()
    const sampler = (async () => {
      while (Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(options.intervalMs, Math.max(0, deadline - Date.now()))))
        await sample()
      }
    })()
    const restarter = (async () => {
      for (let r = 1; r <= options.restarts; r++) {
        const due = start + (options.durationMs * r) / (options.restarts + 1)
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())))
        const fromMs = at()
        await server.stop()
        server = await startEmbedded({ version: '1.39.0', dataDir, env, port: ports.rest, grpcPort: ports.grpc })
        restarts.push({ fromMs, toMs: at() })
        restartedNow = true
      }
    })()
    await Promise.all([...workers, sampler, restarter, memorySampler])
    await Promise.all(clients.map((c) => c.close()))
    clients.length = 0
    const after = { restSockets: await connectionsTo(ports.rest), grpcSockets: await connectionsTo(ports.grpc), activeHandles: process.getActiveResourcesInfo().length }
    return { intervals, baseline, failures, restarts, after }
  } finally {
    await Promise.all(clients.map((c) => c.close()))
    await server.stop()
    await fs.rm(dataDir, { recursive: true, force: true })
  }
}

/** The share (%) by which the heap and RSS may move from their level after the first interval: the issue's check. */
const STEADY_PERCENT = 15

/**
 * The issue's check on the intervals after the first: heap and RSS (each interval's median of
 * samples after a full collection) within {@link STEADY_PERCENT} of their level after the first
 * interval (the report's `baseline`), in both directions, and the ranges of sockets and handles.
 * The highest rise and the deepest fall are printed apart: a leak shows as a rise, while a fall is
 * memory given back (V8's heap pages, glibc's arenas) and says nothing against the client; but the
 * check stays two-sided, as the issue words it, so a fall beyond the limit still reads OUTSIDE and
 * is there to be explained.
 */
export const steadyLines = ({ intervals, baseline }: Pick<SoakReport, 'intervals' | 'baseline'>): string[] => {
  const [first, ...rest] = intervals
  if (first === undefined || rest.length === 0) return ['check: fewer than two intervals']
  const spread = (base: number, pick: (i: SoakInterval) => number): string => {
    const values = rest.map(pick)
    const rise = ((Math.max(...values) - base) / base) * 100
    const fall = ((Math.min(...values) - base) / base) * 100
    const worst = Math.max(Math.abs(rise), Math.abs(fall))
    const signed = (x: number): string => `${x >= 0 ? '+' : ''}${x.toFixed(1)} %`
    return `${base} -> ${Math.min(...values)}-${Math.max(...values)} (highest ${signed(rise)}, lowest ${signed(fall)} from the level after the first interval: ${worst <= STEADY_PERCENT ? 'within' : 'OUTSIDE'} ${STEADY_PERCENT} %)`
  }
  const range = (pick: (i: SoakInterval) => number | undefined): string => {
    const values = intervals.map(pick).filter((v): v is number => v !== undefined)
    return values.length === 0 ? '-' : `${Math.min(...values)}-${Math.max(...values)}`
  }
  return [
    `check memory: each interval's median of samples after a full GC, against the median of the first interval's last ${baseline.samples} samples`,
    `check heap MB: ${spread(baseline.heapMb, (i) => i.heapMb)}`,
    `check RSS MB: ${spread(baseline.rssMb, (i) => i.rssMb)}`,
    `check REST sockets ${range((i) => i.restSockets)}, gRPC sockets (one per channel) ${range((i) => i.grpcSockets)}, handles ${range((i) => i.activeHandles)}`,
  ]
}

if (require.main === module && process.env['MALLOC_ARENA_MAX'] === undefined) {
  const child = spawnSync(process.execPath, [...runArgs(__filename), __filename], {
    stdio: 'inherit',
    env: { ...process.env, MALLOC_ARENA_MAX: '2' },
  })
  process.exitCode = child.status ?? 1
} else if (require.main === module) {
  const minutes = Number(process.env['SOAK_MINUTES'] ?? 10)
  console.log(`MALLOC_ARENA_MAX=${process.env['MALLOC_ARENA_MAX'] ?? ''}`)
  runSoak({
    durationMs: minutes * 60_000,
    restarts: Number(process.env['SOAK_RESTARTS'] ?? 2),
    intervalMs: Number(process.env['SOAK_INTERVAL_S'] ?? 60) * 1000,
    memorySampleMs: Number(process.env['SOAK_SAMPLE_S'] ?? 5) * 1000,
  })
    .then((report) => {
      const byTag = report.failures.reduce<Record<string, number>>((acc, f) => ({ ...acc, [f.tag]: (acc[f.tag] ?? 0) + 1 }), {})
      console.log(`restarts: ${report.restarts.map((r) => `${(r.fromMs / 1000).toFixed(0)}-${(r.toMs / 1000).toFixed(0)} s`).join(', ') || 'none'}`)
      console.log(`failures: ${JSON.stringify(byTag)}`)
      for (const tag of Object.keys(byTag)) console.log(`  first ${tag}: ${report.failures.find((f) => f.tag === tag)?.message ?? ''}`)
      const outside = report.failures.filter((f) => !report.restarts.some((r) => f.atMs >= r.fromMs && f.atMs <= r.toMs + 10_000))
      console.log(`failures more than 10 s away from a restart: ${outside.length}${outside.length === 0 ? '' : ` (first: ${outside[0]?.tag} ${outside[0]?.message})`}`)
      for (const line of steadyLines(report)) console.log(line)
      console.log(`after close: REST sockets ${report.after.restSockets ?? '-'}, gRPC sockets ${report.after.grpcSockets ?? '-'}, handles ${report.after.activeHandles}`)
    })
    .catch((e: unknown) => {
      console.error(e)
      process.exitCode = 1
    })
}
