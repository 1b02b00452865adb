/**
 * `cluster.waitForVectorIndexing` on the run's `INDEXING` server (1.39.0 with
 * `ASYNC_INDEXING=true`: an import returns before its vectors are indexed, and each shard reports
 * its queue in the verbose node status): after an import the stream ends on a read where every
 * shard of the class has an empty queue, which a node status read afterwards confirms; without a
 * class it waits on every class's shards; its deadline ends it with a `TimeoutError`; bad
 * arguments are one ArgumentError with nothing sent, and 1.18.6 (before the `output` query) is an
 * UnsupportedVersionError with nothing sent but the version probe.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import type { VectorIndexingState, WeaviateError } from '../lib'
import { RecordingClient, left, recordingClient, right } from './helpers/client'
import { uniqueClassName } from './helpers/server'
import { configuredServer, serverUrl } from './helpers/versions'

let indexing: RecordingClient
const made: string[] = []

const indexingClient = (): RecordingClient => {
  const s = configuredServer('INDEXING')
  return recordingClient({ url: s.url, ...(s.apiKey === undefined ? {} : { apiKey: s.apiKey }) })
}

beforeAll(() => {
  indexing = indexingClient()
})

afterAll(async () => {
  for (const name of made) await right(indexing.client.schema.deleteClass(name))
  await indexing.close()
})

const DIMENSIONS = 64

/** A vector of `DIMENSIONS` pseudo-random numbers from `seed`. */
const vector = (seed: number): number[] => Array.from({ length: DIMENSIONS }, (_, i) => Math.sin(seed * 7.13 + i * 1.7))

/** A class with an hnsw index and `count` objects imported in one batch (their vectors queued). */
const imported = async (count: number): Promise<string> => {
  const name = uniqueClassName('Queued')
  made.push(name)
  await right(indexing.client.schema.createClass({ class: name, vectorizer: 'none', vectorIndexType: 'hnsw', properties: [{ name: 'n', dataType: ['int'] }] }))
  const rows = Array.from({ length: count }, (_, n) => ({ className: name, dataObject: { n }, vector: vector(n) }))
  const written = await lastValueFrom(indexing.client.objects.batch(rows).pipe(toArray()))
  expect(written.every(E.isRight)).toBe(true)
  return name
}

const states = (op: ReturnType<typeof indexing.client.cluster.waitForVectorIndexing>): Promise<Array<E.Either<WeaviateError, VectorIndexingState>>> =>
  lastValueFrom(op.pipe(toArray()))

const rights = <A>(values: ReadonlyArray<E.Either<WeaviateError, A>>): A[] =>
  values.map((e) => {
    if (E.isLeft(e)) throw new Error(`expected Right, got ${e.left._tag}: ${e.left.message}`)
    return e.right
  })

describe('cluster.waitForVectorIndexing on 1.39.0 with ASYNC_INDEXING=true', () => {
  it('starts with the imported vectors queued and ends on the first read where every shard of the class has an empty queue, and a node status read afterwards shows none queued', async () => {
    const name = await imported(3_000)
    const seen = rights(await states(indexing.client.cluster.waitForVectorIndexing({ className: name, pollIntervalMs: 100 })))
    const last = seen[seen.length - 1]
    expect(seen[0]?.queued).toBeGreaterThan(0)
    expect(seen.slice(0, -1).every((s) => !s.done && s.queued > 0)).toBe(true)
    expect(last).toMatchObject({ done: true, queued: 0 })
    expect(last?.shards.length).toBeGreaterThan(0)
    expect(last?.shards.every((s) => s.className === name && s.vectorQueueLength === 0 && s.vectorIndexingStatus === 'READY')).toBe(true)
    const nodes = await right(indexing.client.cluster.nodes({ className: name, output: 'verbose' }))
    expect(nodes.flatMap((n) => n.shards ?? []).map((s) => s.vectorQueueLength)).toEqual(last?.shards.map(() => 0))
  })

  it('without a class, reads the shards of every class', async () => {
    const a = await imported(200)
    const b = await imported(200)
    const seen = rights(await states(indexing.client.cluster.waitForVectorIndexing({ pollIntervalMs: 100 })))
    const last = seen[seen.length - 1]
    expect(last?.done).toBe(true)
    expect(last?.shards.map((s) => s.className)).toEqual(expect.arrayContaining([a, b]))
  })

  it('ends with one TimeoutError (phase total) when the deadline passes before a read is done', async () => {
    // A fresh client's first read is its version probe and a verbose node status: two round trips
    // that cannot both end within 1 ms, so the deadline passes with the read in flight.
    const fresh = indexingClient()
    try {
      const seen = await states(fresh.client.cluster.waitForVectorIndexing({ timeoutMs: 1 }))
      expect(seen).toHaveLength(1)
      const only = seen[0]
      expect(only !== undefined && E.isLeft(only) ? { tag: only.left._tag, phase: 'phase' in only.left ? only.left.phase : undefined, timeoutMs: 'timeoutMs' in only.left ? only.left.timeoutMs : undefined } : only).toEqual({
        tag: 'TimeoutError',
        phase: 'total',
        timeoutMs: 1,
      })
    } finally {
      await fresh.close()
    }
  })

  it('refuses a pollIntervalMs of 0 with an ArgumentValueError, nothing sent', async () => {
    const own = indexingClient()
    try {
      const error = await left(own.client.cluster.waitForVectorIndexing({ pollIntervalMs: 0 }))
      expect(error._tag).toBe('ArgumentValueError')
      expect(own.requests).toEqual([])
    } finally {
      await own.close()
    }
  })
})

describe('cluster.waitForVectorIndexing on 1.18.6', () => {
  it('is an UnsupportedVersionError with nothing sent but the version probe', async () => {
    const old = recordingClient({ url: serverUrl('1.18.6') })
    try {
      const error = await left(old.client.cluster.waitForVectorIndexing({ className: 'Anything' }))
      expect(error._tag).toBe('UnsupportedVersionError')
      expect(old.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/meta'])
    } finally {
      await old.close()
    }
  })
})
