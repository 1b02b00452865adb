/**
 * `query.aggregate` metrics as a property (fast-check, real 1.39.0 server): for random objects
 * (each run written into a tenant of its own), the metrics of int, int[], number, text, boolean and
 * date properties, ungrouped and grouped by a text property, under a random filter, equal the same
 * metrics computed in TypeScript, and gRPC and GraphQL (`transport: 'rest'`) answer the same.
 *
 * The server's definitions (adapters/repos/db/aggregator/{numerical,text,date,boolean}.go at
 * v1.39.0): `median` is the middle value, or the mean of the two middle ones for an even count (for
 * dates the instant halfway); a number's `mode` is the most frequent value, the smallest on a tie;
 * a date's mode on a tie is any of the tied dates (the server walks a Go map), so the spec accepts
 * any of them; top occurrences are the most frequent values, then by value; a statistic of no
 * values is null.
 *
 * Floating point: the server adds float64 values in its own order, TypeScript in array order, so a
 * `sum` of n values may differ by the rounding of each addition, at most n·2⁻⁵³·Σ|xᵢ| (the classic
 * bound of recursive summation); the spec allows 1e-12·Σ|xᵢ| (n ≤ 40 gives 4.4e-15·Σ|xᵢ|, so the
 * bound holds with a wide margin and still catches a wrong value), and the same divided by the
 * count for `mean`. Every other metric (minimum, maximum, median, mode, counts, percentages) is one
 * or two stored values, or one division, computed the same way on both sides: compared exactly.
 */
import * as fc from 'fast-check'
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { Client, Where, connect } from '../../lib'
import { createClass, deleteClass } from '../helpers/fixtures'
import { right } from '../helpers/client'
import { uniqueClassName } from '../helpers/server'
import { apiKeyOption, grpcServerUrl, serverUrl } from '../helpers/versions'
import { ownHandles } from '../helpers/own-handles'

const SEED = 383838
const RUNS = 12
const WORDS = ['ab', 'abc', 'ba', 'cab', 'bca', 'cc']
const CATS = ['red', 'green', 'blue']
const DAY = 86_400_000
const BASE = Date.parse('2021-01-01T00:00:00Z')

interface Row {
  readonly cat: string
  readonly n?: number
  readonly ns: readonly number[]
  readonly x?: number
  readonly word?: string
  readonly flag?: boolean
  readonly date?: string
}

const row: fc.Arbitrary<Row> = fc.record(
  {
    cat: fc.constantFrom(...CATS),
    n: fc.integer({ min: -20, max: 20 }),
    ns: fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 3 }),
    x: fc.double({ min: -1000, max: 1000, noNaN: true, noDefaultInfinity: true }).map((v) => (Object.is(v, -0) ? 0 : v)),
    word: fc.constantFrom(...WORDS),
    flag: fc.boolean(),
    date: fc.integer({ min: 0, max: 12 }).map((d) => new Date(BASE + d * DAY + (d % 3) * 1000).toISOString()),
  },
  { requiredKeys: ['cat', 'ns'] },
)

/** The filters a run draws from: none, a range, a boolean, one that matches nothing. */
const WHERES: ReadonlyArray<{ readonly where?: Where; readonly keep: (r: Row) => boolean }> = [
  { keep: () => true },
  { where: { path: ['n'], operator: 'GreaterThan', valueInt: 0 }, keep: (r) => r.n !== undefined && r.n > 0 },
  { where: { path: ['flag'], operator: 'Equal', valueBoolean: true }, keep: (r) => r.flag === true },
  { where: { path: ['n'], operator: 'GreaterThan', valueInt: 100 }, keep: () => false },
]

const METRICS = {
  n: { kind: 'int' },
  ns: { kind: 'int' },
  x: { kind: 'number' },
  word: { kind: 'text', topOccurrencesLimit: 3 },
  flag: { kind: 'boolean' },
  date: { kind: 'date' },
} as const

// ---- The same metrics in TypeScript ----

const sorted = (xs: readonly number[]): number[] => [...xs].sort((a, b) => a - b)

const median = (xs: readonly number[]): number | null => {
  const s = sorted(xs)
  const mid = Math.floor(s.length / 2)
  if (s.length === 0) return null
  return s.length % 2 === 1 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2
}

const counts = <K>(xs: readonly K[]): Map<K, number> => {
  const m = new Map<K, number>()
  for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1)
  return m
}

