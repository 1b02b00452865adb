/**
 * `query.aggregate` over the objects a `nearText` search finds, on the run's MODULES server
 * (1.39.0 with `text2vec-bigram`). As in near-text.spec.ts, the class has a bigram named vector `a`
 * beside one of `text2vec-transformers` (registered with a closed loopback port, its vectors given
 * with the objects): that module declares the `nearText` argument bigram does not declare, so
 * nearText runs on `a` over gRPC `Aggregate` and GraphQL `Aggregate` alike. There the aggregate
 * with an `objectLimit` (or a `distance`, or a `certainty`) is, count and metrics, TypeScript's
 * aggregate of the objects `query.nearText` returns with the same limit (or threshold), on both
 * transports, and through the collection handle. Limits and thresholds are chosen where the
 * ranking's distances leave a clear gap, so no object sits on a boundary. On a bigram-only class
 * the server refuses nearText on both transports (a typed error); an older server refuses what it
 * lacks before any request; bad arguments are refused before anything is sent.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { type BatchObject, type Client, connect } from '../../lib'
import { aggregateInput } from '../../lib/query/aggregate-args'
import { aggregateRequest } from '../../lib/query/grpc/aggregate-request'
import { aggregateQuery } from '../../lib/query/graphql/build-aggregate'
import { createClass, deleteClass } from '../helpers/fixtures'
import { left, recordingClient, right } from '../helpers/client'
import { uniqueClassName } from '../helpers/server'
import { configuredServer } from '../helpers/versions'
import { random } from '../helpers/vector-math'

const SEED = 20261128
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
/** An int and a number of quarters (their sums exact in float64) per object. */
const nOf = (i: number): number => (i * 7) % 11
const xOf = (i: number): number => ((i * 13) % 17) / 4

const Mixed = uniqueClassName('AggregateNearText')
const Bigram = uniqueClassName('AggregateNearTextBigram')
const server = configuredServer('MODULES')
const target = { url: server.url, ...(server.apiKey === undefined ? {} : { apiKey: server.apiKey }) }
const open: Client[] = []

const client = (transport: 'grpc' | 'rest'): Client => {
  const made = connect({ url: server.url, grpcUrl: server.grpcUrl, transport, ...(server.apiKey === undefined ? {} : { apiKey: server.apiKey }) })
  open.push(made)
  return made
}

const flat = { vectorIndexType: 'flat', vectorIndexConfig: { distance: 'cosine' } }

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
      { name: 'x', dataType: ['number'] },
    ],
  })
  // A bigram-only class: bigram declares no nearText argument, which the server asks for.
  await createClass(target, { class: Bigram, vectorizer: 'text2vec-bigram', ...flat, properties: [{ name: 'text', dataType: ['text'] }] })
  const objects: BatchObject[] = texts.flatMap((text, i) => [
    { className: Mixed, uuid: uuidOf(i), dataObject: { text, n: nOf(i), x: xOf(i) }, vectors: { t: [1, i] } },
    { className: Bigram, uuid: uuidOf(i), dataObject: { text } },
  ])
  const written = await lastValueFrom(client('grpc').objects.batch(objects).pipe(toArray()))
  expect(written.filter(E.isLeft)).toEqual([])
}, 120_000)

afterAll(async () => {
  await deleteClass(target, Mixed)
  await deleteClass(target, Bigram)
  for (const c of open) await c.close()
})

const METRICS = {
  n: { kind: 'int', metrics: ['count', 'minimum', 'maximum', 'sum', 'mean', 'median'] },
  x: { kind: 'number', metrics: ['count', 'minimum', 'maximum', 'sum', 'mean'] },
} as const

type Found = ReadonlyArray<{ readonly id: string; readonly n: number; readonly x: number; readonly distance: number }>

/** The nearText search's objects, nearest first, with their n, x and distance. */
const searched = async (c: Client, args: { query: string | readonly string[]; limit?: number; distance?: number; certainty?: number }): Promise<Found> => {
  const result = await right(c.query.nearText({ className: Mixed, targetVector: 'a', limit: COUNT, ...args, returnProperties: ['n', 'x'], returnMetadata: ['distance'] }))
  return result.objects.map((o) => ({ id: o.id, n: Number(o.properties['n']), x: Number(o.properties['x']), distance: o.metadata.distance ?? NaN }))
}

