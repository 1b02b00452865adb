/**
 * How the command hands batch results on: in source order, only as the settled prefix, and never
 * reading more than `window` entries beyond what was recorded. The batch here is a stand-in that
 * holds results back and answers out of order on demand, which a real server does not do on
 * demand; the real sinks are exercised by spec/cli/resume.spec.ts and spec/slow/cli.spec.ts.
 */
import * as E from 'fp-ts/Either'
import { Observable, Subject } from 'rxjs'
import { batchInOrder, type Entry } from '../../lib/cli/pipelines/batch-in-order'
import type { FailureRecord } from '../../lib/cli/state/failures-file'
import { ArgumentValueError, BatchObjectError, ConnectionError, type WeaviateError } from '../../lib/core/errors'

type Result = E.Either<WeaviateError, { readonly index: number }>
type Passed = ReadonlyArray<{ readonly position: number | undefined; readonly failure: FailureRecord | undefined }>

/** A batch that pulls every item it is given (as fast as it may) and answers only when told. */
const heldBatch = () => {
  const answers = new Subject<Result>()
  let pulled = 0
  let sourceDone = false
  const write = (items: AsyncIterable<number>): Observable<Result> =>
    new Observable<Result>((subscriber) => {
      const answered = answers.subscribe(subscriber)
      void (async () => {
        for await (const _ of items) pulled++
        sourceDone = true
      })()
      return () => answered.unsubscribe()
    })
  return { write, answers, pulled: () => pulled, sourceDone: () => sourceDone }
}

async function* entries(count: number): AsyncGenerator<Entry<number, number>> {
  for (let i = 0; i < count; i++) yield { position: i, send: i, describe: (message) => ({ line: i, message }) }
}

/** Lets every pending promise and I/O callback run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve))

describe('batchInOrder', () => {
  it('passes results on only as a contiguous prefix: a later result waits for the earlier ones', async () => {
    const batch = heldBatch()
    const passed: Passed[] = []
    const run = batchInOrder({ entries: entries(3), write: batch.write, window: 10, passed: (p) => Promise.resolve(void passed.push(p)) })
    await settle()
    batch.answers.next(E.right({ index: 2 }))
    batch.answers.next(E.right({ index: 1 }))
    await settle()
    expect(passed).toEqual([])
    batch.answers.next(E.right({ index: 0 }))
    batch.answers.complete()
    await run
    expect(passed.flat().map((p) => p.position)).toEqual([0, 1, 2])
  })

  it('reads at most `window` entries beyond what was passed on, and more once results pass', async () => {
    const batch = heldBatch()
    const run = batchInOrder({ entries: entries(5), write: batch.write, window: 2, passed: () => Promise.resolve() })
    await settle()
    await settle()
    expect(batch.pulled()).toBe(2)
    batch.answers.next(E.right({ index: 0 }))
    await settle()
    await settle()
    expect(batch.pulled()).toBe(3)
    for (const index of [1, 2, 3, 4]) {
      batch.answers.next(E.right({ index }))
      await settle()
      await settle()
    }
    expect(batch.sourceDone()).toBe(true)
    batch.answers.complete()
    await run
  })

  it("an item's Left is a failure at its own position, also for a malformed item (ArgumentError as cause)", async () => {
    const batch = heldBatch()
    const passed: Passed[] = []
    const run = batchInOrder({ entries: entries(3), write: batch.write, window: 10, passed: (p) => Promise.resolve(void passed.push(p)) })
    await settle()
    batch.answers.next(E.right({ index: 0 }))
    batch.answers.next(E.left(new BatchObjectError({ index: 2, messages: ['refused'] })))
    const malformed = new ArgumentValueError({ argument: 'objects[1].uuid', reason: "'objects[1].uuid' must be a UUID" })
    batch.answers.next(E.left(new BatchObjectError({ index: 1, messages: [malformed.message], cause: malformed })))
    batch.answers.complete()
    await run
    expect(passed.flat()).toEqual([
      { position: 0, failure: undefined },
      { position: 1, failure: { line: 1, message: "'objects[1].uuid' must be a UUID" } },
      { position: 2, failure: { line: 2, message: 'refused' } },
    ])
  })

  it('a whole request that failed stops the run with its error, and nothing after it passes', async () => {
    const batch = heldBatch()
    const passed: Passed[] = []
    const run = batchInOrder({ entries: entries(2), write: batch.write, window: 10, passed: (p) => Promise.resolve(void passed.push(p)) })
    await settle()
    const refused = new ConnectionError({ method: 'POST', url: 'http://127.0.0.1:1/v1/batch/objects', code: 'ECONNREFUSED', detail: '' })
    batch.answers.next(E.left(new BatchObjectError({ index: 0, messages: [refused.message], cause: refused })))
    await expect(run).rejects.toBe(refused)
    expect(passed).toEqual([])
  })
})
