/**
 * The examples run against the real server: the quickstart's main, an NDJSON export → import →
 * export round trip of a class of a few thousand objects, and the RxJS fix-up pipeline.
 */
import { randomUUID } from 'node:crypto'
import { promises as fs } from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { Client, connect, rightOrThrow } from '../lib'
import { copyClass } from '../examples/copy-class'
import { exportNdjson } from '../examples/export-ndjson'
import { importNdjson } from '../examples/import-ndjson'
import { formatDuration, progressBar, renderProgress } from '../examples/progress'
import { main } from '../examples/quickstart'
import { fixObjects, trimProperty } from '../examples/rx-pipeline'
import { main as searchMain } from '../examples/search'
import { NOTES, main as ragMain } from '../examples/rag'
import { ClassDefinition, createClass, deleteClass, getObjectRaw, insertObjects } from './helpers/fixtures'
import { authHeaders, uniqueClassName, weaviateConnection, weaviateUrl } from './helpers/server'
import { apiKeyOption, configuredServer, grpcServerUrl } from './helpers/versions'

const COUNT = 3_000
const WITH_VECTORS = 120

let client: Client
let dir: string

beforeAll(async () => {
  client = connect({ ...weaviateConnection() })
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'weaviate-rx-examples-'))
})

afterAll(async () => {
  await client.close()
  await fs.rm(dir, { recursive: true, force: true })
})

const itemClass = (name: string): ClassDefinition => ({
  class: name,
  vectorizer: 'none',
  properties: [
    { name: 'title', dataType: ['text'] },
    { name: 'n', dataType: ['int'] },
    { name: 'score', dataType: ['number'] },
    { name: 'tags', dataType: ['text[]'] },
    { name: 'even', dataType: ['boolean'] },
  ],
})

describe('examples/quickstart', () => {
  it('runs against WEAVIATE_URL and removes its classes', async () => {
    const lines: string[] = []
    const suffix = `_${randomUUID().replace(/-/g, '').slice(0, 12)}`
    const summary = await main(weaviateUrl(), { suffix, log: (line) => lines.push(line) })
    expect(summary).toMatchObject({
      url: weaviateUrl(),
      classes: { Author: `Author${suffix}`, Article: `Article${suffix}` },
      authors: 2,
      articles: 3,
      firstArticleAuthors: ['Ada Lovelace', 'Alan Turing'],
      streamed: 3,
      existsAfterDelete: false,
      invalidObjectValid: false,
    })
    expect(lines.at(-1)).toContain('3 articles')
    // Cleaned up: listing a class that does not exist gives [].
    const left = await lastValueFrom(client.objects.list({ className: `Article${suffix}` }).pipe(rightOrThrow()))
    expect(left).toEqual([])
    const schema = (await (await fetch(`${weaviateUrl()}/v1/schema`, { headers: authHeaders() })).json()) as { classes: Array<{ class: string }> }
    expect(schema.classes.map((c) => c.class)).not.toContain(`Article${suffix}`)
  })
})

