/**
 * `objects.batch` with `objectsPerMinute` on the real 1.39.0 server: the rate holds over a minute
 * on every writer (REST, `BatchObjects`, `BatchStream`), evenly, and every object is stored once.
 *
 * The rate is read from what the client sent: the progress reports' `sent` count (items sent, as
 * the pace let them go) at their `elapsedMs`, on the same clock as the pace. A busy machine can
 * only make the import slower: the upper bounds are asserted exactly, the lower one within 5 %.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, take, toArray } from 'rxjs'
import { BatchObject, Client, connect, uuidFromKey } from '../../lib'
import { countObjects, createClass, deleteClass } from '../helpers/fixtures'
import { ownHandles } from '../helpers/own-handles'
import { uniqueClassName, weaviateConnection, weaviateUrl } from '../helpers/server'
import { RATE_WRITERS, Sample, burstBeyondPace, busiestMinute } from '../helpers/rate-samples'
import { grpcServerUrl } from '../helpers/versions'

const NAMESPACE = '2f1d6f0e-3c5b-4c1e-9a57-7d0b8e4f6a21'
const PER_MINUTE = 6_000
/** A minute's worth and one request more: the last request may not go out before a minute has passed. */
const OBJECTS = 6_100

const WRITERS = RATE_WRITERS
const classes = WRITERS.map((w) => uniqueClassName(`Paced${w.name}`))

let client: Client

beforeAll(async () => {
  client = connect({ ...weaviateConnection(), grpcUrl: grpcServerUrl('1.39.0') })
  for (const name of classes) await createClass(weaviateUrl(), { class: name, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] })
})

ownHandles({
  closeAfterAll: async () => {
    for (const name of classes) await deleteClass(weaviateUrl(), name)
    await client.close()
  },
})

function* objects(className: string, n: number): Generator<BatchObject> {
  for (let i = 0; i < n; i++) yield { className, uuid: uuidFromKey(NAMESPACE, `${className}-${i}`), dataObject: { n: i } }
}

describe('objects.batch with objectsPerMinute', () => {
  it('rejects a rate that is not a positive finite number before reading the source', async () => {
    let read = 0
    const source = function* (): Generator<BatchObject> {
      read += 1
      yield { className: classes[0] ?? '', dataObject: {} }
    }
    const tags = []
    for (const objectsPerMinute of [0, -5, Number.NaN, Infinity, '60' as unknown as number]) {
      const results = await lastValueFrom(client.objects.batch(source(), { objectsPerMinute }).pipe(toArray()))
      tags.push(results.map((r) => (E.isLeft(r) ? `${r.left._tag} ${r.left.message}` : 'written')))
    }
    expect(tags.map((t) => t.length)).toEqual([1, 1, 1, 1, 1])
    expect(tags.flat().every((t) => t.startsWith('Argument') && t.includes('objectsPerMinute'))).toBe(true)
    expect(read).toBe(0)
  })

  it('stops waiting for its turn when unsubscribed: no timer is left (checked after every test)', async () => {
    // 6 a minute: one object every 10 s, so the second waits for its turn when the first is written
    // (longer than the check's settle time). The same UUIDs as the minute-long import's: upserted.
    const first = await lastValueFrom(client.objects.batch(objects(classes[0] ?? '', 3), { transport: 'rest', objectsPerMinute: 6 }).pipe(take(1), toArray()))
    expect(first.map((r) => E.isRight(r))).toEqual([true])
  })

  it(
    `holds ${PER_MINUTE.toLocaleString('en')} objects a minute evenly over a minute on REST, BatchObjects and BatchStream, each object stored once`,
    async () => {
      const runs = await Promise.all(
        WRITERS.map(async (writer, w) => {
          const className = classes[w] ?? ''
          const samples: Sample[] = [{ elapsedMs: 0, sent: 0, done: false }]
          const results = await lastValueFrom(
            client.objects
              .batch(objects(className, OBJECTS), { ...writer.options, objectsPerMinute: PER_MINUTE, onProgress: (p) => samples.push({ elapsedMs: p.elapsedMs, sent: p.sent, done: p.done }) })
              .pipe(toArray()),
          )
          const withinMinute = samples.filter((s) => s.elapsedMs <= 60_000)
          return {
            writer: writer.name,
            written: new Set(results.flatMap((r) => (E.isRight(r) ? [r.right.uuid] : []))).size,
            stored: await countObjects(weaviateUrl(), className),
            busiestMinute: busiestMinute(samples),
            burstBeyondPace: burstBeyondPace(samples, PER_MINUTE),
            sentInFirstMinute: Math.max(...withinMinute.map((s) => s.sent)),
            tookAtLeastAMinute: (samples.at(-1)?.elapsedMs ?? 0) >= 60_000,
          }
        }),
      )
      for (const run of runs) {
        // Exact: no minute over the limit, no stretch more than one request (100) ahead of an even pace.
        expect({ writer: run.writer, written: run.written, stored: run.stored, tookAtLeastAMinute: run.tookAtLeastAMinute }).toEqual({
          writer: run.writer,
          written: OBJECTS,
          stored: OBJECTS,
          tookAtLeastAMinute: true,
        })
        expect([run.writer, run.busiestMinute <= PER_MINUTE]).toEqual([run.writer, true])
        expect([run.writer, run.burstBeyondPace <= 100]).toEqual([run.writer, true])
        // Within 5 %: a busy machine may send later than the pace allows, never earlier.
        expect([run.writer, run.sentInFirstMinute >= PER_MINUTE * 0.95]).toEqual([run.writer, true])
      }
    },
    150_000,
  )
})
