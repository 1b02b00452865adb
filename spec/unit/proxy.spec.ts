/**
 * The proxy decision both transports share (lib/transport/proxy.ts): which variables count, and
 * which hosts NO_PROXY exempts.
 */
import { proxyFor, resolveProxy } from '../../lib/transport/proxy'

const PROXY = 'http://127.0.0.1:3128'
const via = (origin: string, env: NodeJS.ProcessEnv): string | undefined => proxyFor(resolveProxy(undefined, env), origin)?.href

describe('the proxy decision', () => {
  it('takes HTTP_PROXY for http origins and HTTPS_PROXY for https ones, falling back to HTTP_PROXY', () => {
    expect(via('http://a.example:8080', { HTTPS_PROXY: PROXY })).toBeUndefined()
    expect(via('https://a.example', { HTTPS_PROXY: PROXY })).toBe(`${PROXY}/`)
    expect(via('https://a.example', { HTTP_PROXY: PROXY })).toBe(`${PROXY}/`)
  })

  it('prefers the lower-case variable and treats an empty one as unset', () => {
    expect(via('http://a.example', { http_proxy: 'http://127.0.0.2:1', HTTP_PROXY: PROXY })).toBe('http://127.0.0.2:1/')
    expect(via('http://a.example', { http_proxy: '', HTTP_PROXY: PROXY })).toBe(`${PROXY}/`)
  })

  it('exempts a NO_PROXY name with its subdomains, an IP, one port of a host:port, and everything for *', () => {
    const env = { HTTP_PROXY: PROXY, NO_PROXY: 'example.com, .internal 10.0.0.5,db.local:8080,[::1]' }
    expect(via('http://example.com', env)).toBeUndefined()
    expect(via('http://api.example.com', env)).toBeUndefined()
    expect(via('http://notexample.com', env)).toBe(`${PROXY}/`)
    expect(via('http://w.internal:8080', env)).toBeUndefined()
    expect(via('http://10.0.0.5:8080', env)).toBeUndefined()
    expect(via('http://db.local:8080', env)).toBeUndefined()
    expect(via('http://db.local:9090', env)).toBe(`${PROXY}/`)
    expect(via('http://[::1]:8080', env)).toBeUndefined()
    expect(via('http://anything', { HTTP_PROXY: PROXY, NO_PROXY: '*' })).toBeUndefined()
  })

  it('does not exempt loopback unless NO_PROXY names it', () => {
    expect(via('http://127.0.0.1:8080', { HTTP_PROXY: PROXY })).toBe(`${PROXY}/`)
    expect(via('http://localhost:8080', { HTTP_PROXY: PROXY })).toBe(`${PROXY}/`)
  })

  it('sends every host through an explicit proxy URL, whatever NO_PROXY says', () => {
    expect(proxyFor(resolveProxy(PROXY, { NO_PROXY: '*' }), 'http://127.0.0.1:8080')?.href).toBe(`${PROXY}/`)
  })
})