/** TypeScript's aggregate of the objects found: the count, and the metrics asked (the median of an even count is the mean of the middle two). */
const aggregated = (found: Found) => {
  const ns = found.map((o) => o.n).sort((a, b) => a - b)
  const xs = found.map((o) => o.x).sort((a, b) => a - b)
  const sum = (vs: readonly number[]): number => vs.reduce((a, b) => a + b, 0)
  const mid = Math.floor(ns.length / 2)
  return {
    count: found.length,
    metrics: {
      n: {
        kind: 'int',
        count: ns.length,
        minimum: ns[0],
        maximum: ns[ns.length - 1],
        sum: sum(ns),
        mean: sum(ns) / ns.length,
        median: ns.length % 2 === 1 ? ns[mid] : ((ns[mid - 1] ?? NaN) + (ns[mid] ?? NaN)) / 2,
      },
      x: { kind: 'number', count: xs.length, minimum: xs[0], maximum: xs[xs.length - 1], sum: sum(xs), mean: sum(xs) / xs.length },
    },
  }
}

/** The first position from `from` on after which the ranking's distances leave a clear gap: a limit no tie straddles. */
const limitAtGap = (all: Found, from: number): number => {
  for (let k = from; k < all.length; k++) if ((all[k]?.distance ?? NaN) - (all[k - 1]?.distance ?? NaN) > 1e-3) return k
  throw new Error('no gap in the distances')
}

/** A distance halfway into that gap (no object sits on it). */
const distanceAtGap = (all: Found, from: number): number => {
  const k = limitAtGap(all, from)
  return ((all[k - 1]?.distance ?? NaN) + (all[k]?.distance ?? NaN)) / 2
}

describe.each(['grpc', 'rest'] as const)('aggregate over nearText on a bigram named vector (transport %s)', (transport) => {
  it('with objectLimit k: the count and metrics of the k objects nearText returns with limit k', async () => {
    const c = client(transport)
    const k = limitAtGap(await searched(c, { query: textOf(7) }), 9)
    const found = await searched(c, { query: textOf(7), limit: k })
    expect(found).toHaveLength(k)
    const result = await right(c.query.aggregate({ className: Mixed, search: { kind: 'nearText', concepts: textOf(7), targetVector: 'a' }, objectLimit: k, metrics: METRICS, transport }))
    expect(result).toEqual(aggregated(found))
  })

  it('with a distance: the count and metrics of the objects nearText returns within it', async () => {
    const c = client(transport)
    const distance = distanceAtGap(await searched(c, { query: textOf(5) }), 10)
    const found = await searched(c, { query: textOf(5), distance })
    expect(found.length).toBeGreaterThan(1)
    expect(found.length).toBeLessThan(COUNT)
    const result = await right(c.query.aggregate({ className: Mixed, search: { kind: 'nearText', concepts: [textOf(5)], targetVector: 'a', distance }, metrics: METRICS, transport }))
    expect(result).toEqual(aggregated(found))
  })

  it('with a certainty: the count of the objects nearText returns at least that certain', async () => {
    const c = client(transport)
    const certainty = 1 - distanceAtGap(await searched(c, { query: textOf(9) }), 12) / 2
    const found = await searched(c, { query: textOf(9), certainty })
    expect(found.length).toBeGreaterThan(1)
    expect(found.length).toBeLessThan(COUNT)
    const result = await right(c.query.aggregate({ className: Mixed, search: { kind: 'nearText', concepts: textOf(9), targetVector: 'a', certainty }, transport }))
    expect(result).toEqual({ count: found.length })
  })

  it('with two concepts: the objects nearText returns for the same two', async () => {
    const c = client(transport)
    const query = [textOf(3), textOf(11)]
    const k = limitAtGap(await searched(c, { query }), 8)
    const found = await searched(c, { query, limit: k })
    const result = await right(c.query.aggregate({ className: Mixed, search: { kind: 'nearText', concepts: query, targetVector: 'a' }, objectLimit: k, metrics: METRICS, transport }))
    expect(result).toEqual(aggregated(found))
  })

  it('with moveTo and moveAway is answered; bigram ignores moves, so as without them', async () => {
    const c = client(transport)
    const k = limitAtGap(await searched(c, { query: textOf(4) }), 6)
    const plain = await right(c.query.aggregate({ className: Mixed, search: { kind: 'nearText', concepts: textOf(4), targetVector: 'a' }, objectLimit: k, metrics: METRICS, transport }))
    const moved = await right(
      c.query.aggregate({
        className: Mixed,
        search: { kind: 'nearText', concepts: textOf(4), targetVector: 'a', moveTo: { force: 0.9, concepts: [textOf(20)], objects: [uuidOf(21)] }, moveAway: { force: 0.5, concepts: [textOf(4)] } },
        objectLimit: k,
        metrics: METRICS,
        transport,
      }),
    )
    expect(moved).toEqual(plain)
  })

  it('through the collection handle: the same answer as query.aggregate', async () => {
    const c = client(transport)
    const k = limitAtGap(await searched(c, { query: textOf(13) }), 11)
    const args = { search: { kind: 'nearText', concepts: textOf(13), targetVector: 'a' }, objectLimit: k, metrics: METRICS, transport } as const
    const [handle, flatAnswer] = await Promise.all([right(c.collection(Mixed).aggregate.overAll(args)), right(c.query.aggregate({ className: Mixed, ...args }))])
    expect(handle).toEqual(flatAnswer)
    expect(handle.count).toBe(k)
  })
})

