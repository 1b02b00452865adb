/**
 * Generative search and rerank on every search of `client.query`, against the run's MODULES server
 * (1.39.0 with `generative-dummy` and `reranker-dummy`). `generative-dummy` answers a fixed
 * sentence around the prompt it was given, so the expected text is computed here: the single
 * prompt with each `{property}` replaced by the object's value, the grouped task followed by the
 * results' text properties as Go's `json.Marshal` prints them
 * (usecases/modulecomponents/generative/generative.go, modules/generative-dummy/clients/dummy.go).
 * `reranker-dummy` scores a text by its length in bytes (modules/reranker-dummy/clients/ranker.go),
 * so the reranked order and scores are the search's own results sorted here. Each search runs over
 * gRPC and over GraphQL (`transport: 'rest'`), with identical results.
 */
import * as E from 'fp-ts/Either'
import { Observable, lastValueFrom, toArray } from 'rxjs'
import { Client, SearchResult, WeaviateError, connect } from '../../lib'
import type { GenerativeSearch, Rerank } from '../../lib'
import { createClass, deleteClass } from '../helpers/fixtures'
import { uniqueClassName } from '../helpers/server'
import { RecordingClient, recordingClient } from '../helpers/client'
import { configuredServer, serverUrl } from '../helpers/versions'
import { parseVersion, supports } from '../../lib/server/version'
import { ownHandles } from '../helpers/own-handles'

const Note = uniqueClassName('GenerativeNote')
const Sparse = uniqueClassName('GenerativeSparse')
const Grouped = uniqueClassName('GenerativeGrouped')

/** Titles and bodies: every body a different length in bytes (é and ü are two), so no rerank ties. */
const NOTES = [
  { title: 'fox one', body: 'a quick fox' },
  { title: 'fox two', body: 'the fox jumps over the lazy dog' },
  { title: 'fox three', body: 'café fox' },
  { title: 'fox four', body: 'über fox, très rapide' },
  { title: 'fox five', body: 'fox' },
  { title: 'fox six', body: 'a fox "quoted" & <tagged>' },
] as const
const idOf = (i: number): string => `cccccccc-0000-4000-8000-${i.toString(16).padStart(12, '0')}`
const vectorOf = (i: number): number[] => [Math.cos(i), Math.sin(i), 0.5 + i / 10]

type Note = { readonly title: string; readonly body: string }

/** Notes of three kinds for groupBy: every body a different length in bytes, so no rerank ties. */
const KINDS = ['den', 'field', 'river'] as const
const GROUPED_NOTES = Array.from({ length: 9 }, (_, i) => ({ title: `fox ${i}`, body: `${'ü'.repeat(i)} fox ${'x'.repeat(i * 3)}`, kind: KINDS[i % 3] ?? 'den' }))
type GroupedNote = Note & { readonly kind: string }
type Transport = 'grpc' | 'rest'

/** What generative-dummy answers for a prompt, with a class `moduleConfig` of `{"generative-dummy": {}}`. */
const dummyAnswer = (prompt: string): string =>
  `You want me to generate something based on the following prompt: ${prompt}. With settings: . I'm sorry, I'm just a dummy and can't generate anything.`

/** JSON as Go's `json.Marshal` prints a list of string maps: keys sorted, `<`, `>`, `&`, U+2028 and U+2029 escaped. */
const goJson = (maps: ReadonlyArray<Readonly<Record<string, string>>>): string =>
  JSON.stringify(maps.map((m) => Object.fromEntries(Object.entries(m).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))))
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

/** The single prompt with each `{name}` replaced by the object's value (names trimmed, as the server does). */
const singlePrompt = (prompt: string, properties: Readonly<Record<string, string>>): string =>
  prompt.replace(/{([\w\s]*?)}/g, (_match, name: string) => properties[name.trim()] ?? '')

/** The grouped task's prompt over the results in order, each with the properties given (default: all). */
const groupedPrompt = <T extends Readonly<Record<string, string>>>(task: string, objects: readonly T[], properties?: ReadonlyArray<keyof T & string>): string =>
  `${task}: ${goJson(objects.map((o) => (properties === undefined ? { ...o } : Object.fromEntries(properties.map((p) => [p, o[p] as string])))))}`

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8')

