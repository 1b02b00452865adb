import * as fc from 'fast-check'
import * as E from 'fp-ts/Either'
import { Observable, Subject, concatMap, defer, delay, finalize, firstValueFrom, lastValueFrom, of, take, tap, toArray } from 'rxjs'
import type { TestScheduler } from 'rxjs/testing'
import { testScheduler } from '../helpers/test-scheduler'
import { ObservableEither } from '../../lib/core/observable-either'
import { PageProgress, createPacer, paginateAfter } from '../../lib/paging'
import { pagesAfter } from '../../lib/paging/paginate-after'

type Page = E.Either<string, readonly string[]>

const identity = (id: string): string => id

/** A synchronous fake of a cursor-paged table: the ids after `after`, at most `limit` of them. */
const table = (ids: readonly string[], limit: number) => {
  const calls: Array<string | undefined> = []
  const position = new Map(ids.map((id, i) => [id, i]))
  const fetchPage = (after: string | undefined): ObservableEither<string, readonly string[]> =>
    defer(() => {
      calls.push(after)
      const start = after === undefined ? 0 : (position.get(after) ?? -1) + 1
      return of(E.right(ids.slice(start, start + limit)))
    })
  return { calls, fetchPage }
}

/** A fetcher that counts how many page subscriptions are open. */
const countingFetcher = (respond: (after: string | undefined) => Observable<Page>) => {
  const counts = { requests: 0, active: 0 }
  const fetchPage = (after: string | undefined): Observable<Page> =>
    defer(() => {
      counts.requests += 1
      counts.active += 1
      return respond(after).pipe(finalize(() => (counts.active -= 1)))
    })
  return { counts, fetchPage }
}

const collect = <A>(source: Observable<A>): Promise<A[]> => lastValueFrom(source.pipe(toArray()))

const ids = (n: number): string[] => Array.from({ length: n }, (_, i) => `id-${String(i).padStart(6, '0')}`)

