import * as fc from 'fast-check'
import * as E from 'fp-ts/Either'
import { Observable, defer, finalize, lastValueFrom, of, take, tap, toArray } from 'rxjs'
import type { TestScheduler } from 'rxjs/testing'
import { testScheduler } from '../helpers/test-scheduler'
import { ObservableEither } from '../../lib/core/observable-either'
import { mergePartitions } from '../../lib/paging/merge-partitions'
import { UuidRange, formatUuid, uuidInRange, uuidPartitions } from '../../lib/paging/uuid-partitions'
import { Pacer, createPacer, paginateAfter, toAsyncIterable } from '../../lib/paging'

type Item = E.Either<string, string>
type Page = E.Either<string, readonly string[]>

const identity = (id: string): string => id

const collect = <A>(source: Observable<A>): Promise<A[]> => lastValueFrom(source.pipe(toArray()))

/**
 * A fake of Weaviate's cursor listing over a set of ids: ids strictly greater than `after`, in
 * ascending order, at most `limit`; asynchronous, like HTTP. Counts requests per partition start.
 */
const store = (ids: readonly string[], limit: number) => {
  const sorted = [...new Set(ids)].sort()
  const requests = { count: 0 }
  const fetchPage = (after: string | undefined): ObservableEither<string, readonly string[]> =>
    defer(async () => {
      requests.count += 1
      const start = after === undefined ? 0 : sorted.findIndex((id) => id > after)
      return E.right(start < 0 ? [] : sorted.slice(start, start + limit))
    })
  return { sorted, requests, fetchPage }
}

const scan = (fetchPage: (after: string | undefined) => ObservableEither<string, readonly string[]>, pageSize: number, prefetch: number) =>
  (range: UuidRange) =>
  (pacer: Pacer) =>
    paginateAfter(fetchPage, {
      cursorOf: identity,
      pageSize,
      prefetch,
      ...(range.after === undefined ? {} : { after: range.after }),
      until: (id) => !uuidInRange(id, range),
      pacer,
    })

const arbIds = fc.array(fc.bigInt({ min: 0n, max: (1n << 128n) - 1n }).map(formatUuid), { maxLength: 60 })

