/**
 * `query.aggregate` over the objects a search finds, and metrics on every server of the run: on a
 * class whose vectors are at l2-squared distance i²/64 from the query (object i), an aggregate
 * over `nearVector` with `objectLimit` k covers objects 0..k-1, with a `distance` the objects
 * within it; `nearObject` and a vector-only `hybrid` cover the same objects; metrics equal
 * TypeScript's over those objects. 1.39.0 over gRPC and GraphQL, the older servers over GraphQL
 * (what each has: no date metrics on 1.13.2, no `distance` before 1.14; the median of an even count
 * by the server's definition of the time, see `expected`). Bad metrics and searches
 * are refused before anything is sent.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { Client, connect } from '../../lib'
import { createClass, deleteClass } from '../helpers/fixtures'
import { left, recordingClient, right } from '../helpers/client'
import { uniqueClassName } from '../helpers/server'
import { apiKeyOption, ServerVersionUnderTest, grpcServerUrl, serverUrl } from '../helpers/versions'
import { ownHandles } from '../helpers/own-handles'

const SIZE = 30
const DATES = ['2021-01-01T00:00:00Z', '2021-06-01T00:00:00Z', '2022-01-01T00:00:00Z']
const idOf = (i: number): string => `dddddddd-0000-4000-8000-${i.toString(16).padStart(12, '0')}`
/** Words without a tie among the two most frequent of any first k objects (servers before 1.16 break ties their own way). */
const wordOf = (i: number): string => (i % 7 < 3 ? 'ab' : i % 7 < 5 ? 'ba' : i % 7 < 6 ? 'cab' : 'abc')
const rows = Array.from({ length: SIZE }, (_, i) => ({ n: (i * 7) % 11, x: ((i * 13) % 17) / 4, word: wordOf(i), flag: i % 3 === 0, date: DATES[i % 3] ?? DATES[0] }))
const vectorOf = (i: number): number[] => [i / 8, 1, 0]
const QUERY = [0, 1, 0]

/**
 * TypeScript's metrics of the first `k` objects (the k nearest). The median of an even count is the
 * mean of the two middle values from 1.16.0; before, the lower of them (v1.14.1
 * adapters/repos/db/aggregator/numerical.go Median, changed in v1.16.0).
 */
const expected = (k: number, version: ServerVersionUnderTest) => {
  const kept = rows.slice(0, k)
  const ns = kept.map((r) => r.n).sort((a, b) => a - b)
  const mid = Math.floor(ns.length / 2)
  const trues = kept.filter((r) => r.flag).length
  const occurrences = ['ab', 'abc', 'ba', 'cab'].map((value) => ({ value, occurs: kept.filter((r) => r.word === value).length }))
    .filter((o) => o.occurs > 0)
    .sort((a, b) => b.occurs - a.occurs || (a.value < b.value ? -1 : 1))
  return {
    n: {
      kind: 'int',
      count: k,
      minimum: ns[0],
      maximum: ns[ns.length - 1],
      sum: ns.reduce((a, b) => a + b, 0),
      median: ns.length % 2 === 1 ? ns[mid] : version === '1.13.2' || version === '1.14.1' ? ns[mid - 1] : ((ns[mid - 1] ?? NaN) + (ns[mid] ?? NaN)) / 2,
    },
    // Quarters: their sums are exact in float64, so compared exactly.
    x: { kind: 'number', mean: kept.reduce((a, r) => a + r.x, 0) / k },
    word: { kind: 'text', count: k, topOccurrences: occurrences.slice(0, 2) },
    flag: { kind: 'boolean', totalTrue: trues, percentageFalse: (k - trues) / k },
  }
}

const METRICS = {
  n: { kind: 'int', metrics: ['count', 'minimum', 'maximum', 'sum', 'median'] },
  x: { kind: 'number', metrics: ['mean'] },
  word: { kind: 'text', topOccurrencesLimit: 2 },
  flag: { kind: 'boolean', metrics: ['totalTrue', 'percentageFalse'] },
} as const

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles()

