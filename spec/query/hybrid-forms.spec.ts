/**
 * The advanced forms of a hybrid search's vector side on 1.39.0 over gRPC `Search`, each by the
 * ranking a user sees. The keyword side matches nothing here (the query's word is in no object),
 * so the vector side alone orders the results:
 * - a nearVector sub-search (`vector: { vector }`) decides which object ranks first, and its
 *   `distance` keeps only the objects that near;
 * - a vector per target vector (`vector: { title, body }`) ranks by both targets at once;
 * - weights per target (`targetVector` as a multi-target vector, `manual-weights` and
 *   `relative-score`) flip the ranking toward the heavier target, on hybrid and on nearVector;
 * - a nearText sub-search on the MODULES server (`text2vec-bigram`) ranks by its own text, not
 *   the hybrid's query.
 * Then what is refused before any search request: bad weights and vectors (ArgumentValueError),
 * GraphQL (this client sends these forms over gRPC only), servers before each form's version.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { type BatchObject, type Client, type MultiTargetVector, type SearchResult, connect } from '../../lib'
import { hybridInput } from '../../lib/query/check'
import { supportsQuery } from '../../lib/query/requirements'
import { parseVersion } from '../../lib/server/version'
import { left, recordingClient, right, type RecordingClient } from '../helpers/client'
import { createClass, deleteClass } from '../helpers/fixtures'
import { searchClass } from '../helpers/search-class'
import { uniqueClassName } from '../helpers/server'
import { configuredServer, serverUrl } from '../helpers/versions'
import { ownHandles } from '../helpers/own-handles'

const uuidOf = (i: number): string => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`

/** P is near [1, 0] by its title and near [0, 1] by its body; Q the other way round; R between. */
const P = uuidOf(1)
const Q = uuidOf(2)
const R = uuidOf(3)
const OBJECTS = [
  { id: P, title: [1, 0], body: [0, 1] },
  { id: Q, title: [0, 1], body: [1, 0] },
  { id: R, title: [0.6, 0.8], body: [0.6, 0.8] },
] as const

type Result = SearchResult<Record<string, unknown>, unknown>
const ids = (result: Result): string[] => result.objects.map((o) => o.id)

/** A query word in no object: the keyword side finds nothing, the vector side orders alone. */
const NOWHERE = 'zzzz'

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles()

describe('hybrid vector forms on 1.39.0 (gRPC)', () => {
  const flat = { vectorizer: { none: {} }, vectorIndexType: 'flat', vectorIndexConfig: { distance: 'cosine' } }
  const { className, client } = searchClass(
    'grpc',
    'HybridForms',
    { properties: [{ name: 'text', dataType: ['text'] }], vectorConfig: { title: flat, body: flat } },
    (className) => OBJECTS.map((o) => ({ className, uuid: o.id, vectors: { title: [...o.title], body: [...o.body] }, dataObject: { text: 'a note' } })),
  )
  const hybrid = { query: NOWHERE, alpha: 1, returnMetadata: ['score' as const] }

  it.each([
    ['[1, 0]', [1, 0], P],
    ['[0, 1]', [0, 1], Q],
  ] as const)('a nearVector sub-search at %s ranks first the object whose title is there', async (_name, vector, first) => {
    const result = await right(client().query.hybrid({ className, ...hybrid, targetVector: 'title', vector: { vector } }))
    expect(ids(result)[0]).toBe(first)
  })

  it("a nearVector sub-search's distance keeps only the objects that near", async () => {
    const all = await right(client().query.hybrid({ className, ...hybrid, targetVector: 'title', vector: { vector: [1, 0] } }))
    const near = await right(client().query.hybrid({ className, ...hybrid, targetVector: 'title', vector: { vector: [1, 0], distance: 0.1 } }))
    expect(ids(all)).toHaveLength(3)
    expect(ids(near)).toEqual([P])
  })

  it.each([
    ['title [1, 0] and body [0, 1]', { title: [1, 0], body: [0, 1] }, P],
    ['title [0, 1] and body [1, 0]', { title: [0, 1], body: [1, 0] }, Q],
  ] as const)('a vector per target (%s) ranks first the object near both', async (_name, vector, first) => {
    const result = await right(client().query.hybrid({ className, ...hybrid, vector }))
    expect(ids(result)[0]).toBe(first)
  })

  it("a vector per target follows targetVector's order and combination (the multi-target form, sum)", async () => {
    const targetVector: MultiTargetVector = { combination: 'sum', targetVectors: ['body', 'title'] }
    const result = await right(client().query.hybrid({ className, ...hybrid, vector: { title: [0, 1], body: [1, 0] }, targetVector }))
    expect(ids(result)[0]).toBe(Q)
  })

  const weighted = (combination: MultiTargetVector['combination'], title: number, body: number): MultiTargetVector => ({
    combination,
    targetVectors: ['title', 'body'],
    weights: { title, body },
  })

  it.each(['manual-weights', 'relative-score'] as const)('hybrid with %s ranks first the object near the heavier target', async (combination) => {
    const byTitle = await right(client().query.hybrid({ className, ...hybrid, vector: [1, 0], targetVector: weighted(combination, 0.9, 0.1) }))
    const byBody = await right(client().query.hybrid({ className, ...hybrid, vector: [1, 0], targetVector: weighted(combination, 0.1, 0.9) }))
    expect([ids(byTitle)[0], ids(byBody)[0]]).toEqual([P, Q])
  })

  it.each(['manual-weights', 'relative-score'] as const)('nearVector with %s ranks first the object near the heavier target', async (combination) => {
    const byTitle = await right(client().query.nearVector({ className, vector: [1, 0], targetVector: weighted(combination, 0.9, 0.1) }))
    const byBody = await right(client().query.nearVector({ className, vector: [1, 0], targetVector: weighted(combination, 0.1, 0.9) }))
    expect([ids(byTitle)[0], ids(byBody)[0]]).toEqual([P, Q])
  })

  it('manual weights scale the distances: each object at its weighted sum', async () => {
    const result = await right(client().query.nearVector({ className, vector: [1, 0], targetVector: weighted('manual-weights', 0.9, 0.1), returnMetadata: ['distance'] }))
    // Cosine distances to [1, 0]: P title 0, body 1; Q title 1, body 0; R 0.4 and 0.4.
    expect(result.objects.map((o) => [o.id, o.metadata.distance])).toEqual([
      [P, expect.closeTo(0.1, 5)],
      [R, expect.closeTo(0.4, 5)],
      [Q, expect.closeTo(0.9, 5)],
    ])
  })
})