let client: Client

const only = async <A>(op: Observable<E.Either<WeaviateError, A>>): Promise<E.Either<WeaviateError, A>> => {
  const values = await lastValueFrom(op.pipe(toArray()))
  expect(values).toHaveLength(1)
  const [value] = values
  if (value === undefined) throw new Error('no value')
  return value
}

const rightOf = async <A>(op: Observable<E.Either<WeaviateError, A>>): Promise<A> => {
  const value = await only(op)
  if (E.isLeft(value)) throw new Error(`expected a Right, got ${value.left._tag}: ${value.left.message}`)
  return value.right
}

/** The same search over both transports: the gRPC result, after checking the GraphQL one is identical. */
const onBoth = async (run: (transport: Transport) => Observable<E.Either<WeaviateError, SearchResult<Note>>>): Promise<SearchResult<Note>> => {
  const [grpc, rest] = await Promise.all([rightOf(run('grpc')), rightOf(run('rest'))])
  expect(grpc).toStrictEqual(rest)
  return grpc
}

/** Every search of `client.query`, each finding some of the notes, with extra arguments. */
const SEARCHES = {
  fetchObjects: (t: Transport, extra: object) => client.query.fetchObjects<Note>({ className: Note, transport: t, limit: 6, ...extra }),
  nearVector: (t: Transport, extra: object) => client.query.nearVector<Note>({ className: Note, transport: t, vector: vectorOf(2), limit: 4, ...extra }),
  nearObject: (t: Transport, extra: object) => client.query.nearObject<Note>({ className: Note, transport: t, id: idOf(1), limit: 4, ...extra }),
  bm25: (t: Transport, extra: object) => client.query.bm25<Note>({ className: Note, transport: t, query: 'fox', limit: 5, ...extra }),
  hybrid: (t: Transport, extra: object) => client.query.hybrid<Note>({ className: Note, transport: t, query: 'fox', vector: vectorOf(3), limit: 5, ...extra }),
} as const
const SEARCH_NAMES = Object.keys(SEARCHES) as Array<keyof typeof SEARCHES>

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles({
  closeAfterAll: async () => {
    const { url, apiKey } = configuredServer('MODULES')
    const target = { url, ...(apiKey === undefined ? {} : { apiKey }) }
    await deleteClass(target, Note)
    await deleteClass(target, Sparse)
    await deleteClass(target, Grouped)
    await client.close()
  },
})

beforeAll(async () => {
  const { url, apiKey, grpcUrl } = configuredServer('MODULES')
  client = connect({ url, ...(apiKey === undefined ? {} : { apiKey }), grpcUrl, transport: 'grpc' })
  const target = { url, ...(apiKey === undefined ? {} : { apiKey }) }
  const properties = [
    { name: 'title', dataType: ['text'] },
    { name: 'body', dataType: ['text'] },
  ]
  await createClass(target, { class: Note, vectorizer: 'none', properties, moduleConfig: { 'generative-dummy': {}, 'reranker-dummy': {} } })
  await createClass(target, { class: Sparse, vectorizer: 'none', properties, moduleConfig: { 'generative-dummy': {} } })
  await createClass(target, {
    class: Grouped,
    vectorizer: 'none',
    properties: [...properties, { name: 'kind', dataType: ['text'] }],
    moduleConfig: { 'generative-dummy': {}, 'reranker-dummy': {} },
  })
  const written = await lastValueFrom(
    client.objects.batch([
      ...NOTES.map((dataObject, i) => ({ className: Note, uuid: idOf(i), vector: vectorOf(i), dataObject })),
      ...GROUPED_NOTES.map((dataObject, i) => ({ className: Grouped, uuid: idOf(i), vector: vectorOf(i), dataObject })),
      { className: Sparse, uuid: idOf(0), vector: vectorOf(0), dataObject: { title: 'no body' } },
    ]).pipe(toArray()),
  )
  expect(written.filter(E.isLeft)).toEqual([])
}, 60_000)