describe.each([
  ['1.39.0', 'grpc'],
  ['1.39.0', 'rest'],
  ['1.18.6', 'rest'],
  ['1.14.1', 'rest'],
  ['1.13.2', 'rest'],
] as const)('aggregate over a search on %s (transport %s)', (version: ServerVersionUnderTest, transport) => {
  const className = uniqueClassName('AggregateSearch')
  const url = serverUrl(version)
  const text = version === '1.39.0' ? 'text' : 'string'
  let client: Client

  beforeAll(async () => {
    client = connect({ url, ...apiKeyOption(url), transport, ...(transport === 'grpc' ? { grpcUrl: grpcServerUrl(version) } : {}) })
    await createClass(url, {
      class: className,
      vectorizer: 'none',
      vectorIndexConfig: { distance: 'l2-squared' },
      properties: [
        { name: 'n', dataType: ['int'] },
        { name: 'x', dataType: ['number'] },
        { name: 'word', dataType: [text] },
        { name: 'flag', dataType: ['boolean'] },
        { name: 'date', dataType: ['date'] },
        // A reference to the class itself (1.39.0 only: the older servers' schema is left as it was).
        ...(version === '1.39.0' ? [{ name: 'rel', dataType: [className] }] : []),
      ],
    })
    const written = await lastValueFrom(client.objects.batch(rows.map((dataObject, i) => ({ className, dataObject, uuid: idOf(i), vector: vectorOf(i) }))).pipe(toArray()))
    expect(written.filter(E.isLeft)).toEqual([])
  }, 60_000)

  afterAll(async () => {
    await deleteClass(url, className)
    await client.close()
  })

  it('computes the metrics of every object as TypeScript does', async () => {
    expect(await right(client.query.aggregate({ className, metrics: METRICS, transport }))).toEqual({ count: SIZE, metrics: expected(SIZE, version) })
  })

  it('aggregates the objectLimit nearest objects of a nearVector', async () => {
    const result = await right(client.query.aggregate({ className, metrics: METRICS, search: { kind: 'nearVector', vector: QUERY }, objectLimit: 7, transport }))
    expect(result).toEqual({ count: 7, metrics: expected(7, version) })
  })

  it('aggregates the objectLimit nearest objects of a stored object (nearObject), itself included', async () => {
    const result = await right(client.query.aggregate({ className, metrics: METRICS, search: { kind: 'nearObject', id: idOf(0) }, objectLimit: 5, transport }))
    expect(result).toEqual({ count: 5, metrics: expected(5, version) })
  })

  if (version === '1.13.2') {
    it('refuses date metrics and a distance with UnsupportedVersionError (1.14+)', async () => {
      expect((await left(client.query.aggregate({ className, metrics: { date: { kind: 'date' } }, transport })))._tag).toBe('UnsupportedVersionError')
      const near = client.query.aggregate({ className, search: { kind: 'nearVector', vector: QUERY, distance: 0.5 }, transport })
      expect((await left(near))._tag).toBe('UnsupportedVersionError')
    })
    return
  }

  it('aggregates the objects within a distance of a nearVector (i²/64 <= 0.5: objects 0..5)', async () => {
    const result = await right(client.query.aggregate({ className, metrics: METRICS, search: { kind: 'nearVector', vector: QUERY, distance: 0.5 }, transport }))
    expect(result).toEqual({ count: 6, metrics: expected(6, version) })
  })

  it('computes date metrics (the median of three dates, ten of each, is the middle one)', async () => {
    const result = await right(client.query.aggregate({ className, metrics: { date: { kind: 'date', metrics: ['count', 'minimum', 'maximum', 'median'] } }, transport }))
    const { date } = result.metrics
    expect([date.count, date.minimum, date.maximum, date.median].map((v) => (typeof v === 'string' ? Date.parse(v) : v))).toEqual([
      SIZE,
      Date.parse(DATES[0] ?? ''),
      Date.parse(DATES[2] ?? ''),
      Date.parse(DATES[1] ?? ''),
    ])
  })

  if (version === '1.39.0') {
    it('aggregates the objectLimit best of a vector-only hybrid search as nearVector does', async () => {
      const search = { kind: 'hybrid', query: 'zzzz', alpha: 1, vector: QUERY } as const
      expect(await right(client.query.aggregate({ className, metrics: METRICS, search, objectLimit: 4, transport }))).toEqual({ count: 4, metrics: expected(4, version) })
    })

    it("gives the classes a reference property points to ('pointingTo')", async () => {
      const result = await right(client.query.aggregate({ className, metrics: { rel: { kind: 'reference' } }, transport }))
      expect(result).toEqual({ count: SIZE, metrics: { rel: { kind: 'reference', pointingTo: [className] } } })
    })

    it('groups the objects of a search, with metrics per group', async () => {
      const result = await right(
        client.query.aggregate({ className, metrics: { n: { kind: 'int', metrics: ['sum'] } }, groupBy: { property: 'flag' }, search: { kind: 'nearVector', vector: QUERY }, objectLimit: 6, transport }),
      )
      const kept = rows.slice(0, 6)
      const sumOf = (flag: boolean): number => kept.filter((r) => r.flag === flag).reduce((a, r) => a + r.n, 0)
      expect(result.groups).toEqual([
        { value: false, count: 4, metrics: { n: { kind: 'int', sum: sumOf(false) } } },
        { value: true, count: 2, metrics: { n: { kind: 'int', sum: sumOf(true) } } },
      ])
    })
  }
})

