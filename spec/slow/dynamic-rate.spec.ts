/**
 * `objects.batch` with `batchSize: 'dynamic'` and `objectsPerMinute` together on the real 1.39.0
 * server: the size follows the server while the rate holds over a minute on every writer (REST,
 * `BatchObjects`, `BatchStream`), evenly, and every object is stored once. A dynamic size never
 * grows past a second's worth of objects under a rate limit, so the pace keeps its even spread.
 * (`objectsPerMinute` with a fixed size: spec/batch/objects-per-minute.spec.ts.)
 *
 * The rate is read from what the client sent (spec/helpers/rate-samples.ts). A busy machine can
 * only make the import slower: the upper bounds are asserted exactly, the lower one within 5 %.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { BatchObject, Client, connect, uuidFromKey } from '../../lib'
import { countObjects, createClass, deleteClass } from '../helpers/fixtures'
import { ownHandles } from '../helpers/own-handles'
import { RATE_WRITERS, Sample, burstBeyondPace, busiestMinute } from '../helpers/rate-samples'
import { uniqueClassName, weaviateConnection, weaviateUrl } from '../helpers/server'
import { grpcServerUrl } from '../helpers/versions'

const NAMESPACE = '8a3e2f61-0c7b-4d94-a1e5-3b6f9d2c7e48'
const PER_MINUTE = 12_000
/** A minute's worth and one request more: the last request may not go out before a minute has passed. */
const OBJECTS = 12_200
/** A second's worth: the largest request a dynamic run sends at this rate. */
const SECOND = PER_MINUTE / 60

const WRITERS = RATE_WRITERS
const classes = WRITERS.map((w) => uniqueClassName(`DynPaced${w.name}`))

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

describe("objects.batch with batchSize: 'dynamic' and objectsPerMinute", () => {
  it(
    `holds ${PER_MINUTE.toLocaleString('en')} objects a minute evenly over a minute on REST, BatchObjects and BatchStream with a dynamic size, each object stored once`,
    async () => {
      const runs = await Promise.all(
        WRITERS.map(async (writer, w) => {
          const className = classes[w] ?? ''
          const samples: Sample[] = [{ elapsedMs: 0, sent: 0, done: false }]
          const sizes: number[] = []
          const results = await lastValueFrom(
            client.objects
              .batch(objects(className, OBJECTS), {
                ...writer.options,
                batchSize: 'dynamic',
                objectsPerMinute: PER_MINUTE,
                onProgress: (p) => {
                  samples.push({ elapsedMs: p.elapsedMs, sent: p.sent, done: p.done })
                  if (p.batchSize !== undefined) sizes.push(p.batchSize)
                },
              })
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
            sizesWithinASecond: sizes.length > 0 && sizes.every((n) => n >= 1 && n <= SECOND),
          }
        }),
      )
      for (const run of runs) {
        expect({ writer: run.writer, written: run.written, stored: run.stored, tookAtLeastAMinute: run.tookAtLeastAMinute, sizesWithinASecond: run.sizesWithinASecond }).toEqual({
          writer: run.writer,
          written: OBJECTS,
          stored: OBJECTS,
          tookAtLeastAMinute: true,
          sizesWithinASecond: true,
        })
        // Exact: no minute over the limit, no stretch more than one request ahead of an even pace.
        expect([run.writer, run.busiestMinute <= PER_MINUTE]).toEqual([run.writer, true])
        expect([run.writer, run.burstBeyondPace <= SECOND]).toEqual([run.writer, true])
        // Within 5 %: a busy machine may send later than the pace allows, never earlier.
        expect([run.writer, run.sentInFirstMinute >= PER_MINUTE * 0.95]).toEqual([run.writer, true])
      }
    },
    150_000,
  )
})
