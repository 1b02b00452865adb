/**
 * A class with a named vector and a multi-vector (1.39.0) through the command: `weaviate-rx copy`
 * delivers every object with both, equal to the source's, whether it reads and writes over REST or
 * over gRPC (where the multi-vector travels as `MULTI_FP32` bytes both ways); `export
 * --with-vector` then `import` into a fresh class gives the same vectors.
 */
import { randomUUID } from 'node:crypto'
import { promises as fs } from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { connect, firstRight } from '../../lib'
import { uniqueClassName, weaviateConnection, weaviateUrl } from '../helpers/server'
import { grpcServerUrl } from '../helpers/versions'
import { dropClass, rest, runCli } from './fixtures'

const COUNT = 120
const made: string[] = []

/** Float32-exact values, a few per object, so a copy that loses or reorders any shows. */
const valueOf = (i: number, d: number): number => ((i * 7 + d * 3) % 64) / 8 - 4

const seed = async (): Promise<string> => {
  const className = uniqueClassName('CliCopyMulti')
  made.push(className)
  const none = { vectorizer: { none: {} }, vectorIndexType: 'hnsw' }
  await rest(weaviateUrl(), 'POST', '/schema', {
    class: className,
    properties: [{ name: 'title', dataType: ['text'] }],
    vectorConfig: { title: none, colbert: { ...none, vectorIndexConfig: { multivector: { enabled: true } } } },
  })
  const objects = Array.from({ length: COUNT }, (_, i) => ({
    class: className,
    id: randomUUID(),
    properties: { title: `object ${i}` },
    vectors: {
      title: Array.from({ length: 8 }, (_, d) => valueOf(i, d)),
      // 1 to 4 token vectors of 6 dimensions.
      colbert: Array.from({ length: (i % 4) + 1 }, (_, t) => Array.from({ length: 6 }, (_, d) => valueOf(i + t, d + 11))),
    },
  }))
  await rest(weaviateUrl(), 'POST', '/batch/objects', { objects })
  return className
}

/** Every object of `className` with its properties and vectors, by id. */
const stored = async (className: string): Promise<unknown[]> =>
  ((await rest(weaviateUrl(), 'GET', `/objects?class=${className}&limit=${COUNT + 10}&include=vector`)) as { objects: Array<{ id: string; properties: unknown; vectors?: unknown }> }).objects
    .map((o) => ({ id: o.id, properties: o.properties, vectors: o.vectors }))
    .sort((a, b) => a.id.localeCompare(b.id))

let dir: string

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'weaviate-rx-cli-multi-vectors-'))
})

afterAll(async () => {
  await Promise.all(made.map((c) => dropClass(weaviateUrl(), c)))
  await fs.rm(dir, { recursive: true, force: true })
})

describe('copy of a class with a multi-vector', () => {
  it.each([
    ['REST', ['--transport', 'rest']],
    ['gRPC', ['--transport', 'grpc', '--from-grpc-url', grpcServerUrl('1.39.0'), '--to-grpc-url', grpcServerUrl('1.39.0')]],
  ] as const)('over %s writes every object with its named vector and multi-vector unchanged', async (_, transport) => {
    const className = await seed()
    const target = uniqueClassName('CliCopiedMulti')
    made.push(target)
    const run = await runCli(['copy', '--from', weaviateUrl(), '--to', weaviateUrl(), ...transport, '--class', className, '--to-class', target, '--progress', 'none'])
    expect(run).toMatchObject({ code: 0, stdout: '' })
    const source = await stored(className)
    const copied = await stored(target)
    expect(copied).toHaveLength(COUNT)
    expect(copied.filter((o) => Array.isArray((o as { vectors?: { colbert?: unknown } }).vectors?.colbert))).toHaveLength(COUNT)
    expect(copied).toEqual(source)
  })
})

describe('verify of a class with a multi-vector', () => {
  it('passes after a copy, and names an object whose multi-vector differs', async () => {
    const className = await seed()
    const target = uniqueClassName('CliVerifiedMulti')
    made.push(target)
    expect(await runCli(['copy', '--from', weaviateUrl(), '--to', weaviateUrl(), '--transport', 'rest', '--class', className, '--to-class', target, '--progress', 'none'])).toMatchObject({ code: 0 })
    const verify = () => runCli(['verify', '--from', weaviateUrl(), '--to', weaviateUrl(), '--transport', 'rest', '--class', className, '--to-class', target, '--progress', 'none'])
    expect(await verify()).toMatchObject({ code: 0, stdout: `same: ${COUNT} objects\n` })
    const [first] = (await stored(target)) as Array<{ id: string; properties: unknown; vectors: { title: number[]; colbert: number[][] } }>
    if (first === undefined) throw new Error('nothing copied')
    const changed = { ...first.vectors, colbert: [...first.vectors.colbert, first.vectors.colbert[0] ?? []] }
    const client = connect(weaviateConnection())
    await firstRight(client.objects.replace({ className: target, uuid: first.id, dataObject: first.properties as Record<string, unknown>, vectors: changed }))
    await client.close()
    const differs = await verify()
    expect(differs.code).toBe(1)
    expect(differs.stdout).toContain(`content differs: ${first.id}`)
  })
})

describe('export --with-vector then import of a class with a multi-vector', () => {
  it('gives a fresh class every object with its named vector and multi-vector unchanged', async () => {
    const className = await seed()
    const fresh = uniqueClassName('CliImportedMulti')
    made.push(fresh)
    const file = path.join(dir, `${className}.ndjson`)
    expect(await runCli(['export', '--url', weaviateUrl(), '--class', className, '--with-vector', '--out', file, '--progress', 'none'])).toMatchObject({ code: 0 })
    const imported = await runCli(['import', '--url', weaviateUrl(), '--class', fresh, '--create-class', file, '--progress', 'none'])
    expect(imported).toMatchObject({ code: 0, stdout: '' })
    const copied = await stored(fresh)
    expect(copied).toHaveLength(COUNT)
    expect(copied).toEqual(await stored(className))
  })
})

describe('import of a line whose vectors are malformed', () => {
  it('fails that line (a ragged multi-vector named at its path, vectors that are no object), imports the rest, exit 2', async () => {
    const className = await seed()
    const good = '44444444-4444-4444-8444-444444444444'
    const ragged = '55555555-5555-4555-8555-555555555555'
    const input = [
      { id: good, properties: { title: 'good' }, vectors: { title: [1, 2, 3, 4, 5, 6, 7, 8], colbert: [[1, 2, 3, 4, 5, 6]] } },
      { id: ragged, properties: { title: 'ragged' }, vectors: { colbert: [[1, 2, 3, 4, 5, 6], [1, 2]] } },
      { properties: { title: 'not an object' }, vectors: [1, 2] },
    ]
      .map((o) => JSON.stringify(o))
      .join('\n')
    const failuresFile = path.join(dir, `${className}.failures.ndjson`)
    const run = await runCli(['import', '--url', weaviateUrl(), '--class', className, '--failures', failuresFile, '-', '--progress', 'none'], { stdin: input })
    expect(run.code).toBe(2)
    const failures = (await fs.readFile(failuresFile, 'utf8')).trimEnd().split('\n').map((l) => JSON.parse(l) as { id?: string; line: number; message: string })
    expect(failures).toEqual([
      expect.objectContaining({ id: ragged, line: 2, message: expect.stringContaining("'objects[1].vectors.colbert[1]' has 2 dimensions") }),
      expect.objectContaining({ line: 3, message: "'vectors' is not an object" }),
    ])
    expect((await stored(className)).filter((o) => (o as { id: string }).id === good)).toHaveLength(1)
  })
})
