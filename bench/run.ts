/**
 * `npm run bench`: every benchmark group in turn, sharing one Weaviate: the one at `WEAVIATE_URL`
 * when set (with `WEAVIATE_GRPC_URL` and `WEAVIATE_API_KEY`), else an embedded one started here
 * with a random API key (server-env.ts). The http, float32 and searchcode groups need no
 * Weaviate (http runs against a loopback stub, the other two in-process); neartext starts a server
 * of its own with the vectorizer modules. Each group prints `bench: <name> ours/<peer> = <ratio>
 * (spread a-b)` lines (ratios of medians; below 1: ours is faster) and `bench: <name> = <value>`
 * lines. `--help` lists the groups ({@link GROUP_HELP}).
 *
 * Flags:
 * - `--only <group>[,<group>...]`: run only these groups;
 * - `--json [FILE]`: write every figure as JSON to FILE (default `bench/results.json`), the input
 *   of `npm run bench:table`;
 * - `--help`: the flags and the groups, each with what it measures.
 *
 * Sizes can be cut for development runs through BENCH_* variables (see each group's header).
 */
import * as fs from 'node:fs/promises'
import * as path from 'node:path'
import { benchBatch } from './batch'
import { benchCopy } from './copy'
import { benchFloat32 } from './float32'
import { benchHttp } from './http'
import { benchNearText } from './near-text'
import { benchObjects } from './objects'
import { BENCH_DIR, COMPILED, domainLoaded } from './paths'
import { allFigures, inGroup } from './report'
import { benchSearch } from './search'
import { benchSearchCode } from './search-code'
import { benchAggregate } from './aggregate'
import { withBenchServer } from './server-env'
import { benchStream } from './stream'
import { benchVectors } from './vectors'
import { benchVectorsStream } from './vectors-stream'

const GROUPS = ['http', 'float32', 'searchcode', 'objects', 'stream', 'batch', 'copy', 'vectors', 'search', 'aggregate', 'neartext'] as const
type Group = (typeof GROUPS)[number]

/** What each group measures and against whom (its file's header says how): the lines of `--help`. */
export const GROUP_HELP: Readonly<Record<Group, string>> = {
  http: 'GET /v1/meta against a loopback stub: ours against undici, fetch and weaviate-ts-client 2.x, sequential and 16 at once (http.ts)',
  float32: 'in-process: a gRPC vector as REST\'s numbers (vectorFormat: array) against a plain copy and the exact search per value (float32.ts)',
  searchcode: 'in-process: our own code of one nearVector search, stage by stage, client CPU and bytes allocated per call (search-code.ts)',
  objects: 'create, getById, exists, update: ours against undici and weaviate-ts-client 2.x, sequential and 16 at once (objects.ts)',
  stream: 'objects.stream of 100,000 objects over REST at page sizes 100-1,000, a CPU-bound consumer, partitions, memory, the filtered stream (stream.ts)',
  batch: 'objects.batch over REST against undici loops, by batch size and concurrency; the defaults against weaviate-ts-client 2.x; memory; deleteMany over gRPC and REST (batch.ts)',
  copy: 'the weaviate-rx command: copy against export + import, between two servers, REST and gRPC (copy.ts)',
  vectors: 'import of 768-d vectors over gRPC, gRPC-Web and REST against raw grpc-js, protobufjs and undici loops and weaviate-client 3.x; the stream with vectors (vectors.ts, vectors-stream.ts)',
  search: 'nearVector top 10 at concurrency 1 and 16: ours over grpc-js and over gRPC-Web against raw grpc-js, protobufjs, weaviate-ts-client 2.x and weaviate-client 3.x (search.ts)',
  aggregate: 'an aggregate with metrics over 10,000 objects: ours against a raw grpc-js call (aggregate.ts)',
  neartext: 'nearText top 10 on a server of its own with text2vec-bigram: ours against raw grpc-js and protobufjs loops (near-text.ts)',
}