describe('examples/export-ndjson and import-ndjson', () => {
  const Source = uniqueClassName('ExportSource')
  const Copy = uniqueClassName('ExportCopy')

  beforeAll(async () => {
    await createClass(weaviateUrl(), itemClass(Source))
    await createClass(weaviateUrl(), itemClass(Copy))
    await insertObjects(
      weaviateUrl(),
      Source,
      Array.from({ length: COUNT }, (_, n) => ({
        title: `item ${n} “ünïcode” \n line`,
        n,
        score: n / 7,
        tags: [`t${n % 5}`, 'all'],
        even: n % 2 === 0,
      })),
    )
    // A few objects with vectors, to check they survive the round trip.
    for (let i = 0; i < WITH_VECTORS; i += 1) {
      await lastValueFrom(
        client.objects
          .create({ className: Source, dataObject: { title: `vector ${i}`, n: -i }, vector: [i / 3, -i, 0.125, 1e-3 * i] })
          .pipe(rightOrThrow()),
      )
    }
  }, 120_000)

  afterAll(async () => {
    await deleteClass(weaviateUrl(), Source)
    await deleteClass(weaviateUrl(), Copy)
  })

  /** The lines of an export, parsed, without what legitimately differs (class, timestamps). */
  const comparable = async (file: string) => {
    const text = await fs.readFile(file, 'utf8')
    expect(text.endsWith('\n')).toBe(true)
    return text
      .trimEnd()
      .split('\n')
      .map((line) => {
        const { class: _class, creationTimeUnix: _c, lastUpdateTimeUnix: _u, ...rest } = JSON.parse(line) as Record<string, unknown>
        return rest
      })
  }

  it('round-trips a class: export, import into another class, export again gives the same objects', async () => {
    const first = path.join(dir, 'first.ndjson')
    const second = path.join(dir, 'second.ndjson')
    const progress: string[] = []
    const exported = await exportNdjson({
      url: weaviateUrl(),
      className: Source,
      file: first,
      pageSize: 250,
      progress: { write: (text) => progress.push(text) },
    })
    expect(exported.objects).toBe(COUNT + WITH_VECTORS)
    expect(progress.at(-1)).toContain(`${(COUNT + WITH_VECTORS).toLocaleString('en-US')}/`)

    const imported = await importNdjson({ url: weaviateUrl(), file: first, className: Copy, progress: null })
    expect(imported).toEqual({ written: COUNT + WITH_VECTORS, failures: [] })

    await exportNdjson({ url: weaviateUrl(), className: Copy, file: second, progress: null })
    const [a, b] = [await comparable(first), await comparable(second)]
    expect(a).toHaveLength(COUNT + WITH_VECTORS)
    expect(b).toEqual(a)
    const ids = a.map((o) => o['id'] as string)
    expect(ids).toEqual([...ids].sort())
    expect(a.filter((o) => Array.isArray(o['vector']))).toHaveLength(WITH_VECTORS)
    const firstLine = JSON.parse((await fs.readFile(second, 'utf8')).split('\n')[0] ?? '') as Record<string, unknown>
    expect(firstLine['class']).toBe(Copy)
  })

  it('reports failed lines with their numbers and overwrites existing ids', async () => {
    const file = path.join(dir, 'mixed.ndjson')
    const [existing] = await insertObjects(weaviateUrl(), Copy, [{ title: 'already there' }])
    const fresh = randomUUID()
    await fs.writeFile(
      file,
      [
        JSON.stringify({ class: Copy, id: existing, properties: { title: 'dup' } }),
        '',
        '{ not json',
        JSON.stringify({ class: Copy, id: fresh, properties: { title: 'new', n: 'not a number' } }),
        JSON.stringify({ class: Copy, properties: { title: 'no id' } }),
      ].join('\n'),
    )
    const result = await importNdjson({ url: weaviateUrl(), file, progress: null })
    expect(result.written).toBe(2)
    expect(result.failures.map((f) => [f.line, f.error?._tag])).toEqual([
      [3, undefined],
      [4, 'BatchObjectError'],
    ])
    expect((await getObjectRaw(weaviateUrl(), Copy, existing ?? ''))?.['properties']).toMatchObject({ title: 'dup' })
  })

  it('copyClass copies every object with its vector into a new class it creates from the definition', async () => {
    const Copied = uniqueClassName('Copied')
    try {
      const result = await copyClass({ from: client, to: client, className: Source, toClassName: Copied, batchSize: 250, progress: null })
      expect(result).toEqual({ copied: COUNT + WITH_VECTORS, failures: [] })
      const read = async (className: string) =>
        (await lastValueFrom(client.objects.stream({ className, withVector: true }).pipe(toArray())))
          .map((r) => (E.isRight(r) ? { id: r.right.id, properties: r.right.properties, vector: r.right.vector } : r.left))
      expect(await read(Copied)).toEqual(await read(Source))
    } finally {
      await deleteClass(weaviateUrl(), Copied)
    }
  })

  it('rejects an export of a path that cannot be written', async () => {
    await expect(
      exportNdjson({ url: weaviateUrl(), className: Source, file: path.join(dir, 'missing', 'x.ndjson'), progress: null }),
    ).rejects.toThrow(/ENOENT/)
  })
})


describe('examples/rx-pipeline', () => {
  const Doc = uniqueClassName('FixDoc')

  beforeAll(async () => {
    await createClass(weaviateUrl(), {
      class: Doc,
      vectorizer: 'none',
      properties: [
        { name: 'title', dataType: ['text'] },
        { name: 'n', dataType: ['int'] },
      ],
    })
    await insertObjects(
      weaviateUrl(),
      Doc,
      Array.from({ length: 450 }, (_, n) => ({ title: n % 9 === 0 ? `  padded ${n}\t` : `clean ${n}`, n })),
    )
  })

  afterAll(() => deleteClass(weaviateUrl(), Doc))

  const titles = async () => {
    const items = await lastValueFrom(client.objects.stream({ className: Doc }).pipe(toArray()))
    return items.map((item) => (E.isRight(item) ? String(item.right.properties['title']) : `Left ${item.left._tag}`))
  }

  it('trims the padded titles and reports the counts', async () => {
    const report = await lastValueFrom(fixObjects({ client, className: Doc, pageSize: 40, ...trimProperty('title') }))
    expect(report).toEqual({ scanned: 450, matched: 50, updated: 50, failures: [] })
    const after = await titles()
    expect(after).toHaveLength(450)
    expect(after.every((t) => t === t.trim())).toBe(true)
    // A second run finds nothing to do.
    const again = await lastValueFrom(fixObjects({ client, className: Doc, ...trimProperty('title') }))
    expect(again).toMatchObject({ scanned: 450, matched: 0, updated: 0 })
  })

  it('collects the Lefts of failed updates into the report and goes on', async () => {
    const report = await lastValueFrom(
      fixObjects({
        client,
        className: Doc,
        select: (o) => Number(o.properties['n']) < 20,
        // Odd objects get a value the int property cannot hold: the server refuses those updates.
        patch: (o) => {
          const n = Number(o.properties['n'])
          return { n: n % 2 === 0 ? n + 1000 : 'many' }
        },
      }),
    )
    expect(report).toMatchObject({ scanned: 450, matched: 20, updated: 10 })
    expect(report.failures).toHaveLength(10)
    expect(new Set(report.failures.map((f) => f.tag))).toEqual(new Set(['UnexpectedStatusError']))
    expect(report.streamError).toBeUndefined()
  })

  it('reports a stream that fails as streamError', async () => {
    const report = await lastValueFrom(fixObjects({ client, className: Doc, pageSize: 0, ...trimProperty('title') }))
    expect(report).toMatchObject({ scanned: 0, streamError: { tag: 'ArgumentValueError' } })
  })
})