/** The most frequent values (a number's mode is the smallest of them). */
const modes = (xs: readonly number[]): number[] => {
  const m = counts(xs)
  const most = Math.max(...m.values())
  return sorted([...m].filter(([, c]) => c === most).map(([v]) => v))
}

const numeric = (xs: readonly number[]) => ({
  count: xs.length,
  minimum: xs.length === 0 ? null : Math.min(...xs),
  maximum: xs.length === 0 ? null : Math.max(...xs),
  median: median(xs),
  mode: xs.length === 0 ? null : (modes(xs)[0] ?? null),
})

const expectedMetrics = (rows: readonly Row[]) => {
  const n = rows.flatMap((r) => (r.n === undefined ? [] : [r.n]))
  const ns = rows.flatMap((r) => r.ns)
  const x = rows.flatMap((r) => (r.x === undefined ? [] : [r.x]))
  const words = rows.flatMap((r) => (r.word === undefined ? [] : [r.word]))
  const flags = rows.flatMap((r) => (r.flag === undefined ? [] : [r.flag]))
  const dates = rows.flatMap((r) => (r.date === undefined ? [] : [Date.parse(r.date)]))
  const trues = flags.filter((f) => f).length
  const dateMedian = ((): number | null => {
    const s = sorted(dates)
    const mid = Math.floor(s.length / 2)
    if (s.length === 0) return null
    const lo = s[mid - 1] ?? NaN
    return s.length % 2 === 1 ? (s[mid] ?? NaN) : lo + Math.trunc(((s[mid] ?? NaN) - lo) / 2)
  })()
  return {
    n: { kind: 'int', ...numeric(n), sum: n.length === 0 ? null : n.reduce((a, b) => a + b, 0), mean: n.length === 0 ? null : n.reduce((a, b) => a + b, 0) / n.length },
    ns: { kind: 'int', ...numeric(ns), sum: ns.length === 0 ? null : ns.reduce((a, b) => a + b, 0), mean: ns.length === 0 ? null : ns.reduce((a, b) => a + b, 0) / ns.length },
    x: { kind: 'number', ...numeric(x), sum: x.reduce((a, b) => a + b, 0), mean: x.reduce((a, b) => a + b, 0) / x.length, magnitude: x.reduce((a, b) => a + Math.abs(b), 0) },
    word: {
      kind: 'text',
      count: words.length,
      topOccurrences: [...counts(words)]
        .map(([value, occurs]) => ({ value, occurs }))
        .sort((a, b) => b.occurs - a.occurs || (a.value < b.value ? -1 : 1))
        .slice(0, 3),
    },
    flag: {
      kind: 'boolean',
      count: flags.length,
      totalTrue: trues,
      totalFalse: flags.length - trues,
      percentageTrue: flags.length === 0 ? null : trues / flags.length,
      percentageFalse: flags.length === 0 ? null : (flags.length - trues) / flags.length,
    },
    date: {
      count: dates.length,
      minimum: dates.length === 0 ? null : Math.min(...dates),
      maximum: dates.length === 0 ? null : Math.max(...dates),
      median: dateMedian,
      modes: dates.length === 0 ? [] : modes(dates),
    },
  }
}

type Expected = ReturnType<typeof expectedMetrics>

const parsed = (date: string | null): number | null => (date === null ? null : Date.parse(date))

/** The server's metrics of `rows` equal TypeScript's (sums and means within the bound above). */
const expectMetrics = (actual: unknown, rows: readonly Row[]): void => {
  const e: Expected = expectedMetrics(rows)
  const a = actual as {
    n: Record<string, unknown>
    ns: Record<string, unknown>
    x: { sum: number | null; mean: number | null } & Record<string, unknown>
    word: unknown
    flag: unknown
    date: { kind: string; count: number; minimum: string | null; maximum: string | null; median: string | null; mode: string | null }
  }
  expect(a.n).toEqual(e.n)
  expect(a.ns).toEqual(e.ns)
  const { sum, mean, magnitude, ...exact } = e.x
  const { sum: actualSum, mean: actualMean, ...actualExact } = a.x
  expect(actualExact).toEqual(exact)
  if (exact.count === 0) {
    expect([actualSum, actualMean]).toEqual([null, null])
  } else {
    expect(Math.abs((actualSum ?? NaN) - sum)).toBeLessThanOrEqual(1e-12 * magnitude)
    expect(Math.abs((actualMean ?? NaN) - mean)).toBeLessThanOrEqual((1e-12 * magnitude) / exact.count)
  }
  expect(a.word).toEqual(e.word)
  expect(a.flag).toEqual(e.flag)
  expect({ kind: a.date.kind, count: a.date.count, minimum: parsed(a.date.minimum), maximum: parsed(a.date.maximum), median: parsed(a.date.median) }).toEqual({
    kind: 'date',
    count: e.date.count,
    minimum: e.date.minimum,
    maximum: e.date.maximum,
    median: e.date.median,
  })
  if (e.date.count === 0) expect(a.date.mode).toBeNull()
  else expect(e.date.modes).toContain(parsed(a.date.mode))
}

