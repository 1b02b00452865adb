/**
 * On the run's Weaviate 1.39.0 started with `DISABLE_GRAPHQL=true` (as new Weaviate Cloud clusters
 * run; spec/setup/global-setup.ts starts it once for the whole run): count, every search, aggregate,
 * the filtered stream and `weaviate-rx verify` give Rights over gRPC; an operation that has only
 * GraphQL left (transport 'rest') gives the GraphQL-disabled error after one request.
 */
import * as E from 'fp-ts/Either'
import { Observable, firstValueFrom, toArray } from 'rxjs'
import { Client, WeaviateError, isGraphqlDisabledError } from '../lib'
import { runCli } from './cli/fixtures'
import { RecordingClient, left, recordingClient, right } from './helpers/client'
import { createClass, createMultiTenantClass, deleteClass, insertObjects } from './helpers/fixtures'
import { uniqueClassName } from './helpers/server'
import { noGraphqlGrpcUrl, noGraphqlUrl } from './helpers/versions'
import { ownHandles } from './helpers/own-handles'

const Plain = uniqueClassName('NoGraphql')
const Copy = uniqueClassName('NoGraphqlCopy')
const Tenanted = uniqueClassName('NoGraphqlTenants')
const COUNT = 40

/** Object i: `alpha` every fourth, `beta` otherwise; its vector at angle i·π/(2·COUNT), so the nearest to object i's vector is i. */
const objectAt = (i: number): { readonly dataObject: { title: string; kind: string; n: number }; readonly vector: number[] } => {
  const angle = (i * Math.PI) / (2 * COUNT)
  const kind = i % 4 === 0 ? 'alpha' : 'beta'
  return { dataObject: { title: `${kind} object ${i}`, kind, n: i }, vector: [Math.cos(angle), Math.sin(angle)] }
}

let rc: RecordingClient
let client: Client
let ids: string[]

const values = async <A>(stream: Observable<E.Either<WeaviateError, A>>): Promise<A[]> =>
  (await firstValueFrom(stream.pipe(toArray()))).map((r) => {
    if (E.isLeft(r)) throw new Error(`expected Rights, got ${r.left._tag}: ${r.left.message}`)
    return r.right
  })

const sorted = (list: readonly string[]): string[] => [...list].sort()
const idsWhere = (keep: (i: number) => boolean): string[] => sorted(ids.filter((_, i) => keep(i)))

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles({
  closeAfterAll: async () => {
    for (const className of [Plain, Copy, Tenanted]) await deleteClass(noGraphqlUrl(), className)
    await rc.close()
  },
})

beforeAll(async () => {
  rc = recordingClient({ url: noGraphqlUrl(), grpcUrl: noGraphqlGrpcUrl() })
  client = rc.client
  const properties = [
    { name: 'title', dataType: ['text'] },
    { name: 'kind', dataType: ['text'] },
    { name: 'n', dataType: ['int'] },
  ]
  for (const className of [Plain, Copy]) await createClass(noGraphqlUrl(), { class: className, vectorizer: 'none', properties })
  const written = await values(client.objects.batch(Array.from({ length: COUNT }, (_, i) => ({ className: Plain, ...objectAt(i) }))))
  ids = written.map((w) => w.uuid)
  // The same objects under the same ids, for verify.
  await values(client.objects.batch(ids.map((uuid, i) => ({ className: Copy, uuid, ...objectAt(i) }))))
  await createMultiTenantClass(noGraphqlUrl(), Tenanted, ['a', 'b'])
  await insertObjects(noGraphqlUrl(), Tenanted, Array.from({ length: 30 }, () => ({ title: 'a' })), 'a')
  await insertObjects(noGraphqlUrl(), Tenanted, Array.from({ length: 12 }, () => ({ title: 'b' })), 'b')
})

