/**
 * `connect({ restSearch: true })`: nearText over the server's REST Search API, on the run's
 * REST_SEARCH server (1.39.0 with GraphQL disabled, EXPERIMENTAL_REST_SEARCH_ENABLED and
 * text2vec-bigram, with the class of spec/query/near-text.spec.ts: bigram named vectors beside a
 * text2vec-transformers one that declares the nearText argument and vectorizes nothing). A client
 * that runs over REST there searches by text, and finds what the same search over gRPC finds;
 * without the option the same search is GraphQL's refusal. Arguments the API cannot carry are
 * refused before anything is sent; a server with the API off answers a 422 that says so.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { type BatchObject, type Client, type SearchResult, connect, isGraphqlDisabledError } from '../../lib'
import { createClass, deleteClass } from '../helpers/fixtures'
import { left, recordingClient, right } from '../helpers/client'
import { uniqueClassName } from '../helpers/server'
import { configuredServer } from '../helpers/versions'

const COUNT = 30
const uuidOf = (i: number): string => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'so', 'ti', 'va', 'ze', 'pu']
/** Distinct texts of three syllables, one per object. */
const textOf = (i: number): string => [i % 10, Math.floor(i / 10) % 10, (i * 7) % 10].map((k) => SYLLABLES[k] ?? 'ka').join('')

const Mixed = uniqueClassName('RestSearch')
const server = configuredServer('REST_SEARCH')
const target = { url: server.url, ...(server.apiKey === undefined ? {} : { apiKey: server.apiKey }) }
const flat = { vectorIndexType: 'flat', vectorIndexConfig: { distance: 'cosine' } }
const open: Client[] = []

const client = (options: { transport: 'grpc' | 'rest'; restSearch?: boolean; url?: string; apiKey?: string | undefined }): Client => {
  const apiKey = options.url === undefined ? server.apiKey : options.apiKey
  const made = connect({
    url: options.url ?? server.url,
    grpcUrl: server.grpcUrl,
    transport: options.transport,
    ...(options.restSearch === undefined ? {} : { restSearch: options.restSearch }),
    ...(apiKey === undefined ? {} : { apiKey }),
  })
  open.push(made)
  return made
}

beforeAll(async () => {
  await createClass(target, {
    class: Mixed,
    vectorConfig: {
      a: { vectorizer: { 'text2vec-bigram': {} }, ...flat },
      t: { vectorizer: { 'text2vec-transformers': {} }, ...flat },
    },
    properties: [
      { name: 'text', dataType: ['text'] },
      { name: 'n', dataType: ['int'] },
    ],
  })
  const objects: BatchObject[] = Array.from({ length: COUNT }, (_, i) => ({ className: Mixed, uuid: uuidOf(i), dataObject: { text: textOf(i), n: i }, vectors: { t: [1, i] } }))
  const written = await lastValueFrom(client({ transport: 'grpc' }).objects.batch(objects).pipe(toArray()))
  expect(written.filter(E.isLeft)).toEqual([])
}, 120_000)

afterAll(async () => {
  await deleteClass(target, Mixed)
  for (const c of open) await c.close()
})

type Result = SearchResult<Record<string, unknown>, readonly number[]>

/** Each hit's id, properties and distance (rounded: float32 over gRPC, JSON over REST). */
const hits = (result: Result): Array<{ id: string; properties: Record<string, unknown>; distance: number | undefined }> =>
  result.objects.map((o) => ({ id: o.id, properties: o.properties, distance: o.metadata.distance === undefined ? undefined : Math.round(o.metadata.distance * 1e5) / 1e5 }))

const search = { className: Mixed, query: ['kaloti'], targetVector: 'a', limit: COUNT, returnMetadata: ['distance'] } as const