/** @test {paginateAfter} */
describe('paginateAfter', () => {
  let scheduler: TestScheduler
  beforeEach(() => {
    scheduler = testScheduler()
  })

  // -----------------------------------------------------------------------------------------------
  // items and cursors
  // -----------------------------------------------------------------------------------------------

  it('emits every item of every page in order as right values, then completes', async () => {
    const { fetchPage } = table(ids(5), 2)
    const items = await collect(paginateAfter(fetchPage, { cursorOf: identity, pageSize: 2 }))
    expect(items).toEqual(ids(5).map((id) => E.right(id)))
  })

  it('requests each next page after the last id of the page before', async () => {
    const { calls, fetchPage } = table(ids(5), 2)
    await collect(paginateAfter(fetchPage, { cursorOf: identity, pageSize: 2 }))
    expect(calls).toEqual([undefined, 'id-000001', 'id-000003'])
  })

  it('starts after the given cursor', async () => {
    const { calls, fetchPage } = table(ids(5), 2)
    const items = await collect(paginateAfter(fetchPage, { cursorOf: identity, pageSize: 2, after: 'id-000002' }))
    expect(calls[0]).toBe('id-000002')
    expect(items).toEqual([E.right('id-000003'), E.right('id-000004')])
  })

  it('is cold: nothing is requested before subscribe, and each subscription pages from the start', async () => {
    const { calls, fetchPage } = table(ids(3), 2)
    const stream = paginateAfter(fetchPage, { cursorOf: identity, pageSize: 2 })
    expect(calls).toEqual([])
    await collect(stream)
    await collect(stream)
    expect(calls).toEqual([undefined, 'id-000001', undefined, 'id-000001'])
  })

  it('pages through many synchronous pages without growing the stack', async () => {
    const { fetchPage } = table(ids(20_000), 1)
    const items = await collect(paginateAfter(fetchPage, { cursorOf: identity, pageSize: 1, prefetch: 0 }))
    expect(items).toHaveLength(20_000)
  })

  // -----------------------------------------------------------------------------------------------
  // stop rules
  // -----------------------------------------------------------------------------------------------

  it('stops after a short page without requesting another one', async () => {
    const { calls, fetchPage } = table(ids(3), 2)
    await collect(paginateAfter(fetchPage, { cursorOf: identity, pageSize: 2 }))
    expect(calls).toEqual([undefined, 'id-000001'])
  })

  it('requests one extra, empty page when the last page is exactly pageSize long', async () => {
    const { calls, fetchPage } = table(ids(4), 2)
    const items = await collect(paginateAfter(fetchPage, { cursorOf: identity, pageSize: 2 }))
    expect(calls).toEqual([undefined, 'id-000001', 'id-000003'])
    expect(items).toHaveLength(4)
  })

  it('keeps paging after a short page until an empty page when stopOnShortPage is false', async () => {
    const pages: Record<string, readonly string[]> = { start: ['a', 'b'], b: ['c'], c: ['d'], d: [] }
    const calls: Array<string | undefined> = []
    const fetchPage = (after: string | undefined): ObservableEither<string, readonly string[]> => {
      calls.push(after)
      return of(E.right(pages[after ?? 'start'] ?? []))
    }
    const items = await collect(paginateAfter(fetchPage, { cursorOf: identity, pageSize: 2, stopOnShortPage: false }))
    expect(items).toEqual(['a', 'b', 'c', 'd'].map((id) => E.right(id)))
    expect(calls).toEqual([undefined, 'b', 'c', 'd'])
  })

  it('completes without items when the first page is empty', async () => {
    const { calls, fetchPage } = table([], 2)
    expect(await collect(paginateAfter(fetchPage, { cursorOf: identity, pageSize: 2 }))).toEqual([])
    expect(calls).toEqual([undefined])
  })

  it('stops before the first item matching until, and requests nothing more', async () => {
    const { calls, fetchPage } = table(ids(10), 3)
    const items = await collect(
      paginateAfter(fetchPage, { cursorOf: identity, pageSize: 3, until: (id) => id >= 'id-000004' }),
    )
    expect(items).toEqual(ids(4).map((id) => E.right(id)))
    expect(calls).toEqual([undefined, 'id-000002'])
  })

  it('treats a page that completes without a value as the end', async () => {
    const fetchPage = (after: string | undefined): ObservableEither<string, readonly string[]> =>
      after === undefined ? of(E.right(['a', 'b'])) : new Observable<Page>((s) => s.complete())
    const items = await collect(paginateAfter(fetchPage, { cursorOf: identity, pageSize: 2 }))
    expect(items).toEqual([E.right('a'), E.right('b')])
  })

  // -----------------------------------------------------------------------------------------------
  // failures
  // -----------------------------------------------------------------------------------------------

  it('emits a Left page once, after the items before it, then completes without requesting more', () => {
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const p1 = cold<Page>('-a|', { a: E.right(['1', '2']) })
      const p2 = cold<Page>('----e|', { e: E.left('boom') })
      const p3 = cold<Page>('-a|', { a: E.right(['5']) })
      const fetchPage = (after: string | undefined) => (after === undefined ? p1 : after === '2' ? p2 : p3)
      expectObservable(paginateAfter(fetchPage, { cursorOf: identity, pageSize: 2 })).toBe('-(ab)(e|)', {
        a: E.right('1'),
        b: E.right('2'),
        e: E.left('boom'),
      })
      expectSubscriptions(p3.subscriptions).toBe([])
    })
  })

  it('passes an RxJS error of a page on as an error', async () => {
    const fetchPage = (): Observable<Page> => defer(() => Promise.reject(new Error('bug')))
    await expect(collect(paginateAfter(fetchPage, { cursorOf: identity, pageSize: 2 }))).rejects.toThrow('bug')
  })

  // -----------------------------------------------------------------------------------------------
  // prefetch and backpressure
  // -----------------------------------------------------------------------------------------------

  it('with prefetch 0, subscribes to page 2 only after every item of page 1 was acked', () => {
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const pacer = createPacer()
      const p1 = cold<Page>('--a|', { a: E.right(['1', '2']) })
      const p2 = cold<Page>('--b|', { b: E.right(['3']) })
      const stream = paginateAfter((after) => (after === undefined ? p1 : p2), {
        cursorOf: identity,
        pageSize: 2,
        prefetch: 0,
        pacer,
      })
      const consumed = stream.pipe(
        concatMap((item) => of(item).pipe(delay(3))),
        tap(() => pacer.ack()),
      )
      expectObservable(consumed).toBe('-----a--b----(c|)', { a: E.right('1'), b: E.right('2'), c: E.right('3') })
      expectSubscriptions(p2.subscriptions).toBe('--------^-!')
    })
  })

  it('with prefetch 1, subscribes to page 2 as soon as page 1 arrives', () => {
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const pacer = createPacer()
      const p1 = cold<Page>('--a|', { a: E.right(['1', '2']) })
      const p2 = cold<Page>('--b|', { b: E.right(['3']) })
      const stream = paginateAfter((after) => (after === undefined ? p1 : p2), {
        cursorOf: identity,
        pageSize: 2,
        prefetch: 1,
        pacer,
      })
      const consumed = stream.pipe(
        concatMap((item) => of(item).pipe(delay(3))),
        tap(() => pacer.ack()),
      )
      expectObservable(consumed).toBe('-----a--b--(c|)', { a: E.right('1'), b: E.right('2'), c: E.right('3') })
      expectSubscriptions(p2.subscriptions).toBe('--^-!')
    })
  })

  it('with prefetch 1, subscribes to page n+2 only after page n was consumed', () => {
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const pacer = createPacer()
      const pages = {
        start: cold<Page>('-a|', { a: E.right(['1']) }),
        '1': cold<Page>('-a|', { a: E.right(['2']) }),
        '2': cold<Page>('-a|', { a: E.right(['3']) }),
        '3': cold<Page>('-a|', { a: E.right([]) }),
      }
      const stream = paginateAfter((after) => pages[(after ?? 'start') as keyof typeof pages], {
        cursorOf: identity,
        pageSize: 1,
        prefetch: 1,
        pacer,
      })
      const consumed = stream.pipe(
        concatMap((item) => of(item).pipe(delay(5))),
        tap(() => pacer.ack()),
      )
      expectObservable(consumed).toBe('------a----b----(c|)', { a: E.right('1'), b: E.right('2'), c: E.right('3') })
      expectSubscriptions(pages.start.subscriptions).toBe('^!')
      expectSubscriptions(pages['1'].subscriptions).toBe('-^!')
      expectSubscriptions(pages['2'].subscriptions).toBe('------^!')
      expectSubscriptions(pages['3'].subscriptions).toBe('-----------^!')
    })
  })

  it('without a pacer, counts an item as consumed when it is emitted', () => {
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const p1 = cold<Page>('--a|', { a: E.right(['1', '2']) })
      const p2 = cold<Page>('------b|', { b: E.right(['3']) })
      const stream = paginateAfter((after) => (after === undefined ? p1 : p2), {
        cursorOf: identity,
        pageSize: 2,
        prefetch: 0,
      })
      expectObservable(stream).toBe('--(ab)--(c|)', { a: E.right('1'), b: E.right('2'), c: E.right('3') })
      expectSubscriptions(p2.subscriptions).toBe('--^-----!')
    })
  })

  it('never requests more than consumed pages + prefetch + 1 for a slow asynchronous consumer', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 30 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 8 }),
        async (prefetch, pageSize, total, workTicks) => {
          const pacer = createPacer()
          let requested = 0
          let finished = 0 // items whose work is done and acked
          let maxLead = 0
          const all = ids(total)
          const fetchPage = (after: string | undefined): Observable<Page> =>
            defer(async () => {
              requested += 1
              maxLead = Math.max(maxLead, requested - Math.floor(finished / pageSize))
              const start = after === undefined ? 0 : all.indexOf(after) + 1
              return E.right(all.slice(start, start + pageSize))
            })
          const done = await collect(
            paginateAfter(fetchPage, { cursorOf: identity, pageSize, prefetch, pacer }).pipe(
              concatMap(async (item) => {
                for (let i = 0; i < (workTicks[finished % workTicks.length] ?? 0); i += 1) {
                  await new Promise((resolve) => setImmediate(resolve))
                }
                return item
              }),
              tap(() => {
                finished += 1
                pacer.ack()
              }),
            ),
          )
          expect(done).toHaveLength(total)
          expect(maxLead).toBeLessThanOrEqual(prefetch + 1)
        },
      ),
      { numRuns: 60 },
    )
  })

  it('fetches prefetch pages ahead of a consumer that has not acked anything', async () => {
    const pacer = createPacer()
    const { counts, fetchPage } = countingFetcher((after) => {
      const start = after === undefined ? 0 : Number(after) + 1
      return of(E.right([String(start), String(start + 1)]))
    })
    const items: Array<E.Either<string, string>> = []
    const subscription = paginateAfter(fetchPage, { cursorOf: identity, pageSize: 2, prefetch: 3, pacer }).subscribe(
      (item) => items.push(item),
    )
    expect(counts.requests).toBe(4)
    expect(items).toHaveLength(8)
    pacer.ack(2)
    expect(counts.requests).toBe(5)
    subscription.unsubscribe()
  })

  // -----------------------------------------------------------------------------------------------
  // cancellation
  // -----------------------------------------------------------------------------------------------

  it('unsubscribes the page in flight when the consumer unsubscribes', () => {
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const p1 = cold<Page>('-a|', { a: E.right(['1', '2']) })
      const p2 = cold<Page>('-----b|', { b: E.right(['3']) })
      const stream = paginateAfter((after) => (after === undefined ? p1 : p2), { cursorOf: identity, pageSize: 2 })
      expectObservable(stream, '---!').toBe('-(ab)', { a: E.right('1'), b: E.right('2') })
      expectSubscriptions(p2.subscriptions).toBe('-^-!')
    })
  })

  it('leaves no active page subscription after take(n)', async () => {
    const { counts, fetchPage } = countingFetcher((after) => {
      const start = after === undefined ? 0 : Number(after) + 1
      return defer(async () => E.right([String(start), String(start + 1)]))
    })
    const first = await collect(paginateAfter(fetchPage, { cursorOf: identity, pageSize: 2, prefetch: 2 }).pipe(take(3)))
    expect(first).toEqual([E.right('0'), E.right('1'), E.right('2')])
    expect(counts.active).toBe(0)
  })

  it('requests no page after take(n) is satisfied', async () => {
    const { counts, fetchPage } = countingFetcher((after) => {
      const start = after === undefined ? 0 : Number(after) + 1
      return of(E.right([String(start), String(start + 1)]))
    })
    await firstValueFrom(paginateAfter(fetchPage, { cursorOf: identity, pageSize: 2, prefetch: 0 }))
    expect(counts.requests).toBe(1)
  })

  // -----------------------------------------------------------------------------------------------
  // progress
  // -----------------------------------------------------------------------------------------------

  it('reports cumulative pages and items after each page, then done once at completion', async () => {
    const progress: PageProgress[] = []
    const { fetchPage } = table(ids(5), 2)
    await collect(paginateAfter(fetchPage, { cursorOf: identity, pageSize: 2, onProgress: (p) => progress.push(p) }))
    expect(progress.map(({ pages, requests, items, failed, done }) => ({ pages, requests, items, failed, done }))).toEqual([
      { pages: 1, requests: 1, items: 2, failed: 0, done: false },
      { pages: 2, requests: 2, items: 4, failed: 0, done: false },
      { pages: 3, requests: 3, items: 5, failed: 0, done: false },
      { pages: 3, requests: 3, items: 5, failed: 0, done: true },
    ])
  })

  it('reports done when a Left ends the stream', async () => {
    const progress: PageProgress[] = []
    const fetchPage = (after: string | undefined): ObservableEither<string, readonly string[]> =>
      of(after === undefined ? E.right(['a', 'b']) : E.left('boom'))
    await collect(paginateAfter(fetchPage, { cursorOf: identity, pageSize: 2, onProgress: (p) => progress.push(p) }))
    expect(progress.map(({ pages, requests, items, failed, done }) => ({ pages, requests, items, failed, done }))).toEqual([
      { pages: 1, requests: 1, items: 2, failed: 0, done: false },
      { pages: 1, requests: 1, items: 2, failed: 0, done: true },
    ])
  })

  // -----------------------------------------------------------------------------------------------
  // options
  // -----------------------------------------------------------------------------------------------

  it.each([0, -1, 1.5, Number.NaN])('rejects pageSize %p', (pageSize) => {
    expect(() => paginateAfter(table([], 1).fetchPage, { cursorOf: identity, pageSize })).toThrow(RangeError)
  })

  it.each([-1, 0.5])('rejects prefetch %p', (prefetch) => {
    expect(() => paginateAfter(table([], 1).fetchPage, { cursorOf: identity, pageSize: 1, prefetch })).toThrow(
      RangeError,
    )
  })
})

