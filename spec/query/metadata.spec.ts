/**
 * The query profile (`queryProfile: true`, Weaviate 1.37+ and 1.36.9+) and the `isConsistent`
 * metadata (1.19+), against real servers: 1.39.0 over gRPC and over GraphQL, and the refusal of
 * 1.18.6 before any search request. `isConsistent` is reported by the server only for a class
 * with a replication factor above 1, which needs a cluster; on the single-node servers here it is
 * asked for and absent (the server's rule, read in usecases/traverser/explorer.go).
 *
 * The profile needs no cluster: a single node fills it for every search kind (read at v1.39.0:
 * adapters/repos/db/search.go and usecases/traverser/explorer_hybrid.go start a collector when
 * `AdditionalProperties.QueryProfile` is set, adapters/repos/db/index.go records each shard's
 * search in it as `object`, `keyword` or `vector`, and `AttachQueryProfileToResults` puts it on the
 * first result, which is why a search that found nothing has none). The class has two shards, so
 * the profile lists two, each named `<class lowercased>_<shard>` (`shardId` in
 * adapters/repos/db/shard.go).
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { BatchObject, Client, connect } from '../../lib'
import { left, recordingClient, right } from '../helpers/client'
import { createClass, deleteClass } from '../helpers/fixtures'
import { uniqueClassName } from '../helpers/server'
import { apiKeyOption, grpcServerUrl, serverUrl } from '../helpers/versions'
import { ownHandles } from '../helpers/own-handles'

const url = serverUrl('1.39.0')
const Profiled = uniqueClassName('Profiled')
let client: Client

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles({
  closeAfterAll: async () => {
    await deleteClass(url, Profiled)
    await client.close()
  },
})

beforeAll(async () => {
  client = connect({ url, ...apiKeyOption(url), grpcUrl: grpcServerUrl('1.39.0') })
  await createClass(url, { class: Profiled, vectorizer: 'none', shardingConfig: { desiredCount: 2 }, properties: [{ name: 'title', dataType: ['text'] }] })
  const objects: BatchObject[] = Array.from({ length: 20 }, (_, i) => ({ className: Profiled, dataObject: { title: `title ${i}` }, vector: [i % 5, 1, (i * 7) % 3] }))
  const written = await lastValueFrom(client.objects.batch(objects).pipe(toArray()))
  expect(written.filter(E.isLeft)).toEqual([])
}, 60_000)

/** Every search kind with a profile, and the kinds of search the server records for each shard. */
const profiledSearches = [
  ['fetchObjects', (transport: 'grpc' | 'rest') => client.query.fetchObjects({ className: Profiled, limit: 5, queryProfile: true, transport }), ['object']],
  ['nearVector', (transport: 'grpc' | 'rest') => client.query.nearVector({ className: Profiled, vector: [1, 1, 1], limit: 5, queryProfile: true, transport }), ['vector']],
  ['nearObject', (transport: 'grpc' | 'rest') => client.query.nearObject({ className: Profiled, id: firstId, limit: 5, queryProfile: true, transport }), ['vector']],
  ['bm25', (transport: 'grpc' | 'rest') => client.query.bm25({ className: Profiled, query: 'title', limit: 5, queryProfile: true, transport }), ['keyword']],
  ['hybrid', (transport: 'grpc' | 'rest') => client.query.hybrid({ className: Profiled, query: 'title', vector: [1, 1, 1], limit: 5, queryProfile: true, transport }), ['keyword', 'vector']],
] as const

let firstId = ''
let nodeName = ''
let shardIds: string[] = []