describe('examples/progress', () => {
  it('renders count, percentage, rate and ETA', () => {
    expect(renderProgress('x', 1500, 3000, 2)).toBe('x [############............] 1,500/3,000  50%  750/s  ETA 2s')
    expect(renderProgress('x', 10, undefined, 5)).toBe('x 10  2/s')
    expect(formatDuration(125)).toBe('2m05s')
  })

  it('redraws in place on a terminal and ends the line when done', () => {
    let t = 0
    const out: string[] = []
    const bar = progressBar({ label: 'x', total: 4, sink: { write: (s) => out.push(s), isTTY: true }, now: () => t })
    t = 200
    bar.tick(2)
    bar.done()
    bar.done()
    expect(out).toHaveLength(2)
    expect(out[0]).toMatch(/^\r.*2\/4/)
    expect(out[1]).toMatch(/2\/4/)
    expect(out[1]?.endsWith('\n')).toBe(true)
  })
})

describe('examples/search', () => {
  it('answers near-vector, search-as-you-type, filtered, neighbour and per-topic questions, and removes its class', async () => {
    const className = uniqueClassName('SearchExample')
    const summary = await searchMain(weaviateUrl(), { className, grpcUrl: grpcServerUrl('1.39.0'), ...apiKeyOption(weaviateUrl()), log: () => undefined })
    expect(summary.nearest).toEqual(['The quick brown fox', 'A fox in the snow', 'Owls hunt at night'])
    expect(summary.typed).toHaveLength(3)
    expect(summary.typed[0]).toMatch(/fox/i)
    expect(summary.filtered).toEqual(['Fox-shaped cookies', 'Baking sourdough bread'])
    expect(summary.neighbours).toEqual({ 'The quick brown fox': 'A fox in the snow', 'A fox in the snow': 'The quick brown fox', 'Owls hunt at night': 'A fox in the snow' })
    expect(summary.perTopic).toEqual([
      { value: 'animals', count: 3 },
      { value: 'food', count: 3 },
      { value: 'tech', count: 2 },
    ])
    const schema = (await (await fetch(`${weaviateUrl()}/v1/schema`, { headers: authHeaders() })).json()) as { classes: Array<{ class: string }> }
    expect(schema.classes.map((c) => c.class)).not.toContain(className)
  })
})

describe('examples/rag', () => {
  it('finds the fox notes, reranks them by body length, and shows what the model was asked', async () => {
    const className = uniqueClassName('RagNote')
    const { url, apiKey, grpcUrl } = configuredServer('MODULES')
    const summary = await ragMain(url, { className, grpcUrl, ...(apiKey === undefined ? {} : { apiKey }), log: () => undefined })
    const foxes = NOTES.filter((n) => /fox/i.test(n.title)).sort((a, b) => Buffer.byteLength(b.body) - Buffer.byteLength(a.body))
    expect(summary.titles).toEqual(foxes.map((n) => n.title))
    expect(summary.scores).toEqual(foxes.map((n) => Buffer.byteLength(n.body)))
    expect(summary.lines).toHaveLength(foxes.length)
    foxes.forEach((n, i) => expect(summary.lines[i]).toContain(`In one line, what does "${n.title}" say about: ${n.body}. With settings`))
    expect(summary.answer).toContain('Answer from these notes only: How do foxes hunt in winter?: [{"body":')
    const schema = (await (await fetch(`${url}/v1/schema`, { headers: authHeaders(url) })).json()) as { classes: Array<{ class: string }> }
    expect(schema.classes.map((c) => c.class)).not.toContain(className)
  })
})
