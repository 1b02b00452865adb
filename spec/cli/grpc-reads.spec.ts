/**
 * Which transport `export` and `copy` read over, seen through a recording gRPC proxy in front of
 * the real 1.39.0 server's gRPC port (`Search` calls reach the proxy or not): an export over gRPC
 * (`--transport grpc`) is byte for byte the one `--transport rest` writes, for a class's vector and
 * for named vectors, while `--transport auto` exports over REST (measured faster); `copy` under
 * `auto` reads a class with vectors over gRPC and a class without over REST. A client with a gRPC
 * address sends its searches as gRPC-Web on its url where the server serves it, so `copy`'s gRPC
 * reads are seen by a recording HTTP proxy in front of `--from` (`/v1/grpc-web/.../Search`), and
 * none reaches the gRPC proxy.
 */
import { randomUUID } from 'node:crypto'
import { promises as fs } from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { startGrpcProxy, type GrpcProxy } from '../helpers/grpc-proxy'
import { startProxy } from '../helpers/proxy'
import { uniqueClassName, weaviateUrl } from '../helpers/server'
import { apiKeyFor, grpcServerUrl } from '../helpers/versions'
import { dropClass, readClass, rest, runCli } from './fixtures'

const COUNT = 250
const DIMENSIONS = 48
const made: string[] = []
let dir: string
let proxy: GrpcProxy

/** A vector of float32s needing 6 to 9 significant digits, as real embeddings do. */
const vectorOf = (i: number, salt: number): number[] => Array.from({ length: DIMENSIONS }, (_, d) => Math.sin(i * 7.31 + d * 0.173 + salt) * (d % 5 === 0 ? 1e-3 : 1))

const PROPERTIES = [
  { name: 'title', dataType: ['text'] },
  { name: 'n', dataType: ['int'] },
  { name: 'score', dataType: ['number'] },
  { name: 'flag', dataType: ['boolean'] },
  { name: 'at', dataType: ['date'] },
  { name: 'tags', dataType: ['text[]'] },
  { name: 'weights', dataType: ['number[]'] },
]

const propertiesOf = (i: number): Record<string, unknown> => ({
  title: `object ${i}`,
  n: i,
  score: i / 7,
  flag: i % 2 === 0,
  at: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString(),
  tags: [`t${i % 3}`, `u${i % 5}`],
  weights: [i / 3, 0.1],
})

/** Creates a class of `COUNT` objects, with a vector each (`legacy`), or two named vectors each, or none. */
const seed = async (prefix: string, vectors: 'legacy' | 'named' | 'none'): Promise<string> => {
  const className = uniqueClassName(prefix)
  made.push(className)
  const none = { vectorizer: { none: {} }, vectorIndexType: 'hnsw' }
  await rest(weaviateUrl(), 'POST', '/schema', {
    class: className,
    properties: PROPERTIES,
    ...(vectors === 'named' ? { vectorConfig: { first: none, second: none } } : { vectorizer: 'none' }),
  })
  const objects = Array.from({ length: COUNT }, (_, i) => ({
    class: className,
    id: randomUUID(),
    properties: propertiesOf(i),
    ...(vectors === 'legacy' ? { vector: vectorOf(i, 0) } : {}),
    ...(vectors === 'named' ? { vectors: { first: vectorOf(i, 1), second: vectorOf(i, 2).slice(0, 16) } } : {}),
  }))
  await rest(weaviateUrl(), 'POST', '/batch/objects', { objects })
  return className
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'weaviate-rx-cli-grpc-reads-'))
})

beforeEach(async () => {
  proxy = await startGrpcProxy(grpcServerUrl('1.39.0'))
})

afterEach(async () => {
  await proxy.close()
})

afterAll(async () => {
  await Promise.all(made.map((c) => dropClass(weaviateUrl(), c)))
  await fs.rm(dir, { recursive: true, force: true })
})

/** Exports `className` to a fresh file with the given transport (gRPC through the proxy); the file's bytes. */
const exportOf = async (className: string, transport: 'auto' | 'grpc' | 'rest', extra: readonly string[] = []): Promise<Buffer> => {
  const file = path.join(dir, `${className}-${transport}-${randomUUID()}.ndjson`)
  const run = await runCli(['export', '--url', weaviateUrl(), '--grpc-url', proxy.url, '--transport', transport, '--class', className, '--out', file, '--progress', 'none', ...extra])
  expect(run).toMatchObject({ code: 0 })
  return fs.readFile(file)
}