describe('the query profile on 1.39.0 (one node, a class of two shards)', () => {
  beforeAll(async () => {
    firstId = (await right(client.query.fetchObjects({ className: Profiled, limit: 1 }))).objects[0]?.id ?? ''
    const nodes = await right(client.cluster.nodes())
    nodeName = nodes[0]?.name ?? ''
    shardIds = (await right(client.schema.getShards(Profiled))).map((s) => `${Profiled.toLowerCase()}_${s.name}`).sort()
    expect(shardIds).toHaveLength(2)
  })

  describe.each(['grpc', 'rest'] as const)('over %s', (transport) => {
    it.each(profiledSearches)('%s: every shard of the class, on this node, with the kinds of search it ran and their timings', async (_, search, kinds) => {
      const result = await right(search(transport))
      expect(result.objects.length).toBeGreaterThan(0)
      const shards = result.queryProfile?.shards ?? []
      expect(shards.map((s) => s.name).sort()).toEqual(shardIds)
      for (const shard of shards) {
        expect(shard.node).toBe(nodeName)
        expect(Object.keys(shard.searches).sort()).toEqual([...kinds])
        for (const kind of kinds) expect(shard.searches[kind]?.details['total_took']).toMatch(/^([0-9.]+(h|m|s|ms|µs|ns))+$/)
      }
    })

    it('a search that found nothing has no profile', async () => {
      const result = await right(client.query.bm25({ className: Profiled, query: 'absentword', queryProfile: true, transport }))
      expect(result.objects).toEqual([])
      expect(result).not.toHaveProperty('queryProfile')
    })
  })

  it.each(['grpc', 'rest'] as const)('over %s: no profile without queryProfile', async (transport) => {
    const result = await right(client.query.nearVector({ className: Profiled, vector: [1, 1, 1], limit: 5, transport }))
    expect(result).not.toHaveProperty('queryProfile')
  })

  it.each(['grpc', 'rest'] as const)('over %s: a grouped search has its groups and the profile of every shard, as an ungrouped one', async (transport) => {
    const groupBy = { property: 'title', numberOfGroups: 2, objectsPerGroup: 2 }
    const result = await right(client.query.nearVector({ className: Profiled, vector: [1, 1, 1], limit: 5, groupBy, queryProfile: true, transport }))
    expect(Object.keys(result.groups ?? {})).toHaveLength(2)
    const shards = result.queryProfile?.shards ?? []
    expect(shards.map((s) => s.name).sort()).toEqual(shardIds)
    for (const shard of shards) {
      expect(shard.node).toBe(nodeName)
      expect(Object.keys(shard.searches)).toEqual(['vector'])
      expect(shard.searches['vector']?.details['total_took']).toMatch(/^([0-9.]+(h|m|s|ms|µs|ns))+$/)
    }
  })
})

describe('isConsistent on 1.39.0 (one node, replication factor 1)', () => {
  it.each(['grpc', 'rest'] as const)('over %s: the search succeeds, and isConsistent is absent as the server leaves it out', async (transport) => {
    const result = await right(client.query.fetchObjects({ className: Profiled, limit: 3, returnMetadata: ['isConsistent', 'creationTimeUnix'], transport }))
    expect(result.objects).toHaveLength(3)
    for (const o of result.objects) {
      expect(o.metadata.creationTimeUnix).toEqual(expect.any(Number))
      expect(o.metadata).not.toHaveProperty('isConsistent')
    }
  })
})

describe('on 1.18.6: an UnsupportedVersionError before any search request', () => {
  it.each([
    ['queryProfile', { queryProfile: true }, 'the query profile'],
    ["returnMetadata 'isConsistent'", { returnMetadata: ['isConsistent'] as const }, "the search metadata 'isConsistent'"],
  ])('%s', async (_, extra, feature) => {
    const rc = recordingClient({ url: serverUrl('1.18.6'), transport: 'rest' })
    try {
      expect(await left(rc.client.query.fetchObjects({ className: 'Anything', ...extra }))).toEqual(expect.objectContaining({ _tag: 'UnsupportedVersionError', feature }))
      expect(rc.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/meta'])
    } finally {
      await rc.close()
    }
  })

  it('queryProfile with groupBy: the profile is the first feature refused', async () => {
    const rc = recordingClient({ url: serverUrl('1.18.6'), transport: 'rest' })
    try {
      const grouped = rc.client.query.nearVector({ className: 'Anything', vector: [1, 1, 1], groupBy: { property: 'title', numberOfGroups: 2, objectsPerGroup: 2 }, queryProfile: true })
      expect(await left(grouped)).toEqual(expect.objectContaining({ _tag: 'UnsupportedVersionError', feature: 'the query profile' }))
      expect(rc.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/meta'])
    } finally {
      await rc.close()
    }
  })
})