describe('pagesAfter (the stream\'s paging) with a turn before emitting', () => {
  /** Page 1 arrives when the test says so; page 2 never arrives. */
  const setup = (cancel: () => void = () => undefined) => {
    const firstPage = new Subject<E.Either<never, readonly string[]>>()
    const resumes: Array<() => void> = []
    const requested: Array<string | undefined> = []
    const emitted: string[] = []
    const subscription = pagesAfter(
      (after): ObservableEither<never, readonly string[]> => {
        requested.push(after)
        return after === undefined ? firstPage : new Observable(() => undefined)
      },
      { cursorOf: identity, pageSize: 2, prefetch: 1 },
      (resume) => {
        resumes.push(resume)
        return cancel
      },
    ).subscribe((page) => {
      if (E.isRight(page)) emitted.push(...page.right)
    })
    firstPage.next(E.right(['a', 'b']))
    return { resumes, requested, emitted, subscription }
  }

  it('sends the next page request, then waits for resume before emitting the arrived page', () => {
    const { resumes, requested, emitted } = setup()
    expect(requested).toEqual([undefined, 'b'])
    expect(emitted).toEqual([])
    resumes[0]?.()
    expect(emitted).toEqual(['a', 'b'])
  })

  it('cancels a pending yield on unsubscribe', () => {
    let cancelled = false
    const { subscription } = setup(() => {
      cancelled = true
    })
    subscription.unsubscribe()
    expect(cancelled).toBe(true)
  })
})

