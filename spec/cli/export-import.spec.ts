/**
 * `weaviate-rx export` then `weaviate-rx import` into a fresh class gives the same class: count,
 * ids, properties, vectors and references; the export's first line is the class definition.
 * `copy` within one server and `verify` are covered here on a small class too; the large copies
 * between two servers and the crash are in spec/slow/cli.spec.ts.
 */
import { promises as fs } from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { uniqueClassName, weaviateUrl } from '../helpers/server'
import { dropClass, readClass, runCli, seedClass, type Seeded } from './fixtures'

const COUNT = 1_000
let seeded: Seeded
let dir: string
const made: string[] = []

beforeAll(async () => {
  seeded = await seedClass(weaviateUrl(), uniqueClassName('CliSource'), COUNT, true)
  made.push(seeded.className)
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'weaviate-rx-cli-spec-'))
})

afterAll(async () => {
  await Promise.all(made.map((c) => dropClass(weaviateUrl(), c)))
  await fs.rm(dir, { recursive: true, force: true })
})

/** The stored objects of a class, references mapped to target ids (class-independent). */
const contentOf = (className: string) => readClass(weaviateUrl(), className)

describe('export', () => {
  it('writes the class definition as the first line, then every object once with its vector', async () => {
    const out = path.join(dir, 'first-line.ndjson')
    const run = await runCli(['export', '--url', weaviateUrl(), '--class', seeded.className, '--with-vector', '--out', out, '--partitions', '3', '--progress', 'none'])
    expect(run).toMatchObject({ code: 0, stdout: '' })
    const lines = (await fs.readFile(out, 'utf8')).trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(lines[0]).toMatchObject({ schema: { class: seeded.className } })
    const objects = lines.slice(1) as Array<{ id: string; vector?: number[] }>
    expect(objects.map((o) => o.id).sort()).toEqual([...seeded.ids].sort())
    expect(objects.every((o) => o.vector?.length === 4)).toBe(true)
  })

  it('writes to stdout when --out is not given', async () => {
    const run = await runCli(['export', '--url', weaviateUrl(), '--class', seeded.className, '--progress', 'none'])
    expect(run.code).toBe(0)
    expect(run.stdout.trimEnd().split('\n')).toHaveLength(COUNT + 1)
  })

  it('ends with a summary line of objects, failed, elapsed and rate on stderr', async () => {
    const run = await runCli(['export', '--url', weaviateUrl(), '--class', seeded.className, '--out', path.join(dir, 'summary.ndjson')])
    expect(run.stderr).toMatch(new RegExp(`^export: ${COUNT} objects, 0 failed, \\d+\\.\\d s, \\d+ objects/s\\n$`))
  })

  it('prints progress as JSON lines with --progress json, ending with a summary object', async () => {
    const run = await runCli(['export', '--url', weaviateUrl(), '--class', seeded.className, '--out', path.join(dir, 'json.ndjson'), '--progress', 'json'])
    const last = JSON.parse(run.stderr.trimEnd().split('\n').at(-1) ?? '') as Record<string, unknown>
    expect(last).toMatchObject({ command: 'export', summary: true, objects: COUNT, failed: 0, total: COUNT })
  })
})

describe('export then import', () => {
  it('into a fresh class gives the same count, ids, properties, vectors and references', async () => {
    const file = path.join(dir, 'roundtrip.ndjson')
    const fresh = uniqueClassName('CliImported')
    made.push(fresh)
    expect((await runCli(['export', '--url', weaviateUrl(), '--class', seeded.className, '--with-vector', '--out', file, '--progress', 'none'])).code).toBe(0)
    const imported = await runCli(['import', '--url', weaviateUrl(), '--class', fresh, '--create-class', file, '--progress', 'none'])
    expect(imported).toMatchObject({ code: 0, stdout: '' })
    expect(await contentOf(fresh)).toEqual(await contentOf(seeded.className))
  })

  it('from stdin, with the class named by the schema line, gives the same class', async () => {
    const exported = await runCli(['export', '--url', weaviateUrl(), '--class', seeded.className, '--with-vector', '--progress', 'none'])
    const fresh = uniqueClassName('CliFromStdin')
    made.push(fresh)
    const schemaLine = JSON.parse(exported.stdout.split('\n')[0] ?? '') as { schema: { class: string } }
    // The class is named by the header only (no --class); the objects' beacons still name the source.
    const renamed = [JSON.stringify({ schema: { ...schemaLine.schema, class: fresh } }), ...exported.stdout.split('\n').slice(1)].join('\n')
    const imported = await runCli(['import', '--url', weaviateUrl(), '--create-class', '-', '--progress', 'none'], { stdin: renamed })
    expect(imported.code).toBe(0)
    expect(await contentOf(fresh)).toEqual(await contentOf(seeded.className))
  })

  it('verify passes between the source and the imported class', async () => {
    const file = path.join(dir, 'verified.ndjson')
    const fresh = uniqueClassName('CliVerified')
    made.push(fresh)
    await runCli(['export', '--url', weaviateUrl(), '--class', seeded.className, '--with-vector', '--out', file, '--progress', 'none'])
    await runCli(['import', '--url', weaviateUrl(), '--class', fresh, '--create-class', file, '--progress', 'none'])
    const verified = await runCli(['verify', '--from', weaviateUrl(), '--to', weaviateUrl(), '--class', seeded.className, '--to-class', fresh, '--progress', 'none'])
    expect(verified).toMatchObject({ code: 0, stdout: `same: ${COUNT} objects\n` })
  })
})

describe('copy within one server', () => {
  it('copies objects, vectors and references into --to-class, and verify passes', async () => {
    const copyName = uniqueClassName('CliCopy')
    made.push(copyName)
    const copied = await runCli([
      'copy', '--from', weaviateUrl(), '--to', weaviateUrl(), '--class', seeded.className, '--to-class', copyName,
      '--with-references', '--partitions', '2', '--progress', 'none',
    ])
    expect(copied.code).toBe(0)
    expect(await contentOf(copyName)).toEqual(await contentOf(seeded.className))
    const verified = await runCli(['verify', '--from', weaviateUrl(), '--to', weaviateUrl(), '--class', seeded.className, '--to-class', copyName])
    expect(verified.code).toBe(0)
  })
})