describe('aggregate over nearText over gRPC and over GraphQL', () => {
  it('gives the same answer, grouped by a property', async () => {
    const k = limitAtGap(await searched(client('grpc'), { query: textOf(12) }), 15)
    const args = {
      className: Mixed,
      search: { kind: 'nearText', concepts: textOf(12), targetVector: 'a' },
      objectLimit: k,
      groupBy: { property: 'n' },
      metrics: { x: { kind: 'number', metrics: ['sum', 'maximum'] } },
    } as const
    const [grpc, rest] = await Promise.all([right(client('grpc').query.aggregate({ ...args, transport: 'grpc' })), right(client('rest').query.aggregate({ ...args, transport: 'rest' }))])
    expect(grpc.groups.reduce((a, g) => a + g.count, 0)).toBe(k)
    expect(grpc).toEqual(rest)
  })
})

describe('aggregate over nearText on a bigram-only class is refused by the server, as a typed error', () => {
  it('over gRPC: the server cannot vectorize without a module that declares nearText', async () => {
    const error = await left(client('grpc').query.aggregate({ className: Bigram, search: { kind: 'nearText', concepts: textOf(1) }, objectLimit: 5, transport: 'grpc' }))
    expect(error._tag).toBe('UnexpectedStatusError')
    expect(error.message).toMatch(/nearText/)
  })

  it('over GraphQL: the query carries nearText, and the server refuses the argument bigram does not declare', async () => {
    const recording = recordingClient({ url: server.url, transport: 'rest', ...(server.apiKey === undefined ? {} : { apiKey: server.apiKey }) })
    try {
      const error = await left(recording.client.query.aggregate({ className: Bigram, search: { kind: 'nearText', concepts: textOf(1) }, objectLimit: 5 }))
      expect(error._tag).toBe('UnexpectedStatusError')
      expect(error.message).toMatch(/Unknown argument "nearText"/)
      const graphql = recording.requests.filter((r) => r.path === '/v1/graphql')
      expect(graphql).toHaveLength(1)
      expect(JSON.stringify(graphql[0]?.body)).toContain(`nearText: { concepts: [\\"${textOf(1)}\\"] }`)
    } finally {
      await recording.close()
    }
  })
})