describe('a nearText sub-search on the MODULES server (text2vec-bigram)', () => {
  const server = configuredServer('MODULES')
  const target = { url: server.url, ...(server.apiKey === undefined ? {} : { apiKey: server.apiKey }) }
  const Mixed = uniqueClassName('HybridNearText')
  const TEXTS = ['kalomine', 'rusotiva', 'zepukalo', 'minerusa']
  let made: Client | undefined
  const client = (): Client => {
    if (made === undefined) throw new Error('the client is made in beforeAll')
    return made
  }

  beforeAll(async () => {
    made = connect({ url: server.url, grpcUrl: server.grpcUrl, transport: 'grpc', ...(server.apiKey === undefined ? {} : { apiKey: server.apiKey }) })
    // A bigram named vector, and one of text2vec-transformers (its inference API a closed
    // loopback port, its vector given with each object): that module declares the nearText
    // argument the server's validation asks for, which bigram does not (spec/query/near-text.spec.ts).
    const flat = { vectorIndexType: 'flat', vectorIndexConfig: { distance: 'cosine' } }
    await createClass(target, {
      class: Mixed,
      vectorConfig: { a: { vectorizer: { 'text2vec-bigram': {} }, ...flat }, t: { vectorizer: { 'text2vec-transformers': {} }, ...flat } },
      properties: [{ name: 'text', dataType: ['text'] }],
    })
    const objects: BatchObject[] = TEXTS.map((text, i) => ({ className: Mixed, uuid: uuidOf(i), dataObject: { text }, vectors: { t: [1, i] } }))
    const written = await lastValueFrom(client().objects.batch(objects).pipe(toArray()))
    expect(written.filter(E.isLeft)).toEqual([])
  }, 120_000)

  afterAll(async () => {
    await deleteClass(target, Mixed)
    await made?.close()
  })

  it("ranks first the object of the sub-search's text, where the hybrid's own query ranks another first", async () => {
    const search = { className: Mixed, query: TEXTS[0] ?? '', alpha: 1, targetVector: 'a' }
    const byQuery = await right(client().query.hybrid(search))
    const bySubSearch = await right(client().query.hybrid({ ...search, vector: { query: TEXTS[2] ?? '' } }))
    expect([ids(byQuery)[0], ids(bySubSearch)[0]]).toEqual([uuidOf(0), uuidOf(2)])
  })
})