describe('query.nearText over the REST Search API (restSearch: true) on 1.39.0 without GraphQL', () => {
  it('finds, over REST, the objects the same search finds over gRPC, at the same distances', async () => {
    const overRest = await right(client({ transport: 'rest', restSearch: true }).query.nearText(search))
    const overGrpc = await right(client({ transport: 'grpc' }).query.nearText(search))
    expect(overRest.objects.length).toBe(COUNT)
    expect(new Map(hits(overRest).map((h) => [h.id, h]))).toEqual(new Map(hits(overGrpc).map((h) => [h.id, h])))
    expect(hits(overRest).map((h) => h.distance)).toEqual(hits(overGrpc).map((h) => h.distance))
  })

  it('sends the search to POST /v1/search/<Class>/near-text and no GraphQL request', async () => {
    const rc = recordingClient({ url: server.url, apiKey: server.apiKey, transport: 'rest', restSearch: true })
    try {
      await right(rc.client.query.nearText(search))
      const paths = rc.requests.map((r) => `${r.method} ${r.path}`)
      expect(paths).toContain(`POST /v1/search/${Mixed}/near-text`)
      expect(paths.filter((p) => p.includes('graphql'))).toEqual([])
    } finally {
      await rc.close()
    }
  })

  it('is refused by the GraphQL-disabled server without restSearch', async () => {
    const error = await left(client({ transport: 'rest' }).query.nearText(search))
    expect(isGraphqlDisabledError(error)).toBe(true)
  })

  it('applies where, limit, offset and the properties asked for, as over gRPC', async () => {
    const narrowed = { ...search, where: { path: ['n'], operator: 'LessThan', valueInt: 20 }, limit: 5, offset: 2, returnProperties: ['n'] } as const
    const overRest = await right(client({ transport: 'rest', restSearch: true }).query.nearText(narrowed))
    const overGrpc = await right(client({ transport: 'grpc' }).query.nearText(narrowed))
    expect(overRest.objects.every((o) => Object.keys(o.properties).join() === 'n' && (o.properties['n'] as number) < 20)).toBe(true)
    expect(hits(overRest)).toEqual(hits(overGrpc))
  })

  it('returns the creation time asked for as creationTimeUnix, as over gRPC', async () => {
    const timed = { ...search, limit: 3, returnMetadata: ['creationTimeUnix'] } as const
    const overRest = await right(client({ transport: 'rest', restSearch: true }).query.nearText(timed))
    const overGrpc = await right(client({ transport: 'grpc' }).query.nearText(timed))
    expect(overRest.objects.map((o) => [o.id, o.metadata.creationTimeUnix])).toEqual(overGrpc.objects.map((o) => [o.id, o.metadata.creationTimeUnix]))
    expect(typeof overRest.objects[0]?.metadata.creationTimeUnix).toBe('number')
  })
})

describe('restSearch refusals', () => {
  const lacking = [
    ['moveTo', { moveTo: { force: 0.5, concepts: ['mimi'] } }],
    ['groupBy', { groupBy: { property: 'n', numberOfGroups: 2, objectsPerGroup: 2 } }],
    ['includeVector', { includeVector: ['a'] }],
    ['returnMetadata', { returnMetadata: ['isConsistent'] }],
  ] as const

  it.each(lacking)("refuses '%s', which the REST Search API lacks, with an ArgumentValueError and sends no search", async (argument, extra) => {
    const rc = recordingClient({ url: server.url, apiKey: server.apiKey, transport: 'rest', restSearch: true })
    try {
      const error = await left(rc.client.query.nearText({ ...search, ...extra }))
      expect(error._tag === 'ArgumentValueError' && error.argument).toBe(argument)
      expect(rc.requests.filter((r) => r.path.includes('/search/'))).toEqual([])
    } finally {
      await rc.close()
    }
  })

  it('turns the 422 of a server with the REST Search API off into a Left that names the setting', async () => {
    const modules = configuredServer('MODULES')
    const error = await left(client({ transport: 'rest', restSearch: true, url: modules.url, apiKey: modules.apiKey }).query.nearText(search))
    expect(error._tag === 'UnexpectedStatusError' && error.status).toBe(422)
    expect(error.message).toContain('EXPERIMENTAL_REST_SEARCH_ENABLED=true')
  })

  it('throws an ArgumentTypeError from connect for a restSearch that is not a boolean', () => {
    let thrown: unknown
    try {
      connect({ url: server.url, restSearch: 'yes' as unknown as boolean })
    } catch (e) {
      thrown = e
    }
    expect(thrown).toMatchObject({ _tag: 'ArgumentTypeError', argument: 'restSearch' })
  })
})
