/**
 * Searches the server vectorizes, on the run's MODULES server (1.39.0 with `text2vec-bigram`).
 * `nearText` runs on a bigram named vector of a class that also names `text2vec-transformers`
 * (registered with a closed loopback port: it vectorizes nothing here, but it declares the
 * `nearText` argument that the server's validation asks for and bigram does not declare). There,
 * over gRPC `Search` and GraphQL `Get` alike, nearText is nearVector with the vector the server
 * stored for the same text (several concepts: their stored vectors' mean), with distance and
 * certainty thresholds, groupBy and two targets combined. Hybrid with a text query and no vector
 * vectorizes it over both transports. What cannot run here is tested for what reaches the server
 * and its refusal: nearText on a bigram-only class, `nearImage` and `nearMedia` (no image or media
 * module runs without a model container); moves are sent, but bigram ignores them
 * (modules/text2vec-bigram/bigram.go VectorFromParams reads only the texts).
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { type BatchObject, type Client, type SearchResult, connect } from '../../lib'
import { nearMediaInput, nearTextInput } from '../../lib/query/check'
import { searchRequest } from '../../lib/query/grpc/search-request'
import { getQuery } from '../../lib/query/graphql/build-get'
import { createClass, deleteClass } from '../helpers/fixtures'
import { left, recordingClient, right } from '../helpers/client'
import { uniqueClassName } from '../helpers/server'
import { configuredServer } from '../helpers/versions'
import { random } from '../helpers/vector-math'
import { ownHandles } from '../helpers/own-handles'

const SEED = 20261127
const COUNT = 40
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'so', 'ti', 'va', 'ze', 'pu']

const uuidOf = (i: number): string => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`

/** Distinct texts of 3 to 6 syllables (at least 2 characters each: bigram makes NaN of less). */
const texts = ((): string[] => {
  const next = random(SEED)
  const seen = new Set<string>()
  while (seen.size < COUNT) {
    const length = 3 + Math.floor(next() * 4)
    seen.add(Array.from({ length }, () => SYLLABLES[Math.floor(next() * SYLLABLES.length)] ?? 'ka').join(''))
  }
  return [...seen]
})()

const textOf = (i: number): string => texts[i] ?? 'kaka'

const Bigram = uniqueClassName('NearTextBigram')
const Mixed = uniqueClassName('NearTextMixed')
const server = configuredServer('MODULES')
const target = { url: server.url, ...(server.apiKey === undefined ? {} : { apiKey: server.apiKey }) }
const open: Client[] = []

const client = (transport: 'grpc' | 'rest'): Client => {
  const made = connect({ url: server.url, grpcUrl: server.grpcUrl, transport, ...(server.apiKey === undefined ? {} : { apiKey: server.apiKey }) })
  open.push(made)
  return made
}

const flat = { vectorIndexType: 'flat', vectorIndexConfig: { distance: 'cosine' } }

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles({
  closeAfterAll: async () => {
    await deleteClass(target, Bigram)
    await deleteClass(target, Mixed)
    for (const c of open) await c.close()
  },
})

beforeAll(async () => {
  // A bigram-only class: nearText is refused there (bigram declares no nearText argument, which the
  // server's validation asks for on every transport: usecases/modules/modules.go validateSearchParam).
  await createClass(target, { class: Bigram, vectorizer: 'text2vec-bigram', ...flat, properties: [{ name: 'text', dataType: ['text'] }] })
  // Two bigram named vectors, and one of text2vec-transformers (its inference API a closed
  // loopback port): that module declares the nearText argument, and its vector is given with
  // each object, so it vectorizes nothing. nearText on `a` / `b` is vectorized by bigram.
  await createClass(target, {
    class: Mixed,
    vectorConfig: {
      a: { vectorizer: { 'text2vec-bigram': {} }, ...flat },
      b: { vectorizer: { 'text2vec-bigram': {} }, ...flat },
      t: { vectorizer: { 'text2vec-transformers': {} }, ...flat },
    },
    properties: [{ name: 'text', dataType: ['text'] }],
  })
  const writer = client('grpc')
  const objects: BatchObject[] = texts.flatMap((text, i) => [
    { className: Bigram, uuid: uuidOf(i), dataObject: { text } },
    { className: Mixed, uuid: uuidOf(i), dataObject: { text }, vectors: { t: [1, i] } },
  ])
  const written = await lastValueFrom(writer.objects.batch(objects).pipe(toArray()))
  expect(written.filter(E.isLeft)).toEqual([])
}, 120_000)

