/**
 * Hybrid's `maxVectorDistance` on 1.39.0, over gRPC `Search` and GraphQL `Get`: the vector side
 * keeps exactly the objects within the distance that a brute-force scan in plain TypeScript finds
 * (a flat index, cosine). Before 1.28.5 (gRPC's `vector_distance`) it is an UnsupportedVersionError,
 * nothing sent.
 */
import * as E from 'fp-ts/Either'
import { hybridInput } from '../../lib/query/check'
import { supportsQuery } from '../../lib/query/requirements'
import { parseVersion } from '../../lib/server/version'
import { right } from '../helpers/client'
import { searchClass } from '../helpers/search-class'
import { cosineDistance, random } from '../helpers/vector-math'
import { ownHandles } from '../helpers/own-handles'

const SEED = 20261126
const COUNT = 400
const DIMENSIONS = 8

const uuidOf = (i: number): string => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`

const next = random(SEED)
const data = Array.from({ length: COUNT }, (_, i) => ({ id: uuidOf(i), vector: Float32Array.from({ length: DIMENSIONS }, () => next() * 2 - 1) }))
const query = Float32Array.from({ length: DIMENSIONS }, () => next() * 2 - 1)

/** The distances from the query, nearest first. */
const distances = data.map((d) => ({ id: d.id, distance: cosineDistance(d.vector, query) })).sort((a, b) => a.distance - b.distance)

/** A threshold halfway between the 60th and 61st nearest: no object sits on its edge. */
const threshold = ((distances[59]?.distance ?? NaN) + (distances[60]?.distance ?? NaN)) / 2

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles()

describe.each(['grpc', 'rest'] as const)('hybrid maxVectorDistance on 1.39.0 (transport %s)', (transport) => {
  const { className, client } = searchClass(
    transport,
    'HybridThreshold',
    { vectorizer: 'none', vectorIndexType: 'flat', vectorIndexConfig: { distance: 'cosine' }, properties: [{ name: 'title', dataType: ['text'] }] },
    (className) => data.map((d) => ({ className, uuid: d.id, vector: d.vector, dataObject: { title: 'object' } })),
  )

  it('keeps exactly the objects within the distance (vector side only, alpha 1)', async () => {
    const result = await right(client().query.hybrid({ className, query: 'nothing', alpha: 1, vector: query, maxVectorDistance: threshold, limit: COUNT }))
    const within = distances.filter((d) => d.distance <= threshold).map((d) => d.id)
    expect(within).toHaveLength(60)
    expect(result.objects.map((o) => o.id).sort()).toEqual([...within].sort())
  })
})

describe('the cut-off of hybrid maxVectorDistance', () => {
  it.each([
    ['1.28.4', false],
    ['1.28.5', true],
  ] as const)('on %s it is supported: %s', (raw, supported) => {
    const version = parseVersion(raw)
    if (version === undefined) throw new Error(raw)
    expect(E.isRight(supportsQuery(version, hybridInput({ className: 'A', query: 'x', vector: [1], maxVectorDistance: 0.5 })))).toBe(supported)
  })
})