describe('export --with-vector --transport grpc', () => {
  it('reads a class with vectors over gRPC and writes the same bytes as an export over REST', async () => {
    const className = await seed('CliGrpcReadVector', 'legacy')
    const overRest = await exportOf(className, 'rest', ['--with-vector'])
    expect(proxy.searches()).toBe(0)
    const overGrpc = await exportOf(className, 'grpc', ['--with-vector'])
    expect(proxy.searches()).toBeGreaterThan(0)
    expect(overGrpc.toString('utf8').split('\n')).toHaveLength(COUNT + 2)
    expect(overGrpc.equals(overRest)).toBe(true)
  })

  it('reads named vectors over gRPC and writes the same bytes as an export over REST, with 4 partitions', async () => {
    const className = await seed('CliGrpcReadNamed', 'named')
    const partitions = ['--with-vector', '--partitions', '4']
    // Partitions interleave as pages come: the lines compare in id order, each line byte for byte.
    const lines = (b: Buffer) => b.toString('utf8').trimEnd().split('\n').sort()
    const overRest = lines(await exportOf(className, 'rest', partitions))
    const overGrpc = lines(await exportOf(className, 'grpc', partitions))
    expect(proxy.searches()).toBeGreaterThanOrEqual(4)
    expect(overGrpc).toHaveLength(COUNT + 1)
    expect(overGrpc.filter((l) => l.includes('"vectors":{"first":['))).toHaveLength(COUNT)
    expect(overGrpc).toEqual(overRest)
  })
})

describe('export --with-vector under --transport auto', () => {
  it('reads a class with vectors over REST (measured faster for an export)', async () => {
    const className = await seed('CliAutoReadVector', 'legacy')
    const overAuto = await exportOf(className, 'auto', ['--with-vector'])
    expect(proxy.searches()).toBe(0)
    expect(overAuto.toString('utf8')).toContain('"vector":[')
  })
})

/** Runs `copy` under `--transport auto` with `--from` behind a recording HTTP proxy: its run and the gRPC-Web searches the proxy saw. */
const copyThroughWeb = async (className: string, target: string, extra: readonly string[] = []): Promise<{ run: unknown; webSearches: number }> => {
  const front = await startProxy(weaviateUrl())
  try {
    const key = apiKeyFor(weaviateUrl())
    const sides = ['--from', front.url, '--from-grpc-url', proxy.url, '--to', weaviateUrl(), '--to-grpc-url', grpcServerUrl('1.39.0')]
    const run = await runCli(['copy', ...sides, '--class', className, '--to-class', target, ...extra, '--progress', 'none'], { env: key === undefined ? {} : { WEAVIATE_API_KEY: key } })
    return { run, webSearches: front.requests.filter((line) => line === 'POST /v1/grpc-web/weaviate.v1.Weaviate/Search').length }
  } finally {
    await front.close()
  }
}

describe('copy under --transport auto', () => {
  it('reads a class with named vectors over gRPC (gRPC-Web on --from) and writes them unchanged', async () => {
    const className = await seed('CliGrpcCopyNamed', 'named')
    const target = uniqueClassName('CliGrpcCopiedNamed')
    made.push(target)
    const before = proxy.searches()
    const { run, webSearches } = await copyThroughWeb(className, target)
    expect(run).toMatchObject({ code: 0, stdout: '' })
    expect(webSearches).toBeGreaterThan(0)
    expect(proxy.searches()).toBe(before)
    const withVectors = async (c: string) =>
      ((await rest(weaviateUrl(), 'GET', `/objects?class=${c}&limit=${COUNT}&include=vector`)) as { objects: Array<{ id: string; properties: unknown; vectors?: unknown }> }).objects
        .map((o) => ({ id: o.id, properties: o.properties, vectors: o.vectors }))
        .sort((a, b) => a.id.localeCompare(b.id))
    const copied = await withVectors(target)
    expect(copied).toHaveLength(COUNT)
    expect(copied).toEqual(await withVectors(className))
  })

  it('reads a class without vectors over REST', async () => {
    const className = await seed('CliGrpcCopyBare', 'none')
    const target = uniqueClassName('CliGrpcCopiedBare')
    made.push(target)
    const before = proxy.searches()
    const { run, webSearches } = await copyThroughWeb(className, target)
    expect(run).toMatchObject({ code: 0, stdout: '' })
    expect({ webSearches, grpcSearches: proxy.searches() - before }).toEqual({ webSearches: 0, grpcSearches: 0 })
    expect(await readClass(weaviateUrl(), target)).toEqual(await readClass(weaviateUrl(), className))
  })

  it('reads a class with a vector over gRPC (gRPC-Web on --from) and writes it unchanged', async () => {
    const className = await seed('CliGrpcCopyVector', 'legacy')
    const target = uniqueClassName('CliGrpcCopiedVector')
    made.push(target)
    const before = proxy.searches()
    const { run, webSearches } = await copyThroughWeb(className, target, ['--partitions', '2'])
    expect(run).toMatchObject({ code: 0, stdout: '' })
    expect(webSearches).toBeGreaterThan(0)
    expect(proxy.searches()).toBe(before)
    expect(await readClass(weaviateUrl(), target)).toEqual(await readClass(weaviateUrl(), className))
  })
})
