/**
 * `client.isReady()` and `client.isLive()` against the real 1.39 server: its answers are `Right`
 * booleans, an address nothing listens on is a `Left`, and a probe is one request.
 */
import { Client, connect } from '../lib'
import { left, recordingClient, right } from './helpers/client'
import { deadUrl } from './helpers/misbehaving-server'
import { Proxy, startProxy } from './helpers/proxy'
import { weaviateUrl } from './helpers/server'

/** Runs `f` with a client behind a proxy to the real server that answers the first request on `path` with `status` itself. */
const behindProxy = async (path: RegExp, status: number, f: (client: Client, proxy: Proxy) => Promise<void>): Promise<void> => {
  const proxy = await startProxy(weaviateUrl(), { inject: { path, nth: 1, status } })
  const client = connect(proxy.connection)
  try {
    await f(client, proxy)
  } finally {
    await client.close()
    await proxy.close()
  }
}

const READY = /^\/v1\/\.well-known\/ready$/
const LIVE = /^\/v1\/\.well-known\/live$/

describe('health checks', () => {
  it('isReady is true on a running server', async () => {
    const rc = recordingClient()
    try {
      await expect(right(rc.client.isReady())).resolves.toBe(true)
    } finally {
      await rc.close()
    }
  })

  it('isLive is true on a running server', async () => {
    const rc = recordingClient()
    try {
      await expect(right(rc.client.isLive())).resolves.toBe(true)
    } finally {
      await rc.close()
    }
  })

  it('sends only the probe: no /v1/meta first, no credentials needed', async () => {
    const rc = recordingClient({ apiKey: '' })
    try {
      await right(rc.client.isReady())
      await right(rc.client.isLive())
      expect(rc.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/.well-known/ready', 'GET /v1/.well-known/live'])
    } finally {
      await rc.close()
    }
  })

  // A real node answers 503 only in maintenance mode or while it starts, and the embedded server
  // the suite runs waits out both (it starts when /ready says 200); the proxy in front of the real
  // server answers that status itself.
  it('isReady is false, not an error, when the server answers 503, after one attempt', async () => {
    await behindProxy(READY, 503, async (client, proxy) => {
      await expect(right(client.isReady())).resolves.toBe(false)
      expect(proxy.requests).toEqual(['GET /v1/.well-known/ready (injected)'])
      await expect(right(client.isReady())).resolves.toBe(true)
    })
  })

  it('is one attempt by default: a gateway 502 is a Left, not retried', async () => {
    await behindProxy(LIVE, 502, async (client, proxy) => {
      await expect(left(client.isLive())).resolves.toMatchObject({ _tag: 'UnexpectedStatusError', status: 502 })
      expect(proxy.requests).toEqual(['GET /v1/.well-known/live (injected)'])
    })
  })

  it('retries a gateway 502 when the call gives retry', async () => {
    await behindProxy(LIVE, 502, async (client, proxy) => {
      await expect(right(client.isLive({ retry: { attempts: 2, baseDelayMs: 1 } }))).resolves.toBe(true)
      expect(proxy.requests).toEqual(['GET /v1/.well-known/live (injected)', 'GET /v1/.well-known/live'])
    })
  })

  it.each(['isReady', 'isLive'] as const)('%s is a ConnectionError Left where nothing listens', async (probe) => {
    const client = connect({ url: await deadUrl() })
    try {
      await expect(left(client[probe]())).resolves.toMatchObject({ _tag: 'ConnectionError', code: 'ECONNREFUSED' })
    } finally {
      await client.close()
    }
  })

  it('is an UnexpectedStatusError Left for a status other than 200 and 503', async () => {
    await behindProxy(READY, 404, async (client) => {
      await expect(left(client.isReady())).resolves.toMatchObject({ _tag: 'UnexpectedStatusError', status: 404 })
    })
  })

  it('refuses an unknown per-call option with nothing sent', async () => {
    const rc = recordingClient()
    try {
      await expect(left(rc.client.isReady({ timeout: { attemptMs: 1_000 }, retries: 3 } as never))).resolves.toMatchObject({ _tag: 'ArgumentValueError' })
      expect(rc.requests).toHaveLength(0)
    } finally {
      await rc.close()
    }
  })
})