/** A date's mode on a tie may differ between two requests (see above): left out of the transports' comparison. */
const withoutDateMode = (metrics: unknown): unknown => {
  const m = metrics as { date?: Record<string, unknown> }
  if (m.date === undefined) return metrics
  const { mode: _mode, ...date } = m.date
  return { ...m, date }
}

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles()

describe('aggregate metrics over random objects (1.39.0)', () => {
  const className = uniqueClassName('AggregateMetrics')
  const url = serverUrl('1.39.0')
  let grpc: Client
  let rest: Client
  let run = 0

  beforeAll(async () => {
    grpc = connect({ url, ...apiKeyOption(url), transport: 'grpc', grpcUrl: grpcServerUrl('1.39.0') })
    rest = connect({ url, ...apiKeyOption(url), transport: 'rest' })
    await createClass(url, {
      class: className,
      vectorizer: 'none',
      multiTenancyConfig: { enabled: true },
      properties: [
        { name: 'cat', dataType: ['text'], tokenization: 'field' },
        { name: 'n', dataType: ['int'] },
        { name: 'ns', dataType: ['int[]'] },
        { name: 'x', dataType: ['number'] },
        { name: 'word', dataType: ['text'], tokenization: 'field' },
        { name: 'flag', dataType: ['boolean'] },
        { name: 'date', dataType: ['date'] },
      ],
    })
  }, 60_000)

  afterAll(async () => {
    await deleteClass(url, className)
    await grpc.close()
    await rest.close()
  })

  /** Writes `rows` into a new tenant; its name. */
  const written = async (rows: readonly Row[]): Promise<string> => {
    const tenant = `run${run++}`
    await right(grpc.tenants.create(className, [tenant]))
    const results = await lastValueFrom(grpc.objects.batch(rows.map((dataObject) => ({ className, dataObject: { ...dataObject }, tenant }))).pipe(toArray()))
    expect(results.filter(E.isLeft)).toEqual([])
    return tenant
  }

  it('ungrouped: the count and every metric equal TypeScript, the same over gRPC and GraphQL', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 40 }), fc.constantFrom(...WHERES), async (rows, filter) => {
        const tenant = await written(rows)
        const args = { className, tenant, metrics: METRICS, ...(filter.where === undefined ? {} : { where: filter.where }) }
        const overGrpc = await right(grpc.query.aggregate({ ...args, transport: 'grpc' }))
        const overRest = await right(rest.query.aggregate({ ...args, transport: 'rest' }))
        const kept = rows.filter(filter.keep)
        expect(overGrpc.count).toBe(kept.length)
        expectMetrics(overGrpc.metrics, kept)
        expect({ ...overRest, metrics: withoutDateMode(overRest.metrics) }).toEqual({ ...overGrpc, metrics: withoutDateMode(overGrpc.metrics) })
      }),
      { seed: SEED, numRuns: RUNS },
    )
  }, 120_000)

  it('grouped by a text property: each group has the count and metrics of its objects, over both transports', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 40 }), fc.constantFrom(...WHERES), async (rows, filter) => {
        const tenant = await written(rows)
        const args = { className, tenant, metrics: METRICS, groupBy: { property: 'cat' }, ...(filter.where === undefined ? {} : { where: filter.where }) }
        const overGrpc = await right(grpc.query.aggregate({ ...args, transport: 'grpc' }))
        const overRest = await right(rest.query.aggregate({ ...args, transport: 'rest' }))
        const kept = rows.filter(filter.keep)
        const expected = [...counts(kept.map((r) => r.cat))].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        expect(overGrpc.groups.map((g) => [g.value, g.count])).toEqual(expected)
        for (const g of overGrpc.groups) expectMetrics(g.metrics, kept.filter((r) => r.cat === g.value))
        const strip = (groups: typeof overGrpc.groups) => groups.map((g) => ({ ...g, metrics: withoutDateMode(g.metrics) }))
        expect(strip(overRest.groups)).toEqual(strip(overGrpc.groups))
      }),
      { seed: SEED, numRuns: RUNS },
    )
  }, 120_000)
})