type Result = SearchResult<Record<string, unknown>, readonly number[]>

/** The vector the server stored for object `i` of a class (its unnamed vector, or a named one). */
const storedVector = async (className: string, i: number, name?: string): Promise<readonly number[]> => {
  const found = await right(
    client('grpc').query.fetchObjects({
      className,
      where: { path: ['id'], operator: 'Equal', valueText: uuidOf(i) },
      ...(name === undefined ? { includeVector: true } : { includeVector: [name] }),
    }),
  )
  const object = found.objects[0]
  const vector = name === undefined ? object?.vector : object?.vectors?.[name]
  if (vector === undefined || typeof vector[0] !== 'number') throw new Error(`no stored vector for object ${i}`)
  return vector as readonly number[]
}

const ranked = (result: Result): Array<{ id: string; distance: number | undefined }> => result.objects.map((o) => ({ id: o.id, distance: o.metadata.distance }))

/** A distance halfway between two neighbours of the ranking, from position `from` on, where they differ clearly (no result sits on it). */
const between = (all: ReadonlyArray<{ distance: number | undefined }>, from: number): number => {
  for (let k = from; k + 1 < all.length; k++) {
    const [d, next] = [all[k]?.distance ?? NaN, all[k + 1]?.distance ?? NaN]
    if (next - d > 1e-3) return (d + next) / 2
  }
  throw new Error('no gap in the distances')
}

/**
 * The same ranking: every object, each at the same distance, nearest first. Objects at equal
 * distances (texts with the same bigrams in other proportions can tie) may come in any order.
 */
const expectSameRanking = (actual: Result, expected: Result): void => {
  const distances = new Map(ranked(expected).map((o) => [o.id, o.distance ?? NaN]))
  const got = ranked(actual)
  expect(got.length).toBe(COUNT)
  expect(got.map((o) => o.id).sort()).toEqual([...distances.keys()].sort())
  got.forEach((o) => expect(o.distance).toBeCloseTo(distances.get(o.id) ?? NaN, 5))
  got.slice(1).forEach((o, i) => expect(o.distance ?? NaN).toBeGreaterThanOrEqual((got[i]?.distance ?? NaN) - 1e-6))
}

