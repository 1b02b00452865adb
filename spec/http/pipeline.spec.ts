/**
 * createHttp's option checks, node parsing (lib/transport/http/nodes.ts) and URL building (lib/transport/http/urls.ts).
 */
import { firstValueFrom } from 'rxjs'
import { ArgumentValueError } from '../../lib/core/errors'
import { createUndiciHttp as createHttp } from '../../lib/transport/http/undici-connections'
import { parseNodes } from '../../lib/transport/http/nodes'
import { pathWithQuery } from '../../lib/transport/http/urls'

describe('parseNodes', () => {
  it('appends /v1 to a bare origin', () => {
    expect(parseNodes(['http://127.0.0.1:8080'])).toEqual([{ origin: 'http://127.0.0.1:8080', basePath: '/v1' }])
  })

  it.each(['http://127.0.0.1:8080/', 'http://127.0.0.1:8080/v1', 'http://127.0.0.1:8080/v1/'])('tolerates %s', (url) => {
    expect(parseNodes([url])).toEqual([{ origin: 'http://127.0.0.1:8080', basePath: '/v1' }])
  })

  it('keeps a path prefix', () => {
    expect(parseNodes(['https://host/weaviate/v1'])).toEqual([{ origin: 'https://host', basePath: '/weaviate/v1' }])
  })

  it('drops user info from the origin', () => {
    expect(parseNodes(['http://u:p@127.0.0.1:8080'])[0]?.origin).toBe('http://127.0.0.1:8080')
  })

  it('rejects an empty list', () => {
    expect(() => parseNodes([])).toThrow(ArgumentValueError)
  })

  it('rejects a malformed URL', () => {
    expect(() => parseNodes(['not a url'])).toThrow(ArgumentValueError)
  })

  it('rejects a non-http URL', () => {
    expect(() => parseNodes(['ftp://127.0.0.1'])).toThrow(ArgumentValueError)
  })

  it('keeps user info of a malformed URL out of the error', () => {
    expect(() => parseNodes(['http://user:pw-secret@[bad'])).toThrow(/^(?!.*pw-secret)/)
  })

  it('keeps an access_token of a malformed URL out of the error', () => {
    expect(() => parseNodes(['http://[bad/?access_token=tok-secret'])).toThrow(/^(?!.*tok-secret)/)
  })
})

describe('pathWithQuery', () => {
  it('returns the path without a query', () => {
    expect(pathWithQuery('/objects', undefined)).toBe('/objects')
  })

  it('leaves out undefined values and keeps the order', () => {
    expect(pathWithQuery('/objects', [['b', '1'], ['a', undefined], ['c', '2']])).toBe('/objects?b=1&c=2')
  })

  it('adds nothing when every value is undefined', () => {
    expect(pathWithQuery('/objects', [['a', undefined]])).toBe('/objects')
  })

  it('encodes like URLSearchParams', () => {
    expect(pathWithQuery('/x', [['q', 'a b&c=d/é']])).toBe('/x?q=a+b%26c%3Dd%2F%C3%A9')
  })

  it('appends to an existing query with &', () => {
    expect(pathWithQuery('/x?a=1', [['b', '2']])).toBe('/x?a=1&b=2')
  })
})

describe('createHttp', () => {
  it.each([0, -1, 1.5])('rejects connections %p', (connections) => {
    expect(() => createHttp({ urls: ['http://127.0.0.1:1'], connections })).toThrow(ArgumentValueError)
  })

  it('reports a body JSON cannot hold as ArgumentValueError without sending', async () => {
    const http = createHttp({ urls: ['http://127.0.0.1:1'] })
    const sent = firstValueFrom(http.send({ method: 'POST', path: '/objects', body: { n: 1n }, expect: [200] }))
    await expect(sent).rejects.toBeInstanceOf(ArgumentValueError)
    await http.close()
  })
})
