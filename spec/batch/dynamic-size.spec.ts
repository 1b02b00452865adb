/**
 * The size of a dynamic batch run (lib/batch/dynamic-size.ts): toward the size answered in a
 * second, at most halved or doubled per answer, never outside 1 to its maximum; a small request
 * does not count; the server's size is taken as it is; a stream's sizer reads no latency.
 */
import { DYNAMIC_MAX, batchSizer } from '../../lib/batch/dynamic-size'

describe('batchSizer', () => {
  it('doubles at most per answer when a request is answered far under a second', () => {
    const sizer = batchSizer(100, DYNAMIC_MAX, true)
    const sizes = [100, 200, 400, 800].map((n) => {
      sizer.answered(n, 10)
      return sizer.size()
    })
    expect(sizes).toEqual([200, 400, 800, 1000])
  })

  it('moves to the size answered in a second when that is within a halving or a doubling', () => {
    const sizer = batchSizer(100, DYNAMIC_MAX, true)
    sizer.answered(100, 800)
    expect(sizer.size()).toBe(125)
  })

  it('halves at most when a request takes far longer than a second, and never goes below 1', () => {
    const sizer = batchSizer(4, DYNAMIC_MAX, true)
    const sizes = [4, 2, 1, 1].map((n) => {
      sizer.answered(n, 60_000)
      return sizer.size()
    })
    expect(sizes).toEqual([2, 1, 1, 1])
  })

  it('does not count a request under half the current size', () => {
    const sizer = batchSizer(100, DYNAMIC_MAX, true)
    sizer.answered(49, 5_000)
    expect(sizer.size()).toBe(100)
  })

  it("takes the server's size within its bounds, and a stream's sizer ignores latency", () => {
    const sizer = batchSizer(100, 150, false)
    sizer.answered(100, 10)
    const afterLatency = sizer.size()
    sizer.serverAsks(120)
    const asked = sizer.size()
    sizer.serverAsks(700)
    expect([afterLatency, asked, sizer.size()]).toEqual([100, 120, 150])
  })
})
