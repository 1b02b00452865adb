/**
 * Sums up `.cpuprofile` files (profile.ts, or any `node --cpu-prof` output): the self time of every
 * sampled function, put into the categories of issue 42 (argument checks, message construction,
 * encoding, the vector copy, Observable plumbing, decoding, GC, ...) by the file and name of the
 * function, as a markdown table with one column per profile, then each profile's heaviest functions.
 *
 * Run: `npx ts-node --transpile-only bench/profile-summary.ts bench/profiles/import-ours.cpuprofile bench/profiles/import-raw-protobufjs.cpuprofile [--top N] [--per N]`
 * (`--per N`: also print µs per item, N items in every profile).
 */
import { readFileSync } from 'node:fs'
import * as path from 'node:path'

interface CallFrame {
  readonly functionName: string
  readonly url: string
  readonly lineNumber: number
}
interface ProfileNode {
  readonly id: number
  readonly callFrame: CallFrame
  readonly children?: readonly number[]
}
interface Profile {
  readonly nodes: readonly ProfileNode[]
  readonly samples: readonly number[]
  readonly timeDeltas: readonly number[]
}

/** The categories, first match wins, in the order the table prints them. */
const CATEGORIES: ReadonlyArray<readonly [string, (f: CallFrame) => boolean]> = [
  ['idle', (f) => f.functionName === '(idle)'],
  ['GC', (f) => f.functionName === '(garbage collector)'],
  // The compiled bench (build/bench) holds lib/ under a /bench/ folder too: that is the library's.
  ['bench input (objects, vectors, uuids)', (f) => /\/bench\//.test(f.url) && !/\/build\/bench\/lib\//.test(f.url) && !/\/bench\/protobufjs\.(ts|js)/.test(f.url)],
  ['argument checks', (f) => /\/lib\/(input\/|query\/(check|args|aggregate-args)|batch\/well-formed-object)/.test(f.url)],
  ['vector copy / float32 bytes', (f) => /\/lib\/codecs\/(vector-bytes|float32)/.test(f.url) || /^(float32Bytes|finiteFloat32Bytes)$/.test(f.functionName)],
  ['message construction (ours)', (f) => /\/lib\/(batch\/grpc\/(batch-object|batch-properties)|query\/grpc\/(search-request|aggregate-request|cursor-request|filters))/.test(f.url)],
  ['raw loop: request objects', (f) => /\/bench\/protobufjs\.(ts|js)/.test(f.url)],
  ['static codecs (lib/proto/static, ts-proto)', (f) => /\/lib\/proto\/static\//.test(f.url)],
  ['protobuf-es create / reflect', (f) => /@bufbuild\/protobuf\/.*(create|reflect|clone|registry|is-message|guard)/.test(f.url)],
  ['protobuf-es encode', (f) => /@bufbuild\/protobuf\/.*(to-binary|wire\/binary-encoding|wire\/varint)/.test(f.url) && !/BinaryReader|read/.test(f.functionName)],
  ['protobuf-es decode', (f) => /@bufbuild\/protobuf\//.test(f.url)],
  ['string to UTF-8 (TextEncoder, protobuf-es)', (f) => /^node:internal\/encoding/.test(f.url)],
  ['protobufjs fromObject', (f) => /\$fromObject/.test(f.functionName) || (/protobufjs\//.test(f.url) && /fromObject|converter/.test(f.functionName))],
  ['protobufjs encode', (f) => /\$encode/.test(f.functionName) || (/protobufjs/.test(f.url) && /writer|Writer|utf8_write|fork|ldelim|finish|encode/.test(`${f.url} ${f.functionName}`))],
  ['protobufjs decode / toObject', (f) => /\$decode|\$toObject/.test(f.functionName) || /protobufjs|@grpc\/proto-loader/.test(f.url)],
  ['decoding (ours)', (f) => /\/lib\/(query\/(grpc\/(search-decode|search-result)|decode|aggregate-result|result)|codecs\/)/.test(f.url) || /io-ts/.test(f.url)],
  ['Observable plumbing (rxjs, core, fp-ts)', (f) => /node_modules\/rxjs|node_modules\/fp-ts|\/lib\/core\//.test(f.url)],
  ['batch run (source, window, waiting, results)', (f) => /\/lib\/batch\//.test(f.url)],
  ['query run / context', (f) => /\/lib\/(query|context|objects)\//.test(f.url)],
  ['our gRPC transport (attempts, deadline, metadata)', (f) => /\/lib\/transport\//.test(f.url)],
  ['grpc-js', (f) => /@grpc\/grpc-js/.test(f.url)],
  ['UUIDs (uuid v4, randomUUID)', (f) => /node_modules\/uuid\//.test(f.url) || /randomUUID/.test(f.functionName)],
  ['Node http2 / net / streams / buffers', (f) => /^node:/.test(f.url)],
  ['(program) / native', (f) => f.url === ''],
  ['other', () => true],
]

const categoryOf = (f: CallFrame): string => CATEGORIES.find(([, test]) => test(f))?.[0] ?? 'other'

/**
 * Self milliseconds per node id, without the profiler's own work: `Profiler.stop` (a call to
 * `node:inspector`'s `post`) serializes the whole profile on the main thread, a one-off cost that
 * grows with the profile and is no part of the work.
 */
const selfTimes = (profile: Profile): Map<number, number> => {
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const inspector = new Map<number, boolean>()
  const underInspector = (id: number): boolean => {
    const known = inspector.get(id)
    if (known !== undefined) return known
    const frame = byId.get(id)?.callFrame
    const up = parent.get(id)
    const is = (frame?.url === 'node:inspector' && frame.functionName === 'post') || (up !== undefined && underInspector(up))
    inspector.set(id, is)
    return is
  }
  const self = new Map<number, number>()
  profile.samples.forEach((id, i) => {
    if (!underInspector(id)) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000)
  })
  return self
}

const shortUrl = (url: string): string => {
  const at = url.search(/node_modules\/|\/lib\/|\/bench\//)
  return at >= 0 ? url.slice(at).replace(/^node_modules\//, '') : url
}

const main = (): void => {
  const args = process.argv.slice(2)
  const flag = (name: string): number | undefined => {
    const at = args.indexOf(name)
    return at >= 0 ? Number(args[at + 1]) : undefined
  }
  const top = flag('--top') ?? 15
  const per = flag('--per')
  const files = args.filter((a, i) => a.endsWith('.cpuprofile') && !['--top', '--per'].includes(args[i - 1] ?? ''))
  const columns = files.map((file) => {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile
    const byId = new Map(profile.nodes.map((n) => [n.id, n]))
    const self = selfTimes(profile)
    const categories = new Map<string, number>()
    const functions = new Map<string, { ms: number; readonly category: string }>()
    for (const [id, ms] of self) {
      const frame = byId.get(id)?.callFrame
      if (frame === undefined) continue
      const category = categoryOf(frame)
      categories.set(category, (categories.get(category) ?? 0) + ms)
      if (category === 'idle') continue
      const key = `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`
      functions.set(key, { ms: (functions.get(key)?.ms ?? 0) + ms, category })
    }
    const busy = [...categories].filter(([c]) => c !== 'idle').reduce((a, [, ms]) => a + ms, 0)
    return { name: path.basename(file, '.cpuprofile'), categories, functions, busy }
  })
  const unit = per === undefined ? 'ms' : 'µs/item'
  const cell = (ms: number, busy: number): string => `${per === undefined ? ms.toFixed(0) : ((ms * 1000) / per).toFixed(1)} (${((100 * ms) / busy).toFixed(0)} %)`
  console.log(`| category | ${columns.map((c) => `${c.name} ${unit} (share of busy)`).join(' | ')} |`)
  console.log(`|---|${columns.map(() => '---:').join('|')}|`)
  for (const [category] of CATEGORIES) {
    if (category === 'idle' || columns.every((c) => (c.categories.get(category) ?? 0) === 0)) continue
    console.log(`| ${category} | ${columns.map((c) => cell(c.categories.get(category) ?? 0, c.busy)).join(' | ')} |`)
  }
  console.log(`| **busy (sampled CPU)** | ${columns.map((c) => cell(c.busy, c.busy)).join(' | ')} |`)
  for (const c of columns) {
    console.log(`\n${c.name}: heaviest functions (self ms)`)
    for (const [key, { ms, category }] of [...c.functions].sort((a, b) => b[1].ms - a[1].ms).slice(0, top)) console.log(`  ${ms.toFixed(1).padStart(8)}  ${category.slice(0, 28).padEnd(28)} ${key}`)
  }
}

main()
