/**
 * io-ts decoding with the truncating reporter (lib/codecs/decode.ts).
 */
import * as E from 'fp-ts/Either'
import * as t from 'io-ts'
import { decode, preview, PREVIEW_CHARS } from '../../lib/codecs/decode'
import { fullPageLastId } from '../../lib/codecs/list'

const ctx = { method: 'GET', url: 'http://127.0.0.1:8080/v1/objects' } as const

const reportOf = <A>(codec: t.Decoder<unknown, A>, value: unknown): readonly string[] => {
  const result = decode(codec, value, ctx)
  if (E.isRight(result)) throw new Error('expected a DecodeError')
  return result.left.report
}

describe('decode', () => {
  it('returns the decoded value', () => {
    expect(decode(t.type({ id: t.string }), { id: 'x', extra: 1 }, ctx)).toEqual(E.right({ id: 'x', extra: 1 }))
  })

  it('reports method and url in the DecodeError', () => {
    const result = decode(t.string, 1, ctx)
    expect(result).toEqual(E.left(expect.objectContaining({ _tag: 'DecodeError', method: 'GET', url: ctx.url })))
  })

  it('reports path, expected type and value', () => {
    expect(reportOf(t.type({ id: t.string }), { id: 7 })).toEqual(['id: expected string, got 7'])
  })

  it('leaves intersection member indices out of the path', () => {
    const codec = t.type({ objects: t.array(t.intersection([t.type({ id: t.string }), t.partial({ vector: t.array(t.number) })])) })
    expect(reportOf(codec, { objects: [{ id: 'a' }, { id: 'b', vector: ['x'] }] })).toEqual([
      'objects.1.vector.0: expected number, got "x"',
    ])
  })

  it('names a missing field as undefined', () => {
    expect(reportOf(t.type({ id: t.string }), {})).toEqual(['id: expected string, got undefined'])
  })

  it('names the root when the value itself is wrong', () => {
    expect(reportOf(t.string, null)).toEqual(['<root>: expected string, got null'])
  })

  it('keeps at most 5 errors and counts the rest', () => {
    const report = reportOf(t.array(t.string), [1, 2, 3, 4, 5, 6, 7, 8])
    expect(report).toHaveLength(6)
    expect(report[5]).toBe('... and 3 more')
  })

  it('truncates the preview of a big value', () => {
    const [line] = reportOf(t.type({ p: t.string }), { p: { text: 'x'.repeat(100_000) } })
    expect(line?.length).toBeLessThan(PREVIEW_CHARS + 40)
  })
})

describe('preview', () => {
  it('shows a small object as JSON', () => {
    expect(preview({ a: [1, 'b'], c: null })).toBe('{"a":[1,"b"],"c":null}')
  })

  it('cuts a long string to the preview size', () => {
    expect(preview('y'.repeat(1000))).toHaveLength(PREVIEW_CHARS)
  })

  it('stops walking a large array early', () => {
    const big = Array.from({ length: 1_000_000 }, (_, i) => i)
    expect(preview(big).endsWith('…')).toBe(true)
  })
})

describe('fullPageLastId (a list page\'s last id read from its text)', () => {
  const A = '00000000-0000-4000-8000-00000000000a'
  const B = '00000000-0000-4000-8000-00000000000b'
  const object = (id: string, properties = '{}') => `{"class":"C","creationTimeUnix":1,"id":"${id}","lastUpdateTimeUnix":1,"properties":${properties},"vectorWeights":null}`
  const page = (objects: readonly string[], total: number | undefined = objects.length) =>
    `{"deprecations":[],"objects":[${objects.join(',')}]${total === undefined ? '' : `,"totalResults":${total}`}}\n`

  it('is the id of the last object of a full page', () => {
    expect(fullPageLastId(page([object(A), object(B)]), 2)).toBe(B)
  })

  it('is undefined for a page shorter than the page size (the last page)', () => {
    expect(fullPageLastId(page([object(A)]), 2)).toBeUndefined()
  })

  it('is undefined without totalResults (an empty page)', () => {
    expect(fullPageLastId(page([], undefined), 2)).toBeUndefined()
  })

  it('is not fooled by an id inside a text value, whose quotes are escaped', () => {
    expect(fullPageLastId(page([object(A), object(B, `{"note":"\\"id\\":\\"${A}\\""}`)]), 2)).toBe(B)
  })

  it('is the nested id when the last object holds a nested object with an id of UUID length (the caller checks it)', () => {
    expect(fullPageLastId(page([object(A), object(B, `{"inner":{"id":"${A}"}}`)]), 2)).toBe(A)
  })

  it('is undefined when the quote after 36 characters closes a later string (a short nested id)', () => {
    expect(fullPageLastId(page([object(A), object(B, '{"inner":{"id":"short","name":"abcdefghijklmnopqrstu"}}')]), 2)).toBeUndefined()
  })

  it('is undefined when the quote after 36 characters is escaped inside a nested id', () => {
    expect(fullPageLastId(page([object(A), object(B, `{"inner":{"id":"${A.slice(0, 35)}\\"x"}}`)]), 2)).toBeUndefined()
  })

  it('is undefined when the last id key is not followed by a UUID-long value', () => {
    expect(fullPageLastId(page([object(A), object(B, '{"inner":{"id":"short"}}')]), 2)).toBeUndefined()
  })
})
