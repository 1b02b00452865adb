import * as fc from 'fast-check'
import * as E from 'fp-ts/Either'
import { NEVER, Observable, Subject, concat, defer, finalize, of, range, tap, throwError } from 'rxjs'
import { BufferOverflowError, PaginateOptions, paginateAfter, toAsyncIterable } from '../../lib/paging'

type Page = E.Either<string, readonly string[]>

const identity = (id: string): string => id

/** Pages of consecutive numbers, `pageSize` per page, `total` in all; counts requests and open ones. */
const numbers = (total: number, pageSize: number, respond: (page: Page) => Observable<Page> = (p) => of(p)) => {
  const counts = { requests: 0, active: 0 }
  const fetchPage = (after: string | undefined): Observable<Page> =>
    defer(() => {
      counts.requests += 1
      counts.active += 1
      const start = after === undefined ? 0 : Number(after) + 1
      const page = Array.from({ length: Math.max(0, Math.min(pageSize, total - start)) }, (_, i) => String(start + i))
      return respond(E.right(page)).pipe(finalize(() => (counts.active -= 1)))
    })
  return { counts, fetchPage }
}

const drain = async <A>(iterable: AsyncIterable<A>): Promise<A[]> => {
  const values: A[] = []
  for await (const value of iterable) values.push(value)
  return values
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/** A paged stream for `for await`: the loop's pacer drives it. */
const paced = <T>(
  fetchPage: (after: string | undefined) => Observable<E.Either<string, readonly T[]>>,
  options: Omit<PaginateOptions<T>, 'pacer'>,
): AsyncIterable<E.Either<string, T>> => toAsyncIterable((pacer) => paginateAfter(fetchPage, { ...options, pacer }))

/** @test {toAsyncIterable} */
describe('toAsyncIterable', () => {
  // -----------------------------------------------------------------------------------------------
  // plain Observables
  // -----------------------------------------------------------------------------------------------

  it('yields every value of an Observable, then ends', async () => {
    expect(await drain(toAsyncIterable(of(1, 2, 3)))).toEqual([1, 2, 3])
  })

  it('subscribes on the first next(), not before', async () => {
    let subscriptions = 0
    const iterator = toAsyncIterable(defer(() => ((subscriptions += 1), of(1))))[Symbol.asyncIterator]()
    expect(subscriptions).toBe(0)
    await iterator.next()
    expect(subscriptions).toBe(1)
  })

  it('subscribes once per iteration', async () => {
    let subscriptions = 0
    const iterable = toAsyncIterable(defer(() => ((subscriptions += 1), of(1))))
    await drain(iterable)
    await drain(iterable)
    expect(subscriptions).toBe(2)
  })

  it('throws a source error from next() after yielding the values before it', async () => {
    const values: number[] = []
    const loop = async (): Promise<void> => {
      for await (const value of toAsyncIterable(concat(of(1, 2), throwError(() => new Error('bug'))))) {
        values.push(value)
      }
    }
    await expect(loop()).rejects.toThrow('bug')
    expect(values).toEqual([1, 2])
  })

  it('resolves concurrent next() calls in order', async () => {
    const source = new Subject<number>()
    const iterator = toAsyncIterable(source)[Symbol.asyncIterator]()
    const first = iterator.next()
    const second = iterator.next()
    source.next(1)
    source.next(2)
    source.complete()
    expect(await Promise.all([first, second, iterator.next()])).toEqual([
      { done: false, value: 1 },
      { done: false, value: 2 },
      { done: true, value: undefined },
    ])
  })

  it('unsubscribes from the source on break', async () => {
    let unsubscribed = false
    const source = new Subject<number>()
    const iterable = toAsyncIterable(source.pipe(finalize(() => (unsubscribed = true))))
    const pending = (async () => {
      for await (const value of iterable) if (value === 2) break
    })()
    source.next(1)
    source.next(2)
    await pending
    expect(unsubscribed).toBe(true)
    expect(source.observed).toBe(false)
  })

  it('ends without subscribing when return() comes before next()', async () => {
    let subscriptions = 0
    const iterator = toAsyncIterable(defer(() => ((subscriptions += 1), of(1))))[Symbol.asyncIterator]()
    await iterator.return?.()
    expect(await iterator.next()).toEqual({ done: true, value: undefined })
    expect(subscriptions).toBe(0)
  })

  it('holds at most highWaterMark values, yields them, then throws BufferOverflowError', async () => {
    const values: number[] = []
    const loop = async (): Promise<void> => {
      for await (const value of toAsyncIterable(range(1, 10), { highWaterMark: 3 })) values.push(value)
    }
    await expect(loop()).rejects.toBeInstanceOf(BufferOverflowError)
    expect(values).toEqual([1, 2, 3])
  })

  it('stops a synchronous push source as soon as it overflows', async () => {
    let pushed = 0
    const iterator = toAsyncIterable(range(1, 1_000_000).pipe(tap(() => (pushed += 1))), { highWaterMark: 3 })[
      Symbol.asyncIterator
    ]()
    await iterator.next()
    expect(pushed).toBe(4)
  })

  it.each([0, -1, Number.NaN])('rejects highWaterMark %p', (highWaterMark) => {
    expect(() => toAsyncIterable(of(1), { highWaterMark })).toThrow(RangeError)
  })

  // -----------------------------------------------------------------------------------------------
  // paced sources
  // -----------------------------------------------------------------------------------------------

  it('yields every item of a paged stream through for await', async () => {
    const { fetchPage } = numbers(7, 3)
    const items = await drain(paced(fetchPage, { cursorOf: identity, pageSize: 3 }))
    expect(items).toEqual(['0', '1', '2', '3', '4', '5', '6'].map((id) => E.right(id)))
  })

  it('fetches no further than prefetch pages ahead while the loop body is busy', async () => {
    const { counts, fetchPage } = numbers(1_000, 2)
    const requestsDuringBody: number[] = []
    for await (const item of paced(fetchPage, { cursorOf: identity, pageSize: 2, prefetch: 2 })) {
      for (let i = 0; i < 5; i += 1) await tick()
      requestsDuringBody.push(counts.requests)
      if (E.isRight(item) && item.right === '1') break
    }
    // item 0: pages 1..3 (page 1 consumed + 2 ahead); item 1: page 1 still not finished with.
    expect(requestsDuringBody).toEqual([3, 3])
  })

  it('with prefetch 0, requests no page ahead of the loop', async () => {
    const { counts, fetchPage } = numbers(1_000, 2)
    const iterator = toAsyncIterable((pacer) =>
      paginateAfter(fetchPage, { cursorOf: identity, pageSize: 2, prefetch: 0, pacer }),
    )[Symbol.asyncIterator]()
    await iterator.next()
    await tick()
    expect(counts.requests).toBe(1)
    await iterator.return?.()
  })

  it('paces a factory that receives the pacer', async () => {
    const { counts, fetchPage } = numbers(1_000, 2)
    const iterator = toAsyncIterable((pacer) =>
      paginateAfter(fetchPage, { cursorOf: identity, pageSize: 2, prefetch: 1, pacer }),
    )[Symbol.asyncIterator]()
    await iterator.next()
    await iterator.next()
    await tick()
    expect(counts.requests).toBe(2)
    await iterator.next() // finished with page 1
    expect(counts.requests).toBe(3)
    await iterator.return?.()
  })

  it('never gets more than prefetch + 1 pages ahead of the loop body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 25 }),
        async (prefetch, pageSize, total) => {
          let finished = 0
          let maxLead = 0
          const { counts, fetchPage } = numbers(total, pageSize, (page) => defer(async () => page))
          const observe = (): void => {
            maxLead = Math.max(maxLead, counts.requests - Math.floor(finished / pageSize))
          }
          for await (const item of paced(fetchPage, { cursorOf: identity, pageSize, prefetch })) {
            expect(E.isRight(item)).toBe(true)
            observe()
            await tick()
            observe()
            finished += 1
          }
          expect(finished).toBe(total)
          expect(maxLead).toBeLessThanOrEqual(prefetch + 1)
        },
      ),
      { numRuns: 50 },
    )
  })

  it('unsubscribes the page in flight on break and requests nothing more', async () => {
    const { counts, fetchPage } = numbers(1_000, 2, (page) =>
      E.isRight(page) && page.right[0] === '0' ? of(page) : NEVER,
    )
    for await (const item of paced(fetchPage, { cursorOf: identity, pageSize: 2, prefetch: 1 })) {
      if (E.isRight(item) && item.right === '1') break
    }
    await tick()
    expect(counts).toEqual({ requests: 2, active: 0 })
  })

  it('passes a Left of a paged stream through as a value', async () => {
    const fetchPage = (after: string | undefined): Observable<Page> =>
      of(after === undefined ? E.right(['a', 'b']) : E.left('boom'))
    expect(await drain(paced(fetchPage, { cursorOf: identity, pageSize: 2 }))).toEqual([
      E.right('a'),
      E.right('b'),
      E.left('boom'),
    ])
  })
})