/** @test {mergePartitions} */
describe('mergePartitions', () => {
  let scheduler: TestScheduler
  beforeEach(() => {
    scheduler = testScheduler()
  })

  it('ordered: scanning uuidPartitions yields every id once, in ascending order', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbIds,
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 2 }),
        async (ids, k, pageSize, prefetch) => {
          const { sorted, fetchPage } = store(ids, pageSize)
          const items = await collect(mergePartitions(uuidPartitions(k).map(scan(fetchPage, pageSize, prefetch)), { ordered: true }))
          expect(items).toEqual(sorted.map((id) => E.right(id)))
        },
      ),
      { numRuns: 80 },
    )
  })

  it('unordered: scanning uuidPartitions yields the same set of ids, each once', async () => {
    await fc.assert(
      fc.asyncProperty(arbIds, fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 5 }), async (ids, k, pageSize) => {
        const { sorted, fetchPage } = store(ids, pageSize)
        const items = await collect(mergePartitions(uuidPartitions(k).map(scan(fetchPage, pageSize, 1)), { ordered: false }))
        expect(items.map((item) => (E.isRight(item) ? item.right : 'left')).sort()).toEqual(sorted)
      }),
      { numRuns: 80 },
    )
  })

  it('ordered: emits the first partition as it arrives and holds later ones until their turn', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const p0 = cold<Item>('----a--b|', { a: E.right('a'), b: E.right('b') })
      const p1 = cold<Item>('-c|', { c: E.right('c') })
      expectObservable(mergePartitions([p0, p1], { ordered: true })).toBe('----a--b(c|)', {
        a: E.right('a'),
        b: E.right('b'),
        c: E.right('c'),
      })
    })
  })

  it('unordered: emits items from any partition as they arrive', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const p0 = cold<Item>('----a--b|', { a: E.right('a'), b: E.right('b') })
      const p1 = cold<Item>('-c|', { c: E.right('c') })
      expectObservable(mergePartitions([p0, p1], { ordered: false })).toBe('-c--a--b|', {
        a: E.right('a'),
        b: E.right('b'),
        c: E.right('c'),
      })
    })
  })

  it('subscribes to every partition at once', () => {
    scheduler.run(({ cold, expectSubscriptions }) => {
      const p0 = cold<Item>('---a|', { a: E.right('a') })
      const p1 = cold<Item>('-c|', { c: E.right('c') })
      mergePartitions([p0, p1], { ordered: true }).subscribe()
      scheduler.flush()
      expectSubscriptions(p0.subscriptions).toBe('^---!')
      expectSubscriptions(p1.subscriptions).toBe('^-!')
    })
  })

  it('emits the first Left at once and completes, unsubscribing every partition', () => {
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const p0 = cold<Item>('-----a|', { a: E.right('a') })
      const p1 = cold<Item>('--e|', { e: E.left('boom') })
      const p2 = cold<Item>('--------c|', { c: E.right('c') })
      expectObservable(mergePartitions([p0, p1, p2], { ordered: true })).toBe('--(e|)', { e: E.left('boom') })
      expectSubscriptions(p0.subscriptions).toBe('^-!')
      expectSubscriptions(p2.subscriptions).toBe('^-!')
    })
  })

  it('completes at once when there are no partitions', async () => {
    expect(await collect(mergePartitions<string, string>([], { ordered: true }))).toEqual([])
  })

  it('ordered: a partition waiting for its turn fetches at most prefetch + 1 pages', async () => {
    let later = 0
    const first = new Observable<Item>(() => undefined) // never emits: partition 1 waits forever
    const second = (pacer: Pacer) =>
      paginateAfter(
        (after) =>
          defer(async (): Promise<Page> => {
            later += 1
            const start = after === undefined ? 0 : Number(after) + 1
            return E.right([String(start), String(start + 1)])
          }),
        { cursorOf: identity, pageSize: 2, prefetch: 2, pacer },
      )
    const subscription = mergePartitions([first, second], { ordered: true }).subscribe()
    for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setImmediate(resolve))
    expect(later).toBe(3)
    subscription.unsubscribe()
  })

  it('passes downstream acks to the partition an item came from', async () => {
    const pacer = createPacer()
    const counts = [0, 0]
    const partition = (index: 0 | 1) => (partitionPacer: Pacer) =>
      paginateAfter(
        (after) =>
          defer(() => {
            counts[index] = (counts[index] ?? 0) + 1
            const start = after === undefined ? 0 : Number(after.split(':')[1]) + 1
            return of(E.right([`${index}:${start}`]))
          }),
        { cursorOf: identity, pageSize: 1, prefetch: 0, pacer: partitionPacer },
      )
    const emitted: Item[] = []
    const subscription = mergePartitions([partition(0), partition(1)], { ordered: false, pacer }).subscribe((item) => emitted.push(item))
    expect(counts).toEqual([1, 1])
    pacer.ack() // the first emitted item, from partition 0
    expect(counts).toEqual([2, 1])
    expect(emitted).toHaveLength(3)
    subscription.unsubscribe()
  })

  it('leaves no active page subscription after take(n)', async () => {
    let active = 0
    const fetchPage = (after: string | undefined): Observable<Page> =>
      defer(async (): Promise<Page> => {
        const start = after === undefined ? 0 : Number(after.split(':')[1]) + 1
        return E.right([`x:${start}`, `x:${start + 1}`])
      }).pipe(
        tap({ subscribe: () => (active += 1) }),
        finalize(() => (active -= 1)),
      )
    const partitions = [0, 1, 2].map(() => paginateAfter(fetchPage, { cursorOf: identity, pageSize: 2 }))
    const items = await collect(mergePartitions(partitions, { ordered: false }).pipe(take(5)))
    expect(items).toHaveLength(5)
    expect(active).toBe(0)
  })

  it('gives for await real backpressure over the merged partitions', async () => {
    const { fetchPage, requests } = store(
      Array.from({ length: 200 }, (_, i) => formatUuid(BigInt(i) << 120n)),
      2,
    )
    const iterator = toAsyncIterable((pacer) =>
      mergePartitions(uuidPartitions(4).map(scan(fetchPage, 2, 0)), { ordered: true, pacer }),
    )[Symbol.asyncIterator]()
    await iterator.next()
    for (let i = 0; i < 10; i += 1) await new Promise((resolve) => setImmediate(resolve))
    expect(requests.count).toBe(4) // one page per partition, none ahead
    await iterator.return?.()
  })
})
