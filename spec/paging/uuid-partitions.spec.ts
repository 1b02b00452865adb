import * as fc from 'fast-check'
import { MAX_PARTITIONS, formatUuid, uuidInRange, uuidPartitions } from '../../lib/paging/uuid-partitions'

const CANONICAL = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const TOP = (1n << 128n) - 1n

const toBigInt = (uuid: string): bigint => BigInt(`0x${uuid.replace(/-/g, '')}`)

const arbK = fc.integer({ min: 1, max: 256 })
const arbUuid = fc.oneof(
  fc.bigInt({ min: 0n, max: TOP }).map(formatUuid),
  fc.uuid(),
  fc.constantFrom(formatUuid(0n), formatUuid(TOP)),
)

/** @test {uuidPartitions} */
describe('uuidPartitions', () => {
  it('returns one unbounded range for k = 1', () => {
    expect(uuidPartitions(1)).toEqual([{ after: undefined, before: undefined }])
  })

  it('splits at 80000000-... for k = 2, with after just below the boundary', () => {
    expect(uuidPartitions(2)).toEqual([
      { after: undefined, before: '80000000-0000-0000-0000-000000000000' },
      { after: '7fffffff-ffff-ffff-ffff-ffffffffffff', before: undefined },
    ])
  })

  it('returns k ranges, the first without after and the last without before', () => {
    fc.assert(
      fc.property(arbK, (k) => {
        const ranges = uuidPartitions(k)
        expect(ranges).toHaveLength(k)
        expect(ranges[0]?.after).toBeUndefined()
        expect(ranges[k - 1]?.before).toBeUndefined()
      }),
      { numRuns: 200 },
    )
  })

  it('puts every UUID in exactly one range', () => {
    fc.assert(
      fc.property(arbK, arbUuid, (k, uuid) => {
        expect(uuidPartitions(k).filter((range) => uuidInRange(uuid, range))).toHaveLength(1)
      }),
      { numRuns: 500 },
    )
  })

  it('puts each boundary in the range it starts, and the UUID below it in the range before', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 256 }), (k) => {
        const ranges = uuidPartitions(k)
        const misplaced = ranges.slice(1).filter((range, i) => {
          const previous = ranges[i]
          const boundary = previous?.before
          return (
            previous === undefined ||
            boundary === undefined ||
            !uuidInRange(boundary, range) ||
            !uuidInRange(formatUuid(toBigInt(boundary) - 1n), previous)
          )
        })
        expect(misplaced).toEqual([])
      }),
      { numRuns: 100 },
    )
  })

  it('returns contiguous ranges in ascending order: each after is the previous before minus one', () => {
    fc.assert(
      fc.property(arbK, (k) => {
        const ranges = uuidPartitions(k)
        const broken = ranges.slice(1).filter((range, i) => {
          const before = ranges[i]?.before
          const previousAfter = ranges[i]?.after
          return (
            before === undefined ||
            range.after === undefined ||
            toBigInt(range.after) !== toBigInt(before) - 1n ||
            (previousAfter !== undefined && !(previousAfter < range.after))
          )
        })
        expect(broken).toEqual([])
      }),
      { numRuns: 100 },
    )
  })

  it('gives boundaries as canonical lower-case UUIDs', () => {
    fc.assert(
      fc.property(arbK, (k) => {
        const bounds = uuidPartitions(k).flatMap(({ after, before }) => [after, before])
        expect(bounds.filter((b) => b !== undefined && !CANONICAL.test(b))).toEqual([])
      }),
      { numRuns: 100 },
    )
  })

  it('supports MAX_PARTITIONS contiguous ranges', () => {
    const ranges = uuidPartitions(MAX_PARTITIONS)
    expect(ranges).toHaveLength(MAX_PARTITIONS)
    const contiguous = ranges
      .slice(1)
      .every((range, i) => range.after !== undefined && range.after === formatUuid(toBigInt(ranges[i]?.before ?? '') - 1n))
    expect(contiguous).toBe(true)
    expect(ranges[1]?.after).toBe('000fffff-ffff-ffff-ffff-ffffffffffff') // 2^32 / 4096 = 0x100000, minus one
  })

  it.each([0, -1, 1.5, MAX_PARTITIONS + 1, Number.NaN])('rejects k = %p', (k) => {
    expect(() => uuidPartitions(k)).toThrow(RangeError)
  })
})

/** @test {uuidInRange} */
describe('uuidInRange', () => {
  it('compares case-insensitively', () => {
    const [first] = uuidPartitions(2)
    expect(first !== undefined && uuidInRange('7FFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', first)).toBe(true)
  })

  it('excludes the after bound itself', () => {
    const second = uuidPartitions(2)[1]
    expect(second !== undefined && uuidInRange('7fffffff-ffff-ffff-ffff-ffffffffffff', second)).toBe(false)
  })
})

/** @test {formatUuid} */
describe('formatUuid', () => {
  it('formats 128-bit numbers as 8-4-4-4-12 lower-case hex', () => {
    expect(formatUuid(0xabcn)).toBe('00000000-0000-0000-0000-000000000abc')
  })

  it('round-trips any 128-bit number', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: TOP }), (n) => expect(toBigInt(formatUuid(n))).toBe(n)))
  })

  it.each([-1n, 1n << 128n])('rejects %p', (n) => {
    expect(() => formatUuid(n)).toThrow(RangeError)
  })
})