describe('aggregate checks its metrics and search before sending anything', () => {
  const refused = async (args: unknown): Promise<{ tag: string; argument: unknown; sent: number }> => {
    const rc = recordingClient({ serverVersion: '1.39.0' })
    const error = await left(rc.client.query.aggregate(args as Parameters<typeof rc.client.query.aggregate>[0]))
    const sent = rc.requests.length
    await rc.close()
    return { tag: error._tag, argument: (error as { argument?: unknown }).argument, sent }
  }

  it('names a metric that is not one of its kind', async () => {
    expect(await refused({ className: 'A', metrics: { price: { kind: 'number', metrics: ['mean', 'topOccurrences'] } } })).toEqual({
      tag: 'ArgumentValueError',
      argument: 'metrics.price.metrics[1]',
      sent: 0,
    })
  })

  it('names an unknown kind', async () => {
    expect(await refused({ className: 'A', metrics: { price: { kind: 'float' } } })).toEqual({ tag: 'ArgumentValueError', argument: 'metrics.price.kind', sent: 0 })
  })

  it('refuses topOccurrencesLimit on a kind other than text', async () => {
    expect(await refused({ className: 'A', metrics: { n: { kind: 'int', topOccurrencesLimit: 3 } } })).toEqual({ tag: 'ArgumentValueError', argument: 'metrics.n.topOccurrencesLimit', sent: 0 })
  })

  it('refuses a vector search with neither objectLimit nor a distance or certainty', async () => {
    expect(await refused({ className: 'A', search: { kind: 'nearVector', vector: [1, 2] } })).toEqual({ tag: 'ArgumentValueError', argument: 'search', sent: 0 })
  })

  it('refuses objectLimit without a search', async () => {
    expect(await refused({ className: 'A', objectLimit: 3 })).toEqual({ tag: 'ArgumentValueError', argument: 'objectLimit', sent: 0 })
  })

  it('names a bad vector of a search by its path', async () => {
    expect(await refused({ className: 'A', search: { kind: 'nearVector', vector: [], distance: 0.1 } })).toMatchObject({ argument: 'search.vector', sent: 0 })
  })
})
