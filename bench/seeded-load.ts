/**
 * The search A/B benches' setup: `objects` objects with seeded vectors of `dimensions` numbers in
 * [-1, 1), written through `objects.batch` (not measured).
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import type { BatchObject, Client } from '../lib'
import { seeded } from './seeded'

export const loadSeededObjects = async (client: Client, className: string, objects: number, dimensions: number): Promise<void> => {
  const next = seeded(1)
  const rows = function* (): Generator<BatchObject> {
    for (let i = 0; i < objects; i++) {
      yield { className, dataObject: { title: `object ${i}`, count: i }, vector: Array.from({ length: dimensions }, () => next() * 2 - 1) }
    }
  }
  const results = await lastValueFrom(client.objects.batch(rows(), { batchSize: 500, concurrency: 2 }).pipe(toArray()))
  if (results.some(E.isLeft)) throw new Error('import failed')
}
