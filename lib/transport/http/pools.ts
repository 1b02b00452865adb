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
import { Pool } from 'undici/index.js'
import { ConnectionError, HttpMethod } from '../../core/errors'
import { TlsSettings } from '../tls'
import { tlsConnector } from './tls-connector'

/**
 * The dispatchers of one client.
 */
export interface Pools {
  /** The dispatcher for `origin` (`http://host:port`). */
  for(origin: string): Dispatcher
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
 */
export const createPools = (settings: {
  readonly connections: number
  readonly dispatcher: Dispatcher | undefined
  readonly tls: TlsSettings
}): Pools => {
  const pools = new Map<string, Pool>()
  let closing: Promise<void> | undefined
  const owned = (origin: string): Pool => {
    let pool = pools.get(origin)
    if (pool === undefined) {
      pool = new Pool(origin, {
        connections: settings.connections,
        // The request's own deadline governs; undici's 300 s guards would only race it.
        headersTimeout: 0,
        bodyTimeout: 0,
        ...(origin.startsWith('https:') ? { connect: tlsConnector(settings.tls) } : {}),
      })
      pools.set(origin, pool)
    }
    return pool
  }
  const injected = settings.dispatcher
  return {
    for: injected === undefined ? owned : () => injected,
    get closed() {
      return closing !== undefined
    },
    close: () => {
      closing ??= Promise.all([...pools.values()].map((pool) => pool.close())).then(() => undefined)
      return closing
    },
  }
}

/**
 * The error of a request on a closed client.
 */
export const closedError = (method: HttpMethod, url: string): ConnectionError =>
  new ConnectionError({ method, url, code: 'UND_ERR_CLOSED', detail: 'the client is closed' })
