/**
 * Diversity selection (`diversity`, maximal marginal relevance) and `boost` on 1.39.0 over gRPC
 * `Search`, each by an effect a user sees:
 * - MMR keeps results more spread than the plain search's: on data with a tight cluster of near
 *   duplicates at the query and other objects around it, the mean pairwise distance of the
 *   returned vectors is larger; with balance 1 (relevance only) it keeps the plain search's results;
 * - a boost reorders: by a numeric property's value, by recency, by closeness to a number, and
 *   a filter lifts the objects it matches, on every search that takes it.
 * Then what is refused before any search request: the version (1.18.6: UnsupportedVersionError
 * after reading the version only), GraphQL (the server has neither argument there), and bad values.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import type { Boost, BoostCondition, Diversity, SearchResult } from '../../lib'
import { bm25Input, hybridInput, nearObjectInput, nearVectorInput } from '../../lib/query/check'
import { supportsQuery } from '../../lib/query/requirements'
import { parseVersion } from '../../lib/server/version'
import { left, recordingClient, right, type RecordingClient } from '../helpers/client'
import { searchClass } from '../helpers/search-class'
import { cosineDistance } from '../helpers/vector-math'
import { serverUrl } from '../helpers/versions'
import { BOOSTED, PRODUCTS, SPREAD, uuidOf } from '../helpers/boost-diversity-data'
import { ownHandles } from '../helpers/own-handles'

type Result = SearchResult<Record<string, unknown>, unknown>

/** Mean cosine distance over every pair of the results' vectors. */
const meanPairwiseDistance = (result: Result): number => {
  const vectors = result.objects.map((o) => Float32Array.from(o.vector as readonly number[]))
  let sum = 0
  let pairs = 0
  for (let i = 0; i < vectors.length; i++) {
    for (let j = i + 1; j < vectors.length; j++) {
      sum += cosineDistance(vectors[i] ?? new Float32Array(), vectors[j] ?? new Float32Array())
      pairs++
    }
  }
  return sum / pairs
}

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles()

describe('diversity selection (MMR) on 1.39.0', () => {
  // A tight cluster of near duplicates at the query and a ring of objects around it (SPREAD).
  const { query } = SPREAD
  const { className, client } = searchClass('grpc', 'Spread', SPREAD.definition, SPREAD.objects)
  const diversity: Diversity = { type: 'mmr', limit: 5, balance: 0.3 }

  it('nearVector with MMR returns results more spread than the plain nearVector (mean pairwise distance)', async () => {
    const plain = await right(client().query.nearVector({ className, vector: query, limit: 5, includeVector: true }))
    const diverse = await right(client().query.nearVector({ className, vector: query, limit: 40, diversity, includeVector: true }))
    expect(plain.objects).toHaveLength(5)
    expect(diverse.objects).toHaveLength(5)
    expect(meanPairwiseDistance(plain)).toBeLessThan(0.001)
    expect(meanPairwiseDistance(diverse)).toBeGreaterThan(0.1)
  })

  it('nearVector with MMR at balance 1 (relevance only) keeps what the plain nearVector finds', async () => {
    const plain = await right(client().query.nearVector({ className, vector: query, limit: 5 }))
    const relevant = await right(client().query.nearVector({ className, vector: query, limit: 40, diversity: { type: 'mmr', limit: 5, balance: 1 } }))
    expect(relevant.objects.map((o) => o.id).sort()).toEqual(plain.objects.map((o) => o.id).sort())
  })

  it('nearObject with MMR returns results more spread than the plain nearObject', async () => {
    const plain = await right(client().query.nearObject({ className, id: uuidOf(0), limit: 5, includeVector: true }))
    const diverse = await right(client().query.nearObject({ className, id: uuidOf(0), limit: 40, diversity, includeVector: true }))
    expect(meanPairwiseDistance(diverse)).toBeGreaterThan(100 * meanPairwiseDistance(plain))
  })

  it('hybrid (vector only) with MMR returns results more spread than the plain hybrid', async () => {
    // Hybrid's relevance is the fused score scaled to 0..1 (the ring is 1 from the cluster there),
    // against vector distances of ~0.14 between them: a lower balance for the same trade.
    const fused: Diversity = { type: 'mmr', limit: 5, balance: 0.1 }
    const plain = await right(client().query.hybrid({ className, query: 'item', alpha: 1, vector: query, limit: 5, includeVector: true }))
    const diverse = await right(client().query.hybrid({ className, query: 'item', alpha: 1, vector: query, limit: 40, diversity: fused, includeVector: true }))
    expect(diverse.objects).toHaveLength(5)
    expect(meanPairwiseDistance(diverse)).toBeGreaterThan(100 * meanPairwiseDistance(plain))
  })

  it("the collection handle's nearVector takes the same diversity", async () => {
    const handle = client().collection<{ title: string }>(className)
    const diverse = await right(handle.query.nearVector({ vector: query, limit: 40, diversity, includeVector: true }))
    expect(meanPairwiseDistance(diverse as Result)).toBeGreaterThan(0.1)
  })
})

