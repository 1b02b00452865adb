/**
 * Classification of answers and the server's error-body shapes.
 */
import * as E from 'fp-ts/Either'
import { classify, errorBody, errorMessages } from '../../lib/transport/http/classify'

const URL = 'http://127.0.0.1:8080/v1/objects'
const exchange = { method: 'GET', url: URL, expect: [200] } as const
const NOW = Date.UTC(2024, 0, 1, 0, 0, 0)

describe('classify', () => {
  it('turns an expected status into a response with the parsed body', () => {
    expect(classify(exchange, 200, { a: 'b' }, '{"x":1}', NOW)).toEqual(
      E.right({ method: 'GET', url: URL, status: 200, headers: { a: 'b' }, body: { x: 1 } }),
    )
  })

  it('reports an empty expected body as undefined', () => {
    expect(classify(exchange, 200, {}, '', NOW)).toEqual(E.right(expect.objectContaining({ body: undefined })))
  })

  it('reports invalid JSON with an expected status as DecodeError', () => {
    const result = classify(exchange, 200, {}, '<html>', NOW)
    expect(result).toEqual(E.left(expect.objectContaining({ _tag: 'DecodeError', method: 'GET', url: URL })))
  })

  it("hands an expected status's body over as its text, unparsed, with bodyAs 'text'", () => {
    expect(classify({ ...exchange, bodyAs: 'text' }, 200, {}, '<html>', NOW)).toEqual(E.right(expect.objectContaining({ body: '<html>' })))
  })

  it("still reads an unexpected status's error body as JSON with bodyAs 'text'", () => {
    expect(classify({ ...exchange, bodyAs: 'text' }, 500, {}, '{"error":[{"message":"boom"}]}', NOW)).toEqual(
      E.left(expect.objectContaining({ _tag: 'UnexpectedStatusError', messages: ['boom'] })),
    )
  })

  it('turns an unexpected status into UnexpectedStatusError', () => {
    expect(classify(exchange, 404, {}, '', NOW)).toEqual(
      E.left(expect.objectContaining({ _tag: 'UnexpectedStatusError', method: 'GET', url: URL, status: 404, body: undefined, messages: [] })),
    )
  })

  it('reads Retry-After seconds into retryAfterMs', () => {
    expect(classify(exchange, 503, { 'retry-after': '2' }, '', NOW)).toEqual(
      E.left(expect.objectContaining({ retryAfterMs: 2000 })),
    )
  })

  it('reads a Retry-After HTTP-date into retryAfterMs relative to the arrival', () => {
    expect(classify(exchange, 429, { 'retry-after': 'Mon, 01 Jan 2024 00:00:03 GMT' }, '', NOW)).toEqual(
      E.left(expect.objectContaining({ retryAfterMs: 3000 })),
    )
  })
})

describe('errorMessages', () => {
  it('reads the handler shape {error:[{message}]}', () => {
    expect(errorMessages({ error: [{ message: "id 'x' already exists" }] })).toEqual(["id 'x' already exists"])
  })

  it('reads every item of the handler shape', () => {
    expect(errorMessages({ error: [{ message: 'a' }, { message: 'b' }] })).toEqual(['a', 'b'])
  })

  it('reads the go-swagger shape {code,message}', () => {
    expect(errorMessages({ code: 601, message: 'id in path must be of type uuid: "abc"' })).toEqual([
      'id in path must be of type uuid: "abc"',
    ])
  })

  it('reads the 429 usage-limit shape', () => {
    expect(
      errorMessages({ errorCode: 'USAGE_LIMIT_EXCEEDED', limit: 'objects', value: 10, message: 'usage limit exceeded' }),
    ).toEqual(['usage limit exceeded'])
  })

  it('reads a restriction-violation body (handler shape plus message)', () => {
    expect(errorMessages({ error: [{ message: 'a' }], errorCode: 'X', message: 'b' })).toEqual(['a', 'b'])
  })

  it('has no messages for an empty body', () => {
    expect(errorMessages(undefined)).toEqual([])
  })

  it('skips items without a message', () => {
    expect(errorMessages({ error: [{}] })).toEqual([])
  })

  it('uses non-JSON text as the message', () => {
    expect(errorMessages('Bad Gateway\n')).toEqual(['Bad Gateway'])
  })

  it('caps a long text message', () => {
    expect(errorMessages('x'.repeat(10_000))[0]?.length).toBeLessThanOrEqual(500)
  })

  it('has no messages for a JSON value without any', () => {
    expect(errorMessages([1, 2])).toEqual([])
  })
})

describe('errorBody', () => {
  it('is undefined for an empty body', () => {
    expect(errorBody('')).toBeUndefined()
  })

  it('parses JSON', () => {
    expect(errorBody('{"code":400,"message":"m"}')).toEqual({ code: 400, message: 'm' })
  })

  it('keeps text that is not JSON', () => {
    expect(errorBody('oops')).toBe('oops')
  })
})