describe("pagesAfter (the stream's paging) with a page's last cursor announced early", () => {
  interface Request {
    readonly after: string | undefined
    readonly page: Subject<Page>
    readonly early: (cursor: string) => boolean
    closed: boolean
  }

  /** Every request stays open until the test sends its page; the test announces for it with `early`. */
  const setup = (prefetch = 1) => {
    const requests: Request[] = []
    const emitted: string[][] = []
    let completed = false
    const subscription = pagesAfter<string, string>(
      (after, early) =>
        new Observable<Page>((subscriber) => {
          const request: Request = { after, page: new Subject<Page>(), early, closed: false }
          requests.push(request)
          const inner = request.page.subscribe(subscriber)
          return () => {
            request.closed = true
            inner.unsubscribe()
          }
        }),
      { cursorOf: identity, pageSize: 2, prefetch },
    ).subscribe({
      next: (page) => emitted.push(E.isRight(page) ? [...page.right] : [`left: ${page.left}`]),
      complete: () => (completed = true),
    })
    const request = (i: number): Request => {
      const found = requests[i]
      if (found === undefined) throw new Error(`no request ${i}`)
      return found
    }
    return { requests, request, emitted, subscription, isCompleted: () => completed }
  }

  it('requests the page after an announced cursor before the announcing page arrives', () => {
    const { requests, request, emitted } = setup()
    expect(request(0).early('b')).toBe(true)
    expect(requests.map((r) => r.after)).toEqual([undefined, 'b'])
    expect(emitted).toEqual([])
  })

  it('goes on with the early request when the page ends with the announced cursor', () => {
    const { requests, request, emitted } = setup()
    request(0).early('b')
    request(0).page.next(E.right(['a', 'b']))
    expect(emitted).toEqual([['a', 'b']])
    expect(requests).toHaveLength(2)
    expect(request(1).closed).toBe(false)
  })

  it('drops the early request and requests after the last id when the page ends with another cursor', () => {
    const { requests, request } = setup()
    request(0).early('x')
    request(0).page.next(E.right(['a', 'b']))
    expect(request(1).closed).toBe(true)
    expect(requests.map((r) => r.after)).toEqual([undefined, 'x', 'b'])
  })

  it('declines every announcement after one was wrong', () => {
    const { request } = setup()
    request(0).early('x')
    request(0).page.next(E.right(['a', 'b']))
    expect(request(2).early('d')).toBe(false)
  })

  it('drops the early request when the announcing page ends the paging', () => {
    const { request, emitted, isCompleted } = setup()
    request(0).early('b')
    request(0).page.next(E.right(['a']))
    expect(request(1).closed).toBe(true)
    expect(emitted).toEqual([['a']])
    expect(isCompleted()).toBe(true)
  })

  it('drops the early request when the announcing page is a Left', () => {
    const { request, emitted } = setup()
    request(0).early('b')
    request(0).page.next(E.left('down'))
    expect(request(1).closed).toBe(true)
    expect(emitted).toEqual([['left: down']])
  })

  it('declines an announcement the prefetch budget does not allow (prefetch 0)', () => {
    const { requests, request } = setup(0)
    expect(request(0).early('b')).toBe(false)
    expect(requests).toHaveLength(1)
  })

  it('declines a second announcement while an early page is pending', () => {
    const { requests, request } = setup()
    request(0).early('b')
    expect(request(0).early('b')).toBe(false)
    expect(request(1).early('d')).toBe(false)
    expect(requests).toHaveLength(2)
  })

  it('holds an early page that arrives first until the page before it, and emits both in order', () => {
    const { request, emitted, isCompleted } = setup()
    request(0).early('b')
    request(1).page.next(E.right(['c']))
    expect(emitted).toEqual([])
    request(0).page.next(E.right(['a', 'b']))
    expect(emitted).toEqual([['a', 'b'], ['c']])
    expect(isCompleted()).toBe(true)
  })

  it('takes announcements from the early request once it is the request in flight', () => {
    const { requests, request } = setup()
    request(0).early('b')
    request(0).page.next(E.right(['a', 'b']))
    expect(request(1).early('d')).toBe(true)
    expect(requests.map((r) => r.after)).toEqual([undefined, 'b', 'd'])
  })

  it('unsubscribes the early request when the consumer unsubscribes', () => {
    const { request, subscription } = setup()
    request(0).early('b')
    subscription.unsubscribe()
    expect(request(1).closed).toBe(true)
  })

  it('is not offered to the fetcher of paginateAfter, which gets the cursor alone', async () => {
    const argumentCounts: number[] = []
    const fetchPage = (...args: Array<string | undefined>): ObservableEither<string, readonly string[]> => {
      argumentCounts.push(args.length)
      return of(E.right([]))
    }
    await collect(paginateAfter(fetchPage, { cursorOf: identity, pageSize: 2 }))
    expect(argumentCounts).toEqual([1])
  })
})