describe('what an aggregate over nearText sends', () => {
  const input = aggregateInput({
    className: 'Article',
    search: { kind: 'nearText', concepts: ['sail', 'boat'], moveTo: { force: 0.75, concepts: ['river'], objects: [uuidOf(1)] }, moveAway: { force: 0.25, objects: [uuidOf(2)] }, certainty: 0.7 },
  })

  it('over gRPC: near_text with the concepts, each move, and the certainty', () => {
    const search = aggregateRequest(input).search
    expect(search?.$case).toBe('nearText')
    const near = search?.$case === 'nearText' ? search.value : undefined
    expect([near?.query, near?.certainty, near?.distance]).toEqual([['sail', 'boat'], 0.7, undefined])
    expect([near?.moveTo?.force, near?.moveTo?.concepts, near?.moveTo?.uuids]).toEqual([0.75, ['river'], [uuidOf(1)]])
    expect([near?.moveAway?.force, near?.moveAway?.concepts, near?.moveAway?.uuids]).toEqual([0.25, [], [uuidOf(2)]])
  })

  it('over GraphQL: nearText with moveTo and moveAwayFrom (objects by id)', () => {
    expect(aggregateQuery(input)).toContain(
      `nearText: { concepts: ["sail", "boat"], moveTo: { force: 0.75, concepts: ["river"], objects: [{ id: "${uuidOf(1)}" }] }, moveAwayFrom: { force: 0.25, objects: [{ id: "${uuidOf(2)}" }] }, certainty: 0.7 }`,
    )
  })
})

describe('aggregate over nearText refuses before anything is sent', () => {
  const refused = async (args: unknown, serverVersion = '1.39.0'): Promise<{ tag: string; argument?: unknown; sent: number }> => {
    const rc = recordingClient({ serverVersion })
    try {
      const error = await left(rc.client.query.aggregate(args as Parameters<typeof rc.client.query.aggregate>[0]))
      const argument = (error as { argument?: unknown }).argument
      return { tag: error._tag, ...(argument === undefined ? {} : { argument }), sent: rc.requests.length }
    } finally {
      await rc.close()
    }
  }

  it('a search with neither objectLimit nor a distance or certainty', async () => {
    expect(await refused({ className: 'A', search: { kind: 'nearText', concepts: 'boat' } })).toEqual({ tag: 'ArgumentValueError', argument: 'search', sent: 0 })
  })

  it('no concepts, or an empty one', async () => {
    expect(await refused({ className: 'A', search: { kind: 'nearText', concepts: [] }, objectLimit: 3 })).toEqual({ tag: 'ArgumentValueError', argument: 'search.concepts', sent: 0 })
    expect(await refused({ className: 'A', search: { kind: 'nearText', concepts: ['boat', ''] }, objectLimit: 3 })).toEqual({ tag: 'ArgumentValueError', argument: 'search.concepts[1]', sent: 0 })
  })

  it('a move without concepts or objects, or with a force outside 0..1', async () => {
    expect(await refused({ className: 'A', search: { kind: 'nearText', concepts: 'boat', moveTo: { force: 0.5 } }, objectLimit: 3 })).toEqual({ tag: 'ArgumentValueError', argument: 'search.moveTo', sent: 0 })
    expect(await refused({ className: 'A', search: { kind: 'nearText', concepts: 'boat', moveAway: { force: 2, concepts: ['x'] } }, objectLimit: 3 })).toEqual({
      tag: 'ArgumentValueError',
      argument: 'search.moveAway.force',
      sent: 0,
    })
  })

  it('both a distance and a certainty, and a key nearText does not take', async () => {
    expect(await refused({ className: 'A', search: { kind: 'nearText', concepts: 'boat', distance: 0.2, certainty: 0.8 } })).toEqual({ tag: 'ArgumentValueError', argument: 'search.distance', sent: 0 })
    expect((await refused({ className: 'A', search: { kind: 'nearText', query: 'boat' }, objectLimit: 3 })).sent).toBe(0)
  })

  it('a distance on a server before 1.14, and a named vector before 1.24: UnsupportedVersionError', async () => {
    expect(await refused({ className: 'A', search: { kind: 'nearText', concepts: 'boat', distance: 0.2 } }, '1.13.2')).toEqual({ tag: 'UnsupportedVersionError', sent: 0 })
    expect(await refused({ className: 'A', search: { kind: 'nearText', concepts: 'boat', targetVector: 'a' }, objectLimit: 3 }, '1.23.0')).toEqual({ tag: 'UnsupportedVersionError', sent: 0 })
  })
})