describe('boost on 1.39.0', () => {
  // The nearer [1, 0], the fewer likes, the older and the dearer; the three farthest featured (PRODUCTS).
  const COUNT = PRODUCTS.length
  const { className, client } = searchClass('grpc', 'Boosted', BOOSTED.definition, BOOSTED.objects)
  const ids = (result: Result): string[] => result.objects.map((o) => o.id)
  const byDistance = PRODUCTS.map((p) => p.id)
  const mostLikedFirst = [...byDistance].reverse()
  const only = (condition: BoostCondition): Boost => ({ conditions: [condition], weight: 1 })

  it('the plain nearVector orders by distance, the least liked first', async () => {
    expect(ids(await right(client().query.nearVector({ className, vector: [1, 0], limit: COUNT })))).toEqual(byDistance)
  })

  it.each([
    ['propertyValue on likes', only({ type: 'propertyValue', property: 'likes' })],
    ['timeDecay from now', only({ type: 'timeDecay', property: 'published', scale: '3650d' })],
    ['numericDecay of price from 0', only({ type: 'numericDecay', property: 'price', origin: 0, scale: 100, curve: 'linear' })],
  ] as const)('a boost by %s at weight 1 reverses it', async (_name, boost) => {
    expect(ids(await right(client().query.nearVector({ className, vector: [1, 0], limit: COUNT, boost })))).toEqual(mostLikedFirst)
  })

  it('a filter boost lifts the featured objects to the top, the rest in distance order after them', async () => {
    const boost: Boost = { conditions: [{ type: 'filter', where: { path: ['featured'], operator: 'Equal', valueBoolean: true } }], weight: 0.9 }
    const found = ids(await right(client().query.nearVector({ className, vector: [1, 0], limit: 5, boost })))
    expect(found.slice(0, 3).sort()).toEqual(byDistance.slice(COUNT - 3).sort())
    expect(found.slice(3)).toEqual(byDistance.slice(0, 2))
  })

  it.each([
    ['nearObject', () => client().query.nearObject({ className, id: uuidOf(0), limit: COUNT, boost: only({ type: 'propertyValue', property: 'likes' }) })],
    ['bm25', () => client().query.bm25({ className, query: 'kettle', limit: COUNT, boost: only({ type: 'propertyValue', property: 'likes' }) })],
    ['hybrid', () => client().query.hybrid({ className, query: 'kettle', vector: [1, 0], limit: COUNT, boost: only({ type: 'propertyValue', property: 'likes' }) })],
    ['fetchObjects', () => client().query.fetchObjects({ className, limit: COUNT, boost: only({ type: 'propertyValue', property: 'likes' }) })],
    ['the handle', () => client().collection(className).query.bm25({ query: 'kettle', limit: COUNT, boost: only({ type: 'propertyValue', property: 'likes' }) })],
  ] as const)('%s with a boost by likes at weight 1 returns the most liked first', async (_name, run) => {
    expect(ids(await right(run()))).toEqual(mostLikedFirst)
  })

  it('bm25 without the boost returns the most "kettle" titles (the least liked) first', async () => {
    expect(ids(await right(client().query.bm25({ className, query: 'kettle', limit: COUNT })))).toEqual(byDistance)
  })
})