describe.each(['grpc', 'rest'] as const)('nearText on a text2vec-bigram named vector (transport %s)', (transport) => {
  it('ranks every object as nearVector with the vector the server stored for the same text', async () => {
    const vector = await storedVector(Mixed, 7, 'a')
    const c = client(transport)
    const byText = await right(c.query.nearText({ className: Mixed, query: textOf(7), targetVector: 'a', limit: COUNT, returnMetadata: ['distance'] }))
    const byVector = await right(c.query.nearVector({ className: Mixed, vector, targetVector: 'a', limit: COUNT, returnMetadata: ['distance'] }))
    expect(byText.objects[0]?.id).toBe(uuidOf(7))
    expectSameRanking(byText, byVector)
  })

  it('with two concepts ranks as nearVector with the mean of their stored vectors', async () => {
    const [a, b] = await Promise.all([storedVector(Mixed, 3, 'a'), storedVector(Mixed, 11, 'a')])
    const mean = a.map((x, d) => (x + (b[d] ?? NaN)) / 2)
    const c = client(transport)
    const byText = await right(c.query.nearText({ className: Mixed, query: [textOf(3), textOf(11)], targetVector: 'a', limit: COUNT, returnMetadata: ['distance'] }))
    const byVector = await right(c.query.nearVector({ className: Mixed, vector: mean, targetVector: 'a', limit: COUNT, returnMetadata: ['distance'] }))
    expectSameRanking(byText, byVector)
  })

  it('with a distance keeps exactly the objects within it', async () => {
    const c = client(transport)
    const all = ranked(await right(c.query.nearText({ className: Mixed, query: textOf(5), targetVector: 'a', limit: COUNT, returnMetadata: ['distance'] })))
    const cut = between(all, Math.floor(COUNT / 4))
    const within = await right(c.query.nearText({ className: Mixed, query: textOf(5), targetVector: 'a', distance: cut, limit: COUNT }))
    const expected = all.filter((o) => (o.distance ?? Infinity) <= cut).map((o) => o.id)
    expect(expected.length).toBeGreaterThan(1)
    expect(expected.length).toBeLessThan(COUNT)
    expect(within.objects.map((o) => o.id)).toEqual(expected)
  })

  it('with a certainty keeps exactly the objects at least that certain (cosine: 1 - distance / 2)', async () => {
    const c = client(transport)
    const all = ranked(await right(c.query.nearText({ className: Mixed, query: textOf(9), targetVector: 'a', limit: COUNT, returnMetadata: ['distance'] })))
    const cut = between(all, Math.floor(COUNT / 3))
    const certainty = 1 - cut / 2
    const sure = await right(c.query.nearText({ className: Mixed, query: textOf(9), targetVector: 'a', certainty, limit: COUNT }))
    const expected = all.filter((o) => 1 - (o.distance ?? Infinity) / 2 >= certainty).map((o) => o.id)
    expect(expected.length).toBeGreaterThan(1)
    expect(expected.length).toBeLessThan(COUNT)
    expect(sure.objects.map((o) => o.id)).toEqual(expected)
  })

  it('groups by a property: the nearest texts, one group each', async () => {
    const c = client(transport)
    const plain = ranked(await right(c.query.nearText({ className: Mixed, query: textOf(2), targetVector: 'a', limit: COUNT, returnMetadata: ['distance'] })))
    const grouped = await right(c.query.nearText({ className: Mixed, query: textOf(2), targetVector: 'a', groupBy: { property: 'text', numberOfGroups: 3, objectsPerGroup: 1 } }))
    const groups = Object.values(grouped.groups ?? {})
    expect(groups.map((g) => g.objects.length)).toEqual([1, 1, 1])
    expect(groups[0]?.objects[0]?.id).toBe(uuidOf(2))
    groups.forEach((g, i) => expect(g.minDistance).toBeCloseTo(plain[i]?.distance ?? NaN, 5))
  })

  it('over two named vectors combined by sum ranks as nearVector over the same two', async () => {
    const vector = await storedVector(Mixed, 17, 'a')
    const c = client(transport)
    const byText = await right(c.query.nearText({ className: Mixed, query: textOf(17), targetVector: ['a', 'b'], targetCombination: 'sum', limit: COUNT, returnMetadata: ['distance'] }))
    const byVector = await right(c.query.nearVector({ className: Mixed, vector, targetVector: ['a', 'b'], targetCombination: 'sum', limit: COUNT, returnMetadata: ['distance'] }))
    expectSameRanking(byText, byVector)
  })

  it('with moveTo and moveAway is answered, and bigram (which ignores moves) answers the unmoved ranking', async () => {
    const c = client(transport)
    const plain = await right(c.query.nearText({ className: Mixed, query: textOf(4), targetVector: 'a', limit: COUNT, returnMetadata: ['distance'] }))
    const moved = await right(
      c.query.nearText({
        className: Mixed,
        query: textOf(4),
        targetVector: 'a',
        moveTo: { force: 0.9, concepts: [textOf(20)], objects: [uuidOf(21)] },
        moveAway: { force: 0.5, concepts: [textOf(4)] },
        limit: COUNT,
        returnMetadata: ['distance'],
      }),
    )
    expectSameRanking(moved, plain)
  })
})

describe('nearText over gRPC and over GraphQL', () => {
  it('gives the same objects, field for field: properties, metadata and the named vector', async () => {
    const args = { className: Mixed, query: textOf(12), targetVector: 'a', limit: COUNT, includeVector: ['a'], returnMetadata: ['distance', 'certainty'] } as const
    const [grpc, rest] = await Promise.all([right(client('grpc').query.nearText(args)), right(client('rest').query.nearText(args))])
    // Sorted by id: objects at equal distances may come in either order.
    const byId = (r: Result): Result['objects'] => [...r.objects].sort((x, y) => x.id.localeCompare(y.id))
    expect(grpc.objects).toHaveLength(COUNT)
    expect(byId(grpc)).toStrictEqual(byId(rest))
  })
})

