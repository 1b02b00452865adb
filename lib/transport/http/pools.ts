/**
 * The client's connections: one keep-alive undici `Pool` per origin, created on first use and
 * closed together by `close()`; with an injected `Dispatcher` the client owns no pool. Once closed,
 * a request fails with a `ConnectionError` `UND_ERR_CLOSED` before anything is sent.
 *
 * @packageDocumentation
 */
import type { Dispatcher } from 'undici'
// By its file, not the bare name: Bun answers `undici` with a built-in module whose Pool has no
// `dispatch` or `close`, and only for the bare name. Node and bundlers find the same file as `undici`.
import { Pool, ProxyAgent } from 'undici/index.js'
import { NO_PROXY, ProxySettings, proxyFor, safeProxyUrl } from '../proxy'
import { TlsSettings, undiciConnectOptions } from '../tls'
import { tlsConnector } from './tls-connector'

/**
 * The dispatchers of one client.
 */
export interface Pools {
  /** The dispatcher for `origin` (`http://host:port`). */
  for(origin: string): Dispatcher
  /** The proxy `origin`'s requests go through (without credentials), for errors; undefined when direct. */
  via(origin: string): string | undefined
  /** True once `close()` was called. */
  readonly closed: boolean
  /** Closes the pools the client owns; idempotent. */
  close(): Promise<void>
}

/**
 * Pools on demand, `connections` keep-alive connections each, or the one `dispatcher` given. An
 * `https` pool connects with the client's TLS settings (its CA bundle, client certificate and
 * server name) through `tls-connector.ts`, which keeps a TLS alert that comes after the handshake;
 * an injected dispatcher brings its own.
 *
 * An origin the proxy settings send through a proxy (`../proxy.ts`) gets an undici `ProxyAgent`
 * instead of a Pool: a `CONNECT` tunnel per connection, with the TLS settings applied to the
 * target inside it. An injected dispatcher wins over the proxy settings.
 */
export const createPools = (settings: {
  readonly connections: number
  readonly dispatcher: Dispatcher | undefined
  readonly tls: TlsSettings
  readonly proxy?: ProxySettings
}): Pools => {
  const pools = new Map<string, Dispatcher>()
  let closing: Promise<void> | undefined
  const proxy = settings.proxy ?? NO_PROXY
  // The request's own deadline governs; undici's 300 s guards would only race it.
  const timeouts = { headersTimeout: 0, bodyTimeout: 0 }
  const owned = (origin: string): Dispatcher => {
    let pool = pools.get(origin)
    if (pool === undefined) {
      const via = proxyFor(proxy, origin)
      pool =
        via === undefined
          ? new Pool(origin, {
              connections: settings.connections,
              ...timeouts,
              ...(origin.startsWith('https:') ? { connect: tlsConnector(settings.tls) } : {}),
            })
          : new ProxyAgent({ uri: via.href, connections: settings.connections, ...timeouts, requestTls: undiciConnectOptions(settings.tls) }).compose(
              // ProxyAgent adds a `host` header to the headers object it is given; ours are frozen.
              (dispatch) => (options, handler) => dispatch({ ...options, headers: { ...options.headers } }, handler),
            )
      pools.set(origin, pool)
    }
    return pool
  }
  const injected = settings.dispatcher
  const via = (origin: string): string | undefined => {
    const url = injected === undefined ? proxyFor(proxy, origin) : undefined
    return url === undefined ? undefined : safeProxyUrl(url)
  }
  return {
    for: injected === undefined ? owned : () => injected,
    via,
    get closed() {
      return closing !== undefined
    },
    close: () => {
      closing ??= Promise.all([...pools.values()].map((pool) => pool.close())).then(() => undefined)
      return closing
    },
  }
}
