/**
 * `npm run bench`: every benchmark group in turn, sharing one Weaviate: the one at `WEAVIATE_URL`
 * when set (with `WEAVIATE_GRPC_URL` and `WEAVIATE_API_KEY`), else an embedded one started here
 * with a random API key (server-env.ts; the http group needs none: it runs against a loopback stub). Each prints `bench: <name> ours/<peer> = <ratio> (spread a-b)` lines (ratios of
 * medians; below 1: ours is faster) and `bench: <name> = <value>` lines.
 *
 * Flags:
 * - `--only <group>[,<group>...]`: run only these groups (http, objects, stream, batch, copy, vectors, search, aggregate,
 *   neartext: on a server of its own with the vectorizer modules);
 * - `--json [FILE]`: write every figure as JSON to FILE (default `bench/results.json`), the input
 *   of `npm run bench:table`.
 *
 * Sizes can be cut for development runs through BENCH_* variables (see each group's header).
 */
import * as fs from 'node:fs/promises'
import * as path from 'node:path'
import { benchBatch } from './batch'
import { benchCopy } from './copy'
import { benchHttp } from './http'
import { benchNearText } from './near-text'
import { benchObjects } from './objects'
import { BENCH_DIR, COMPILED, domainLoaded } from './paths'
import { allFigures, inGroup } from './report'
import { benchSearch } from './search'
import { benchAggregate } from './aggregate'
import { withBenchServer } from './server-env'
import { benchStream } from './stream'
import { benchVectors } from './vectors'
import { benchVectorsStream } from './vectors-stream'

const GROUPS = ['http', 'objects', 'stream', 'batch', 'copy', 'vectors', 'search', 'aggregate', 'neartext'] as const
type Group = (typeof GROUPS)[number]
const isGroup = (s: string): s is Group => (GROUPS as readonly string[]).includes(s)

/** The JSON `--json` writes: when, where, and every figure in the order printed. */
export interface Results {
  readonly node: string
  readonly date: string
  readonly groups: readonly Group[]
  readonly seconds: Readonly<Record<string, number>>
  readonly figures: ReturnType<typeof allFigures>
}

export const DEFAULT_JSON = path.join(BENCH_DIR, 'results.json')

const parseArgs = (argv: readonly string[]): { readonly groups: readonly Group[]; readonly json: string | undefined } => {
  let groups: readonly Group[] = GROUPS
  let json: string | undefined
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--only') {
      const names = (argv[++i] ?? '').split(',').filter((s) => s !== '')
      const bad = names.filter((n) => !isGroup(n))
      if (names.length === 0 || bad.length > 0) throw new Error(`--only takes ${GROUPS.join('|')} (comma-separated); got '${argv[i] ?? ''}'`)
      groups = names.filter(isGroup)
    } else if (arg === '--json') {
      const next = argv[i + 1]
      json = next === undefined || next.startsWith('--') ? DEFAULT_JSON : path.resolve(argv[++i] ?? DEFAULT_JSON)
    } else {
      throw new Error(`unknown argument '${arg ?? ''}' (flags: --only <group>, --json [FILE])`)
    }
  }
  return { groups, json }
}

const main = async (): Promise<void> => {
  const { groups, json } = parseArgs(process.argv.slice(2))
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
  if (groups.some((g) => g !== 'http' && g !== 'neartext')) {
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