describe('generative search: the text generative-dummy writes, the same on gRPC and GraphQL', () => {
  it.each(SEARCH_NAMES)('%s: each object has the answer to its own prompt', async (name) => {
    const generate: GenerativeSearch = { singlePrompt: 'Tell me about {title}, which says {body}' }
    const result = await onBoth((t) => SEARCHES[name](t, { generate }))
    expect(result.objects.length).toBeGreaterThan(1)
    for (const o of result.objects) expect(o.generated).toBe(dummyAnswer(singlePrompt('Tell me about {title}, which says {body}', o.properties)))
    expect(result.generated).toBeUndefined()
  })

  it.each(SEARCH_NAMES)('%s: the grouped task is answered once, over the chosen properties of the results in order', async (name) => {
    const generate: GenerativeSearch = { groupedTask: 'Which one is about a dog?', groupedProperties: ['body'] }
    const result = await onBoth((t) => SEARCHES[name](t, { generate }))
    expect(result.objects.length).toBeGreaterThan(1)
    expect(result.generated).toBe(dummyAnswer(groupedPrompt('Which one is about a dog?', result.objects.map((o) => o.properties), ['body'])))
    for (const o of result.objects) expect(o.generated).toBeUndefined()
  })

  it('a grouped task without groupedProperties sees every property; with a single prompt, both answers come back', async () => {
    const generate: GenerativeSearch = { singlePrompt: 'Title: {title}', groupedTask: 'Summarise' }
    const result = await onBoth((t) => SEARCHES.bm25(t, { generate }))
    expect(result.generated).toBe(dummyAnswer(groupedPrompt('Summarise', result.objects.map((o) => o.properties))))
    expect(result.objects.map((o) => o.generated)).toEqual(result.objects.map((o) => dummyAnswer(`Title: ${o.properties.title}`)))
  })

  it('a search that finds nothing has no generated text', async () => {
    const result = await onBoth((t) => SEARCHES.bm25(t, { query: 'nothing-matches-this', generate: { singlePrompt: '{title}', groupedTask: 'Summarise' } }))
    expect(result).toStrictEqual({ objects: [] })
  })

  it.each(['grpc', 'rest'] as const)("over %s, a prompt naming a property an object has no value of fails the search with the module's message", async (transport) => {
    const value = await only(client.query.fetchObjects({ className: Sparse, transport, generate: { singlePrompt: 'About {body}' } }))
    expect(E.isLeft(value) && value.left.message).toContain("Following property has empty value: 'body'")
  })

  it.each([
    ['grpc', "no such prop with name 'missing'"],
    ['rest', "Following property has empty value: 'missing'"],
  ] as const)('over %s, a prompt naming a property the class lacks fails the search (each transport with its own message)', async (transport, message) => {
    const value = await only(SEARCHES.fetchObjects(transport, { generate: { singlePrompt: 'About {missing}' } }))
    expect(E.isLeft(value) && value.left.message).toContain(message)
  })
})

describe('rerank: the order and scores reranker-dummy gives (length in bytes), the same on gRPC and GraphQL', () => {
  it.each(SEARCH_NAMES)('%s: the results the search found, by the byte length of the property, longest first', async (name) => {
    const found = await rightOf(SEARCHES[name]('grpc', {}))
    const rerank: Rerank = { property: 'body', query: 'which fox?' }
    const result = await onBoth((t) => SEARCHES[name](t, { rerank }))
    const expected = [...found.objects].sort((a, b) => bytes(b.properties.body) - bytes(a.properties.body))
    expect(result.objects.map((o) => o.id)).toEqual(expected.map((o) => o.id))
    expect(result.objects.map((o) => o.metadata.rerankScore)).toEqual(expected.map((o) => bytes(o.properties.body)))
  })

  it('without a query, and with other metadata asked for', async () => {
    const result = await onBoth((t) => SEARCHES.nearVector(t, { rerank: { property: 'title' }, returnMetadata: ['distance'] }))
    const scores = result.objects.map((o) => o.metadata.rerankScore)
    expect(scores).toEqual(result.objects.map((o) => bytes(o.properties.title)))
    expect(scores).toEqual([...scores].sort((a, b) => (b ?? 0) - (a ?? 0)))
    for (const o of result.objects) expect(Object.keys(o.metadata).sort()).toEqual(['distance', 'rerankScore'])
  })

  it('reranked and generated at once: each object keeps its own answer', async () => {
    const result = await onBoth((t) => SEARCHES.fetchObjects(t, { rerank: { property: 'body' }, generate: { singlePrompt: 'Say {body}' } }))
    expect(result.objects.map((o) => o.properties.body)).toEqual(NOTES.map((n) => n.body).sort((a, b) => bytes(b) - bytes(a)))
    for (const o of result.objects) expect(o.generated).toBe(dummyAnswer(`Say ${o.properties.body}`))
  })
})