const USAGE = [
  'npm run bench [-- --only <group>[,<group>...]] [--json [FILE]] [--help]',
  '',
  '  --only <groups>  run only these groups (comma-separated; default: all, in this order)',
  '  --json [FILE]    write every figure as JSON to FILE (default bench/results.json), for npm run bench:table',
  '  --help           print this and exit',
  '',
  'Groups:',
  ...GROUPS.map((g) => `  ${g.padEnd(11)} ${GROUP_HELP[g]}`),
  '',
  'Sizes: BENCH_* variables, named in each group\'s file (bench/<file>.ts). docs/benchmarks.md says more.',
].join('\n')
const isGroup = (s: string): s is Group => (GROUPS as readonly string[]).includes(s)

/** The groups that run without the shared server (neartext starts its own). */
const SERVERLESS: ReadonlySet<Group> = new Set<Group>(['http', 'float32', 'searchcode', 'neartext'])

/** The JSON `--json` writes: when, where, and every figure in the order printed. */
export interface Results {
  readonly node: string
  readonly date: string
  readonly groups: readonly Group[]
  readonly seconds: Readonly<Record<string, number>>
  readonly figures: ReturnType<typeof allFigures>
}

export const DEFAULT_JSON = path.join(BENCH_DIR, 'results.json')

const parseArgs = (argv: readonly string[]): { readonly groups: readonly Group[]; readonly json: string | undefined; readonly help: boolean } => {
  let groups: readonly Group[] = GROUPS
  let json: string | undefined
  let help = false
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--help' || arg === '-h') {
      help = true
    } else if (arg === '--only') {
      const names = (argv[++i] ?? '').split(',').filter((s) => s !== '')
      const bad = names.filter((n) => !isGroup(n))
      if (names.length === 0 || bad.length > 0) throw new Error(`--only takes ${GROUPS.join('|')} (comma-separated); got '${argv[i] ?? ''}'`)
      groups = names.filter(isGroup)
    } else if (arg === '--json') {
      const next = argv[i + 1]
      json = next === undefined || next.startsWith('--') ? DEFAULT_JSON : path.resolve(argv[++i] ?? DEFAULT_JSON)
    } else {
      throw new Error(`unknown argument '${arg ?? ''}' (flags: --only <group>, --json [FILE], --help)`)
    }
  }
  return { groups, json, help }
}

const main = async (): Promise<void> => {
  const { groups, json, help } = parseArgs(process.argv.slice(2))
  if (help) {
    console.log(USAGE)
    return
  }
  const date = new Date().toISOString()
  const domain = domainLoaded()
  console.log(
    `bench: node ${process.version}, ${date}, groups ${groups.join(',')}, ${COMPILED ? 'compiled' : 'under ts-node'}, domain module ${domain === undefined ? 'unknown' : domain ? 'loaded' : 'not loaded'}`,
  )
  const seconds: Record<string, number> = {}
  const timed = async (group: Group, run: () => Promise<void>): Promise<void> => {
    if (!groups.includes(group)) return
    inGroup(group)
    const start = Date.now()
    await run()
    seconds[group] = Math.round((Date.now() - start) / 1000)
    console.log(`  ${group}: ${seconds[group]} s`)
  }
  await timed('http', benchHttp)
  await timed('float32', benchFloat32)
  await timed('searchcode', benchSearchCode)
  if (groups.some((g) => !SERVERLESS.has(g))) {
    await withBenchServer(async (server) => {
      await timed('objects', () => benchObjects(server))
      await timed('stream', () => benchStream(server))
      await timed('batch', () => benchBatch(server))
      await timed('copy', () => benchCopy(server))
      await timed('vectors', async () => {
        const start = Date.now()
        await benchVectors(server)
        console.log(`  vectors import: ${Math.round((Date.now() - start) / 1000)} s`)
        if (process.env['BENCH_VECTORS_IMPORT_ONLY'] !== '1') await benchVectorsStream(server)
      })
      await timed('search', () => benchSearch(server))
      await timed('aggregate', () => benchAggregate(server))
    })
  }
  await timed('neartext', benchNearText)
  if (json !== undefined) {
    const results: Results = { node: process.version, date, groups, seconds, figures: allFigures() }
    await fs.writeFile(json, `${JSON.stringify(results, null, 2)}\n`)
    console.log(`  figures written to ${path.relative(process.cwd(), json)}`)
  }
}

if (require.main === module) {
  main().catch((e: unknown) => {
    console.error(e)
    process.exitCode = 1
  })
}