describe('boost and diversity refused before any search request', () => {
  let recording: RecordingClient | undefined
  afterEach(async () => {
    await recording?.close()
    recording = undefined
  })
  const boost: Boost = { conditions: [{ type: 'propertyValue', property: 'likes' }] }
  const diversity: Diversity = { type: 'mmr', limit: 2 }

  it.each([
    ['diversity', () => recording?.client.query.nearVector({ className: 'Article', vector: [1, 0], diversity }), "diversity selection ('diversity', maximal marginal relevance)", '1.37.0'],
    ['boost', () => recording?.client.query.bm25({ className: 'Article', query: 'x', boost }), "a search's 'boost'", '1.38.0'],
  ] as const)('%s on 1.18.6 is an UnsupportedVersionError after reading the version only', async (_name, run, feature, requires) => {
    recording = recordingClient({ url: serverUrl('1.18.6') })
    const op = run()
    if (op === undefined) throw new Error('no client')
    expect(await lastValueFrom(op.pipe(toArray()))).toEqual([E.left(expect.objectContaining({ _tag: 'UnsupportedVersionError', feature, requires }))])
    expect(recording.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/meta'])
  })

  it.each([
    ['boost', { boost }],
    ['diversity', { diversity }],
  ] as const)('%s over GraphQL (transport rest) is an ArgumentValueError after reading the version only', async (argument, extra) => {
    recording = recordingClient({ url: serverUrl('1.39.0'), transport: 'rest' })
    const error = await left(recording.client.query.nearVector({ className: 'Article', vector: [1, 0], ...extra }))
    expect(error).toEqual(expect.objectContaining({ _tag: 'ArgumentValueError', argument }))
    expect(recording.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/meta'])
  })

  const v = { className: 'Article', vector: [1, 0], limit: 10 }
  it.each([
    ['an MMR limit above the search limit', { ...v, diversity: { type: 'mmr', limit: 11 } }, 'diversity.limit'],
    ['an MMR limit of 0', { ...v, diversity: { type: 'mmr', limit: 0 } }, 'diversity.limit'],
    ['an MMR balance above 1', { ...v, diversity: { type: 'mmr', limit: 2, balance: 1.5 } }, 'diversity.balance'],
    ['an MMR balance below 0', { ...v, diversity: { type: 'mmr', limit: 2, balance: -0.1 } }, 'diversity.balance'],
    ['a selection other than mmr', { ...v, diversity: { type: 'dpp', limit: 2 } }, 'diversity.type'],
    ['a boost without conditions', { ...v, boost: { conditions: [] } }, 'boost.conditions'],
    ['a boost of 21 conditions', { ...v, boost: { conditions: Array.from({ length: 21 }, () => ({ type: 'propertyValue', property: 'likes' })) } }, 'boost.conditions'],
    ['a boost weight above 1', { ...v, boost: { ...boost, weight: 1.2 } }, 'boost.weight'],
    ['a negative boost depth', { ...v, boost: { ...boost, depth: -1 } }, 'boost.depth'],
    ['a boost filter with Like', { ...v, boost: { conditions: [{ type: 'filter', where: { path: ['title'], operator: 'Like', valueText: 'k*' } }] } }, 'boost.conditions[0].where'],
    ['a time decay scale the server cannot read', { ...v, boost: { conditions: [{ type: 'timeDecay', property: 'published', scale: '7 days' }] } }, 'boost.conditions[0].scale'],
    ['a time decay origin that is no date', { ...v, boost: { conditions: [{ type: 'timeDecay', property: 'published', scale: '7d', origin: 'yesterday' }] } }, 'boost.conditions[0].origin'],
    ['a decay of 0', { ...v, boost: { conditions: [{ type: 'numericDecay', property: 'price', origin: 0, scale: 1, decay: 0 }] } }, 'boost.conditions[0].decay'],
    ['a numeric decay scale of 0', { ...v, boost: { conditions: [{ type: 'numericDecay', property: 'price', origin: 0, scale: 0 }] } }, 'boost.conditions[0].scale'],
    ['an unknown modifier', { ...v, boost: { conditions: [{ type: 'propertyValue', property: 'likes', modifier: 'log' }] } }, 'boost.conditions[0].modifier'],
  ] as const)('nearVector with %s is an ArgumentValueError with no request', async (_name, args, argument) => {
    recording = recordingClient({ url: serverUrl('1.39.0') })
    const error = await left(recording.client.query.nearVector(args as unknown as Parameters<typeof recording.client.query.nearVector>[0]))
    expect(error).toEqual(expect.objectContaining({ _tag: 'ArgumentValueError', argument }))
    expect(recording.requests).toEqual([])
  })

  it.each([
    ['nearImage with diversity', () => recording?.client.query.nearImage({ className: 'Photo', image: 'iVBORw0KGgo=', diversity } as never)],
    ['bm25 with diversity', () => recording?.client.query.bm25({ className: 'Article', query: 'x', diversity } as never)],
    ['fetchObjects with a boost and an after cursor', () => recording?.client.query.fetchObjects({ className: 'Article', after: uuidOf(1), boost })],
  ] as const)('%s is an ArgumentError with no request', async (_name, run) => {
    recording = recordingClient({ url: serverUrl('1.39.0') })
    const op = run()
    if (op === undefined) throw new Error('no client')
    const error = await left(op)
    expect(error._tag).toMatch(/^Argument(Value|Type)Error$/)
    expect(recording.requests).toEqual([])
  })
})

describe('the cut-offs of boost and diversity', () => {
  const diversity: Diversity = { type: 'mmr', limit: 2 }
  const boost: Boost = { conditions: [{ type: 'propertyValue', property: 'likes' }] }
  const supported = (raw: string, input: Parameters<typeof supportsQuery>[1]): boolean => {
    const version = parseVersion(raw)
    if (version === undefined) throw new Error(raw)
    return E.isRight(supportsQuery(version, input))
  }

  it.each([
    ['1.36.9', false],
    ['1.37.0', true],
  ] as const)('on %s nearVector and nearObject with diversity are supported: %s', (raw, yes) => {
    expect([supported(raw, nearVectorInput({ className: 'A', vector: [1], diversity })), supported(raw, nearObjectInput({ className: 'A', id: uuidOf(1), diversity }))]).toEqual([yes, yes])
  })

  it.each([
    ['1.38.11', false],
    ['1.39.0', true],
  ] as const)('on %s hybrid with diversity is supported: %s', (raw, yes) => {
    expect(supported(raw, hybridInput({ className: 'A', query: 'x', vector: [1], diversity }))).toBe(yes)
  })

  it.each([
    ['1.37.9', false],
    ['1.38.0', true],
  ] as const)('on %s bm25 with a boost is supported: %s', (raw, yes) => {
    expect(supported(raw, bm25Input({ className: 'A', query: 'x', boost }))).toBe(yes)
  })
})