describe('with groupBy: one answer and one score per group, the same on gRPC and GraphQL', () => {
  /** Three groups of two, by kind: each group's first object is its nearest. */
  const grouped = (t: Transport, extra: object): Observable<E.Either<WeaviateError, SearchResult<GroupedNote>>> =>
    client.query.nearVector<GroupedNote>({
      className: Grouped,
      transport: t,
      vector: vectorOf(4),
      limit: 9,
      groupBy: { property: 'kind', numberOfGroups: 3, objectsPerGroup: 2 },
      ...extra,
    })
  const groupsOf = (result: SearchResult<GroupedNote>) => Object.values(result.groups ?? {})
  const firstOf = (group: { readonly objects: ReadonlyArray<{ readonly properties: GroupedNote }> }): GroupedNote => {
    const first = group.objects[0]
    if (first === undefined) throw new Error('an empty group')
    return first.properties
  }
  const onBothGrouped = async (run: (transport: Transport) => Observable<E.Either<WeaviateError, SearchResult<GroupedNote>>>): Promise<SearchResult<GroupedNote>> => {
    const [grpc, rest] = await Promise.all([rightOf(run('grpc')), rightOf(run('rest'))])
    expect(grpc).toStrictEqual(rest)
    expect(Object.keys(grpc.groups ?? {})).toHaveLength(3)
    return grpc
  }

  it("a single prompt is answered once per group, over the properties of the group's first object; its members have no answer", async () => {
    const result = await onBothGrouped((t) => grouped(t, { generate: { singlePrompt: 'Tell me about {title}, a {kind}' } }))
    for (const group of groupsOf(result)) expect(group.generated).toBe(dummyAnswer(singlePrompt('Tell me about {title}, a {kind}', firstOf(group))))
    for (const o of result.objects) expect(o.generated).toBeUndefined()
    expect(result.generated).toBeUndefined()
  })

  it("a grouped task is answered once for the search, over the chosen properties of each group's first object in group order", async () => {
    const result = await onBothGrouped((t) => grouped(t, { generate: { groupedTask: 'Which den?', groupedProperties: ['body', 'kind'] } }))
    expect(result.generated).toBe(dummyAnswer(groupedPrompt('Which den?', groupsOf(result).map(firstOf), ['body', 'kind'])))
    for (const group of groupsOf(result)) expect(group.generated).toBeUndefined()
  })

  it("a rerank scores each group by its first object's property and orders the groups by that score; members keep no score", async () => {
    const plain = await rightOf(grouped('grpc', {}))
    const result = await onBothGrouped((t) => grouped(t, { rerank: { property: 'body', query: 'which fox?' } }))
    const expected = groupsOf(plain).sort((a, b) => bytes(firstOf(b).body) - bytes(firstOf(a).body))
    expect(groupsOf(result).map((g) => g.name)).toEqual(expected.map((g) => g.name))
    expect(groupsOf(result).map((g) => g.rerankScore)).toEqual(expected.map((g) => bytes(firstOf(g).body)))
    for (const o of result.objects) expect(o.metadata.rerankScore).toBeUndefined()
  })
})

