/**
 * The prefix walk of the filtered stream, over ids held in memory: the bundles cover every id once
 * in ascending order, none holds more than the cap, a grown bundle comes out again cut finer, and
 * prefixes wholly before `after` are never counted.
 */
import { randomUUID } from 'node:crypto'
import * as E from 'fp-ts/Either'
import { firstValueFrom, of } from 'rxjs'
import { PrefixBundle, PrefixWalk } from '../../lib/paging/prefix-walk'
import { prefixChildren } from '../../lib/paging/uuid-prefixes'

/** A counter over `ids` that records every prefix it was asked about. */
const counterOf = (ids: readonly string[], asked: string[] = []) => (groups: ReadonlyArray<readonly string[]>) => {
  for (const group of groups) asked.push(...group)
  return of(E.right<never, readonly number[]>(groups.map((group) => ids.filter((id) => group.some((p) => id.startsWith(p))).length)))
}

const bundlesOf = async (walk: PrefixWalk<never>): Promise<PrefixBundle[]> => {
  const out: PrefixBundle[] = []
  for (;;) {
    const next = await firstValueFrom(walk.next())
    if (E.isLeft(next)) throw new Error('unexpected Left')
    if (next.right === undefined) return out
    out.push(next.right)
  }
}

const under = (ids: readonly string[], bundle: PrefixBundle): string[] => ids.filter((id) => bundle.prefixes.some((p) => id.startsWith(p)))

describe('PrefixWalk', () => {
  const ids = Array.from({ length: 3_000 }, () => randomUUID()).sort()

  it.each([1, 7, 100, 5_000])('covers every id once in ascending order with bundles of at most %i', async (cap) => {
    const bundles = await bundlesOf(new PrefixWalk(counterOf(ids), cap, undefined))
    expect(bundles.flatMap((b) => under(ids, b))).toEqual(ids)
    expect(bundles.every((b) => b.count <= cap && b.count === under(ids, b).length)).toBe(true)
  })

  it('cuts ids that share all but their last digits, passing over the dashes', async () => {
    const sequential = Array.from({ length: 40 }, (_, n) => `00000000-0000-0000-0000-0000000000${n.toString(16).padStart(2, '0')}`)
    const bundles = await bundlesOf(new PrefixWalk(counterOf(sequential), 3, undefined))
    expect(bundles.flatMap((b) => under(sequential, b))).toEqual(sequential)
    expect(Math.max(...bundles.map((b) => b.count))).toBeLessThanOrEqual(3)
  })

  it('counts no prefix wholly before after', async () => {
    const asked: string[] = []
    const after = ids[2_000] ?? ''
    const bundles = await bundlesOf(new PrefixWalk(counterOf(ids, asked), 50, after))
    expect(asked.filter((p) => p < after.slice(0, p.length))).toEqual([])
    expect(bundles.flatMap((b) => under(ids, b)).filter((id) => id > after)).toEqual(ids.slice(2_001))
  })

  it('gives a split bundle again, cut finer, before the rest', async () => {
    const walk = new PrefixWalk(counterOf(ids), 400, undefined)
    const first = await firstValueFrom(walk.next())
    if (E.isLeft(first) || first.right === undefined) throw new Error('no first bundle')
    expect(walk.split(first.right)).toBe(true)
    walk.cap = 50
    const rest = await bundlesOf(walk)
    expect(rest.flatMap((b) => under(ids, b))).toEqual(ids)
    expect(rest.every((b) => b.count <= 50)).toBe(true)
  })

  it('counts every match first, then no level whose prefixes hold more than the cap on average', async () => {
    const asked: string[] = []
    await bundlesOf(new PrefixWalk(counterOf(ids, asked), 7, undefined))
    // 3,000 / 7 is about 16^2.2: levels 1 and 2 hold too many on average and are cut uncounted.
    expect(asked[0]).toBe('')
    expect(asked.filter((p) => p !== '' && p.length < 3)).toEqual([])
  })

  it('cannot split a whole UUID', () => {
    const walk = new PrefixWalk(counterOf(ids), 1, undefined)
    expect(walk.split({ prefixes: [ids[0] ?? ''], count: 2 })).toBe(false)
  })

  it('names 16 children one hex digit longer, a dash passed over', () => {
    expect(prefixChildren('0123abcd')).toEqual([...'0123456789abcdef'].map((d) => `0123abcd-${d}`))
    expect(prefixChildren('')).toHaveLength(16)
  })
})