describe('a Weaviate 1.39 with DISABLE_GRAPHQL=true', () => {
  it('refuses GraphQL itself (422 "graphql api is disabled"), so the Rights below came another way', async () => {
    const error = await left(client.objects.count({ className: Plain, transport: 'rest' }))
    expect(error).toMatchObject({ _tag: 'UnexpectedStatusError', status: 422 })
    expect(error.message).toMatch(/graphql api is disabled/)
  })

  it('objects.count counts the class', async () => {
    expect(await right(client.objects.count({ className: Plain }))).toBe(COUNT)
  })

  it('objects.count counts one tenant', async () => {
    expect(await right(client.objects.count({ className: Tenanted, tenant: 'a' }))).toBe(30)
    expect(await right(client.objects.count({ className: Tenanted, tenant: 'b' }))).toBe(12)
  })

  it('nearVector finds the object whose vector it is, then its two neighbours', async () => {
    const found = await right(client.query.nearVector({ className: Plain, vector: objectAt(7).vector, limit: 3 }))
    expect(found.objects[0]?.id).toBe(ids[7])
    expect(sorted(found.objects.map((o) => o.id))).toEqual(idsWhere((i) => i >= 6 && i <= 8))
  })

  it('bm25 finds exactly the objects with the word', async () => {
    const found = await right(client.query.bm25({ className: Plain, query: 'alpha', limit: 100 }))
    expect(sorted(found.objects.map((o) => o.id))).toEqual(idsWhere((i) => i % 4 === 0))
  })

  it('hybrid puts first the object that matches both the word and the vector', async () => {
    const found = await right(client.query.hybrid({ className: Plain, query: 'alpha', vector: objectAt(4).vector, limit: 1 }))
    expect(found.objects.map((o) => o.id)).toEqual([ids[4]])
  })

  it('fetchObjects with a filter gives exactly the matching objects', async () => {
    const found = await right(client.query.fetchObjects({ className: Plain, where: { path: ['n'], operator: 'LessThan', valueInt: 10 }, limit: 100 }))
    expect(sorted(found.objects.map((o) => o.id))).toEqual(idsWhere((i) => i < 10))
  })

  it('aggregate counts a filter and groups by a property', async () => {
    expect(await right(client.query.aggregate({ className: Plain, where: { path: ['n'], operator: 'GreaterThanEqual', valueInt: 25 } }))).toEqual({ count: 15 })
    expect(await right(client.query.aggregate({ className: Plain, groupBy: { property: 'kind' } }))).toEqual({
      groups: [
        { value: 'beta', count: 30 },
        { value: 'alpha', count: 10 },
      ],
    })
  })

  it('the filtered stream gives exactly the matching objects', async () => {
    const streamed = await values(client.objects.stream({ className: Plain, where: { path: ['kind'], operator: 'Equal', valueText: 'beta' }, pageSize: 7 }))
    expect(streamed.map((o) => o.id)).toEqual(idsWhere((i) => i % 4 !== 0))
  })

  it('weaviate-rx verify passes between two classes with the same objects', async () => {
    const sides = ['--from', noGraphqlUrl(), '--from-grpc-url', noGraphqlGrpcUrl(), '--to', noGraphqlUrl(), '--to-grpc-url', noGraphqlGrpcUrl()]
    const verified = await runCli(['verify', ...sides, '--class', Plain, '--to-class', Copy, '--progress', 'none'])
    expect(verified).toMatchObject({ code: 0, stdout: `same: ${COUNT} objects\n` })
  })

  it('objects.count over REST is the GraphQL-disabled error, naming the operation, after one request', async () => {
    const before = rc.requests.length
    const error = await left(client.objects.count({ className: Plain, transport: 'rest' }))
    expect(isGraphqlDisabledError(error)).toBe(true)
    expect(error.message).toMatch(/GraphQL is disabled on this server, and objects\.count has no other path here: the call runs over REST/)
    expect(rc.requests.slice(before).filter((r) => r.path === '/v1/graphql')).toHaveLength(1)
  })

  it('a search over REST is the GraphQL-disabled error too', async () => {
    const error = await left(client.query.bm25({ className: Plain, query: 'alpha', transport: 'rest' }))
    expect(isGraphqlDisabledError(error)).toBe(true)
    expect(error.message).toMatch(/query\.bm25 has no other path here/)
  })
})
