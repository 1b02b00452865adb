import * as E from 'fp-ts/Either'
import { Subject, lastValueFrom, of, toArray } from 'rxjs'
import { itemsOfPages } from '../../lib/paging/items-of-pages'
import { Pacer, createPacer } from '../../lib/paging'

/** @test {itemsOfPages} */
describe('itemsOfPages', () => {
  it('emits the items of every page in order, and a Left as it is', async () => {
    const pages = of(E.right(['a', 'b']), E.right([]), E.right(['c']), E.left('boom'))
    expect(await lastValueFrom(itemsOfPages(() => pages, undefined).pipe(toArray()))).toEqual([
      E.right('a'),
      E.right('b'),
      E.right('c'),
      E.left('boom'),
    ])
  })

  it('runs the page source unpaced without a pacer', () => {
    const given: Array<Pacer | undefined> = []
    itemsOfPages((pagePacer) => (given.push(pagePacer), of(E.right([1]))), undefined).subscribe()
    expect(given).toEqual([undefined])
  })

  it('acks a page to the page source once every item of it was acked, not before', () => {
    const pacer = createPacer()
    const source = new Subject<E.Either<string, readonly string[]>>()
    let pageAcks = 0
    itemsOfPages((pagePacer) => {
      pagePacer?.acked$.subscribe((n) => (pageAcks = n))
      return source
    }, pacer).subscribe()
    source.next(E.right(['a', 'b']))
    source.next(E.right(['c']))
    pacer.ack()
    expect(pageAcks).toBe(0)
    pacer.ack()
    expect(pageAcks).toBe(1)
    pacer.ack()
    expect(pageAcks).toBe(2)
  })
})