describe('hybrid vector forms and weights refused before any search request', () => {
  let recording: RecordingClient | undefined
  afterEach(async () => {
    await recording?.close()
    recording = undefined
  })
  const h = { className: 'Article', query: 'x' }
  const both = ['title', 'body']

  it.each([
    ['manual weights without weights', { ...h, targetVector: { combination: 'manual-weights', targetVectors: both } }, 'targetVector.weights'],
    ['weights with sum', { ...h, targetVector: { combination: 'sum', targetVectors: both, weights: { title: 1, body: 1 } } }, 'targetVector.weights'],
    ['a weight for a vector not targeted', { ...h, targetVector: { combination: 'manual-weights', targetVectors: both, weights: { title: 1, body: 1, tags: 1 } } }, 'targetVector.weights'],
    ['a target without a weight', { ...h, targetVector: { combination: 'relative-score', targetVectors: both, weights: { title: 1 } } }, 'targetVector.weights'],
    ['a weight that is no number', { ...h, targetVector: { combination: 'relative-score', targetVectors: both, weights: { title: 1, body: 'x' } } }, 'targetVector.weights.body'],
    ['an unknown combination', { ...h, targetVector: { combination: 'max', targetVectors: both } }, 'targetVector.combination'],
    ['a multi-target vector and a targetCombination', { ...h, targetVector: { combination: 'sum', targetVectors: both }, targetCombination: 'sum' }, 'targetCombination'],
    ['vectors per target not the targeted ones', { ...h, targetVector: both, vector: { title: [1, 0], tags: [0, 1] } }, 'vector'],
    ['an empty vector per target', { ...h, vector: { title: [] } }, 'vector.title'],
    ['no vector per target', { ...h, vector: {} }, 'vector'],
    ['a sub-search with an unknown key', { ...h, vector: { vector: [1, 0], limit: 3 } }, 'vector.limit'],
    ['a nearText sub-search with an empty text', { ...h, vector: { query: '' } }, 'vector.query'],
    ['a sub-search with distance and certainty', { ...h, vector: { vector: [1, 0], distance: 0.1, certainty: 0.9 } }, 'vector.distance'],
  ] as const)('hybrid with %s is an ArgumentValueError with no request', async (_name, args, argument) => {
    recording = recordingClient({ url: serverUrl('1.39.0') })
    const error = await left(recording.client.query.hybrid(args as unknown as Parameters<typeof recording.client.query.hybrid>[0]))
    expect(error).toEqual(expect.objectContaining({ argument }))
    expect(error._tag).toMatch(/^Argument(Value|Type)Error$/)
    expect(recording.requests).toEqual([])
  })

  it.each([
    ['a nearVector sub-search', { ...h, vector: { vector: [1, 0] } }, 'vector'],
    ['a nearText sub-search', { ...h, vector: { query: 'boats' } }, 'vector'],
    ['weights per target', { ...h, targetVector: { combination: 'manual-weights', targetVectors: both, weights: { title: 1, body: 2 } } }, 'targetVector'],
  ] as const)('%s over GraphQL (transport rest) is an ArgumentValueError after reading the version only', async (_name, args, argument) => {
    recording = recordingClient({ url: serverUrl('1.39.0'), transport: 'rest' })
    const error = await left(recording.client.query.hybrid(args))
    expect(error).toEqual(expect.objectContaining({ _tag: 'ArgumentValueError', argument }))
    expect(recording.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/meta'])
  })

  it.each([
    ['a nearText sub-search', '1.24.9', { ...h, vector: { query: 'boats' } }, "a hybrid search's nearVector or nearText sub-search", '1.25.0'],
    ['a vector per target', '1.26.9', { ...h, vector: { title: [1, 0], body: [0, 1] } }, 'a vector per target vector', '1.27.0'],
    ['weights per target', '1.26.9', { ...h, targetVector: { combination: 'manual-weights', targetVectors: both, weights: { title: 1, body: 2 } } }, "weights per target vector ('relative-score', 'manual-weights')", '1.27.0'],
  ] as const)('%s on %s is refused for the version it needs', (_name, version, args, feature, requires) => {
    const parsed = parseVersion(version)
    if (parsed === undefined) throw new Error(`not a version: ${version}`)
    const refused = supportsQuery(parsed, hybridInput(args))
    expect(refused).toEqual(E.left(expect.objectContaining({ _tag: 'UnsupportedVersionError', feature, requires })))
  })
})