describe('what a nearText move sends', () => {
  const args = {
    className: 'Article',
    query: ['sail', 'boat'],
    moveTo: { force: 0.75, concepts: ['river'], objects: [uuidOf(1)] },
    moveAway: { force: 0.25, objects: [uuidOf(2)] },
  }

  it('over gRPC: the concepts, and each move with its force, concepts and object ids', () => {
    const near = searchRequest(nearTextInput(args)).nearText
    expect(near?.query).toEqual(['sail', 'boat'])
    expect([near?.moveTo?.force, near?.moveTo?.concepts, near?.moveTo?.uuids]).toEqual([0.75, ['river'], [uuidOf(1)]])
    expect([near?.moveAway?.force, near?.moveAway?.concepts, near?.moveAway?.uuids]).toEqual([0.25, [], [uuidOf(2)]])
  })

  it('over GraphQL: moveTo and moveAwayFrom, objects by id', () => {
    expect(getQuery(nearTextInput(args), [], [])).toContain(
      `nearText: { concepts: ["sail", "boat"], moveTo: { force: 0.75, concepts: ["river"], objects: [{ id: "${uuidOf(1)}" }] }, moveAwayFrom: { force: 0.25, objects: [{ id: "${uuidOf(2)}" }] } }`,
    )
  })

  it('nearMedia over gRPC and GraphQL: the medium by its own field and argument name', () => {
    const input = nearMediaInput({ className: 'Clip', media: new Uint8Array([1, 2, 3]), mediaType: 'imu', distance: 0.5 })
    expect(searchRequest(input).nearImu).toEqual(expect.objectContaining({ imu: 'AQID', distance: 0.5 }))
    expect(getQuery(input, [], [])).toContain('nearIMU: { imu: "AQID", distance: 0.5 }')
  })
})

describe('hybrid with a text query and no vector on a bigram class vectorizes the query', () => {
  it.each(['grpc', 'rest'] as const)('over %s: at alpha 1 each score is the relative score of the distance from the stored vector of the same text', async (transport) => {
    const vector = await storedVector(Bigram, 6)
    const hybrid = await right(client(transport).query.hybrid({ className: Bigram, query: textOf(6), alpha: 1, fusionType: 'relativeScore', limit: COUNT, returnMetadata: ['score'] }))
    const byVector = ranked(await right(client('grpc').query.nearVector({ className: Bigram, vector, limit: COUNT, returnMetadata: ['distance'] })))
    const distances = new Map(byVector.map((o) => [o.id, o.distance ?? NaN]))
    const [nearest, farthest] = [Math.min(...distances.values()), Math.max(...distances.values())]
    expect(hybrid.objects).toHaveLength(COUNT)
    expect(hybrid.objects[0]?.id).toBe(uuidOf(6))
    hybrid.objects.forEach((o) => expect(o.metadata.score).toBeCloseTo((farthest - (distances.get(o.id) ?? NaN)) / (farthest - nearest), 4))
  })
})

describe('what cannot run here reaches the server and is refused, as a typed error', () => {
  it('nearText over gRPC on a bigram-only class: the server cannot vectorize without a module that declares nearText', async () => {
    const error = await left(client('grpc').query.nearText({ className: Bigram, query: textOf(1) }))
    expect(error._tag).toBe('UnexpectedStatusError')
    expect(error.message).toMatch(/could not vectorize input for collection .* with search-type nearText/)
  })

  it('nearText over GraphQL on a bigram-only class: the query carries nearText, and the server refuses the argument bigram does not declare', async () => {
    const recording = recordingClient({ url: server.url, transport: 'rest', ...(server.apiKey === undefined ? {} : { apiKey: server.apiKey }) })
    try {
      const error = await left(recording.client.query.nearText({ className: Bigram, query: textOf(1) }))
      expect(error._tag).toBe('UnexpectedStatusError')
      expect(error.message).toMatch(/Unknown argument "nearText"/)
      const graphql = recording.requests.filter((r) => r.path === '/v1/graphql')
      expect(graphql).toHaveLength(1)
      expect(JSON.stringify(graphql[0]?.body)).toContain(`nearText: { concepts: [\\"${textOf(1)}\\"] }`)
    } finally {
      await recording.close()
    }
  })

  it.each(['grpc', 'rest'] as const)('nearImage over %s on a class without an image module', async (transport) => {
    const error = await left(client(transport).query.nearImage({ className: Bigram, image: 'iVBORw0KGgo=' }))
    expect(error._tag).toBe('UnexpectedStatusError')
    expect(error.message).toMatch(transport === 'rest' ? /Unknown argument "nearImage"/ : /nearImage/)
  })

  it.each(['grpc', 'rest'] as const)('nearMedia (audio) over %s on a class without a media module', async (transport) => {
    const error = await left(client(transport).query.nearMedia({ className: Bigram, media: 'UklGRg==', mediaType: 'audio' }))
    expect(error._tag).toBe('UnexpectedStatusError')
    expect(error.message).toMatch(transport === 'rest' ? /Unknown argument "nearAudio"/ : /nearAudio/)
  })
})
