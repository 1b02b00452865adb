/**
 * A search over several target vectors on 1.39.0, over gRPC `Search` and GraphQL `Get`: with every
 * object asked for (the server then combines exact distances for all of them, flat indexes), the
 * ranking and the distances are a brute-force scan's with each `targetCombination` (sum, average,
 * minimum, and the server's default, minimum), for nearVector, nearObject and hybrid's vector side
 * (alpha 1). Before 1.26 it is an UnsupportedVersionError, nothing sent.
 */
import * as E from 'fp-ts/Either'
import { type SearchResult, type TargetCombination } from '../../lib'
import { hybridInput, nearObjectInput, nearVectorInput } from '../../lib/query/check'
import { supportsQuery } from '../../lib/query/requirements'
import { parseVersion } from '../../lib/server/version'
import { right } from '../helpers/client'
import { searchClass } from '../helpers/search-class'
import { cosineDistance, random } from '../helpers/vector-math'
import { ownHandles } from '../helpers/own-handles'

const SEED = 20261127
const COUNT = 200
const DIMENSIONS = 6

const uuidOf = (i: number): string => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`

const next = random(SEED)
const vectorOf = (): Float32Array => Float32Array.from({ length: DIMENSIONS }, () => next() * 2 - 1)
const data = Array.from({ length: COUNT }, (_, i) => ({ id: uuidOf(i), a: vectorOf(), b: vectorOf() }))
const query = vectorOf()

const COMBINE: Readonly<Record<TargetCombination, (a: number, b: number) => number>> = {
  sum: (a, b) => a + b,
  average: (a, b) => (a + b) / 2,
  minimum: (a, b) => Math.min(a, b),
}

/** Every object by its combined distance from `a` and `b`, nearest first. */
const ranking = (combination: TargetCombination, da: (i: number) => number, db: (i: number) => number): Array<{ id: string; distance: number }> =>
  data.map((d, i) => ({ id: d.id, distance: COMBINE[combination](da(i), db(i)) })).sort((x, y) => x.distance - y.distance)

type Result = SearchResult<Record<string, unknown>, unknown>

const expectRanking = (result: Result, expected: ReadonlyArray<{ id: string; distance: number }>): void => {
  expect(result.objects.map((o) => o.id)).toEqual(expected.map((e) => e.id))
  result.objects.forEach((o, i) => expect(o.metadata.distance).toBeCloseTo(expected[i]?.distance ?? NaN, 5))
}

const CASES: ReadonlyArray<readonly [string, TargetCombination | undefined, TargetCombination]> = [
  ['sum', 'sum', 'sum'],
  ['average', 'average', 'average'],
  ['minimum', 'minimum', 'minimum'],
  ["no combination (the server's default, minimum)", undefined, 'minimum'],
]

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles()

describe.each(['grpc', 'rest'] as const)('a search over two target vectors on 1.39.0 (transport %s)', (transport) => {
  const flat = { vectorizer: { none: {} }, vectorIndexType: 'flat', vectorIndexConfig: { distance: 'cosine' } }
  const { className, client } = searchClass(
    transport,
    'MultiTarget',
    { properties: [{ name: 'i', dataType: ['int'] }], vectorConfig: { a: flat, b: flat } },
    (className) => data.map((d, i) => ({ className, uuid: d.id, vectors: { a: d.a, b: d.b }, dataObject: { i } })),
  )

  it.each(CASES)('nearVector with %s ranks every object by the combined distance', async (_name, targetCombination, combined) => {
    const result = await right(
      client().query.nearVector({ className, vector: query, targetVector: ['a', 'b'], ...(targetCombination === undefined ? {} : { targetCombination }), limit: COUNT, returnMetadata: ['distance'] }),
    )
    const byIndex = (i: number, side: 'a' | 'b'): number => cosineDistance(data[i]?.[side] ?? query, query)
    expectRanking(result, ranking(combined, (i) => byIndex(i, 'a'), (i) => byIndex(i, 'b')))
  })

  it.each(CASES)('nearObject with %s ranks every object by the combined distance from the object', async (_name, targetCombination, combined) => {
    const from = data[0]
    if (from === undefined) throw new Error('no data')
    const result = await right(
      client().query.nearObject({ className, id: from.id, targetVector: ['a', 'b'], ...(targetCombination === undefined ? {} : { targetCombination }), limit: COUNT, returnMetadata: ['distance'] }),
    )
    const side = (i: number, s: 'a' | 'b'): number => cosineDistance(data[i]?.[s] ?? from[s], from[s])
    expectRanking(result, ranking(combined, (i) => side(i, 'a'), (i) => side(i, 'b')))
  })

  it.each(CASES)('hybrid at alpha 1 with %s ranks every object by the combined distance', async (_name, targetCombination, combined) => {
    const combination = targetCombination === undefined ? {} : { targetCombination }
    const hybrid = await right(client().query.hybrid({ className, query: 'nothing', alpha: 1, vector: query, targetVector: ['a', 'b'], ...combination, limit: COUNT }))
    const byIndex = (i: number, side: 'a' | 'b'): number => cosineDistance(data[i]?.[side] ?? query, query)
    expect(hybrid.objects.map((o) => o.id)).toEqual(ranking(combined, (i) => byIndex(i, 'a'), (i) => byIndex(i, 'b')).map((e) => e.id))
  })
})

describe('the cut-off of a search over several target vectors', () => {
  it.each([
    ['1.25.10', false],
    ['1.26.0', true],
  ] as const)('on %s nearVector, nearObject and hybrid over two targets are supported: %s', (raw, supported) => {
    const version = parseVersion(raw)
    if (version === undefined) throw new Error(raw)
    const inputs = [
      nearVectorInput({ className: 'A', vector: [1], targetVector: ['a', 'b'], targetCombination: 'sum' }),
      nearObjectInput({ className: 'A', id: uuidOf(1), targetVector: ['a', 'b'] }),
      hybridInput({ className: 'A', query: 'x', vector: [1], targetVector: ['a', 'b'], targetCombination: 'average' }),
    ]
    expect(inputs.map((input) => E.isRight(supportsQuery(version, input)))).toEqual([supported, supported, supported])
  })
})