describe('what is refused before any search request', () => {
  let recording: RecordingClient | undefined

  afterEach(async () => {
    await recording?.close()
    recording = undefined
  })

  it.each([
    ['1.14.1', 'a single prompt', 'generative search', '1.18.0', { generate: { singlePrompt: '{title}' } }],
    ['1.13.2', 'a grouped task', 'generative search', '1.18.0', { generate: { groupedTask: 'Summarise' } }],
    ['1.18.6', "a grouped task's properties", "a grouped task's 'groupedProperties'", '1.19.0', { generate: { groupedTask: 'Summarise', groupedProperties: ['title'] } }],
    ['1.18.6', 'a rerank', 'rerank', '1.20.0', { rerank: { property: 'title' } }],
    ['1.14.1', 'a rerank with a query', 'rerank', '1.20.0', { rerank: { property: 'title', query: 'fox' } }],
  ] as const)('on %s, %s is an UnsupportedVersionError after reading the version only', async (version, _name, feature, requires, extra) => {
    recording = recordingClient({ url: serverUrl(version), transport: 'rest' })
    const value = await only(recording.client.query.fetchObjects({ className: 'Article', ...extra }))
    expect(value).toEqual(E.left(expect.objectContaining({ _tag: 'UnsupportedVersionError', feature, requires })))
    expect(recording.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/meta'])
  })

  const groupBy = { property: 'title', numberOfGroups: 2, objectsPerGroup: 2 }
  it.each([
    ['1.18.6', 'a single prompt with groupBy', { generate: { singlePrompt: '{title}' }, groupBy }],
    ['1.14.1', 'a grouped task with groupBy', { generate: { groupedTask: 'Summarise' }, groupBy }],
    ['1.18.6', 'a rerank with groupBy', { rerank: { property: 'title' }, groupBy }],
  ] as const)("on %s, %s is an UnsupportedVersionError for the grouping (1.19) after reading the version only", async (version, _name, extra) => {
    recording = recordingClient({ url: serverUrl(version), transport: 'rest' })
    const value = await only(recording.client.query.nearVector({ className: 'Article', vector: [1, 2, 3], ...extra }))
    expect(value).toEqual(E.left(expect.objectContaining({ _tag: 'UnsupportedVersionError', feature: "a vector search's 'groupBy'", requires: '1.19.0' })))
    expect(recording.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/meta'])
  })

  it.each([
    ['an empty generate', { generate: {} }, 'ArgumentValueError'],
    ['a blank single prompt', { generate: { singlePrompt: '  ' } }, 'ArgumentValueError'],
    ['a prompt that is not text', { generate: { singlePrompt: 42 } }, 'ArgumentTypeError'],
    ['groupedProperties without a grouped task', { generate: { singlePrompt: '{title}', groupedProperties: ['title'] } }, 'ArgumentValueError'],
    ['an empty groupedProperties', { generate: { groupedTask: 'Summarise', groupedProperties: [] } }, 'ArgumentValueError'],
    ['a grouped property that is not a property name', { generate: { groupedTask: 'Summarise', groupedProperties: ['a b'] } }, 'ArgumentValueError'],
    ['a key generate does not take', { generate: { singlePrompt: 'x', provider: 'openai' } }, 'ArgumentValueError'],
    ['a rerank without a property', { rerank: { query: 'fox' } }, 'ArgumentTypeError'],
    ['a rerank query that is not text', { rerank: { property: 'title', query: 1 } }, 'ArgumentTypeError'],
    ['a key rerank does not take', { rerank: { property: 'title', limit: 3 } }, 'ArgumentValueError'],
  ] as const)('%s is an ArgumentError, nothing sent', async (_name, extra, tag) => {
    recording = recordingClient({ url: configuredServer('MODULES').url })
    const value = await only(recording.client.query.nearVector({ className: Note, vector: [1, 2, 3], ...(extra as object) }))
    expect(value).toEqual(E.left(expect.objectContaining({ _tag: tag })))
    expect(recording.requests).toEqual([])
  })

  it.each([
    ['1.26.9', false],
    ['1.27.0', true],
  ] as const)('the gRPC cut-off (single and grouped, read with uses_127_api): on %s a generative search can go over gRPC: %s', (raw, grpc) => {
    const version = parseVersion(raw)
    if (version === undefined) throw new Error(raw)
    expect(supports(version, 'grpcGenerative')).toBe(grpc)
  })

  it('on 1.39 a generative search goes over gRPC: no GraphQL request', async () => {
    const { url, grpcUrl } = configuredServer('MODULES')
    recording = recordingClient({ url, grpcUrl, transport: 'grpc' })
    const result = await rightOf(recording.client.query.fetchObjects({ className: Note, generate: { groupedTask: 'Summarise' } }))
    expect(result.generated).toContain('Summarise: [')
    expect(recording.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/meta'])
  })
})
