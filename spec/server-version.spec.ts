/**
 * The per-client server version and the deprecation warnings of class-less calls.
 */
import { forkJoin, firstValueFrom } from 'rxjs'
import { v4 as uuidv4 } from 'uuid'
import { connect } from '../lib'
import { left, recordingClient, right } from './helpers/client'
import { json, neverAnswer, sequence, startServer } from './helpers/misbehaving-server'

describe('server version', () => {
  it('is read with one /v1/meta request however many operations start at once', async () => {
    const rc = recordingClient()
    try {
      const checks = Array.from({ length: 10 }, () => rc.client.objects.exists({ className: 'Nope', uuid: uuidv4() }))
      await firstValueFrom(forkJoin(checks))
      expect(rc.requests.filter((r) => r.path === '/v1/meta')).toHaveLength(1)
      await right(rc.client.objects.exists({ className: 'Nope', uuid: uuidv4() }))
      expect(rc.requests.filter((r) => r.path === '/v1/meta')).toHaveLength(1)
    } finally {
      await rc.close()
    }
  })

  it('comes from the serverVersion option without a request', async () => {
    const rc = recordingClient({ serverVersion: '1.39.0' })
    try {
      await right(rc.client.objects.exists({ className: 'Nope', uuid: uuidv4() }))
      expect(rc.requests.map((r) => r.path)).not.toContain('/v1/meta')
    } finally {
      await rc.close()
    }
  })

  it('reports an unparseable serverVersion option as ArgumentValueError', async () => {
    const rc = recordingClient({ serverVersion: 'latest' })
    try {
      const [result] = await firstValueFrom(forkJoin([rc.client.objects.exists({ uuid: uuidv4() })]))
      expect(result).toMatchObject({ _tag: 'Left', left: { _tag: 'ArgumentValueError', argument: 'serverVersion' } })
      expect(rc.requests).toHaveLength(0)
    } finally {
      await rc.close()
    }
  })

  it('is exposed through meta.get', async () => {
    const rc = recordingClient()
    try {
      expect((await right(rc.client.meta.get())).version).toBe('1.39.0')
    } finally {
      await rc.close()
    }
  })
})

describe('the version probe belongs to the operation that needs it', () => {
  const ID = '36ddd591-2dee-4e7e-a3cc-eb86d30a4303'

  it("a per-call totalMs ends the operation with a TimeoutError while the probe hangs, and closes the probe's request", async () => {
    const server = await startServer(neverAnswer)
    const client = connect({ url: server.url })
    try {
      const error = await left(client.objects.exists({ className: 'A', uuid: ID, timeout: { totalMs: 200 } }))
      expect(error).toMatchObject({ _tag: 'TimeoutError', phase: 'total', method: 'GET' })
      const probe = await server.request(0)
      expect(probe.url).toBe('/v1/meta')
      await probe.socketClosed
      expect(server.requests.map((r) => r.url)).toEqual(['/v1/meta'])
    } finally {
      await client.close()
      await server.close()
    }
  })

  it('unsubscribing while the probe is in flight aborts it', async () => {
    const server = await startServer(neverAnswer)
    const client = connect({ url: server.url })
    try {
      const subscription = client.objects.getById({ className: 'A', uuid: ID }).subscribe()
      const probe = await server.request(0)
      subscription.unsubscribe()
      await probe.socketClosed
      expect(server.requests.map((r) => r.url)).toEqual(['/v1/meta'])
    } finally {
      await client.close()
      await server.close()
    }
  })

  it('retry: false on the call means the probe is tried once', async () => {
    const server = await startServer(json(503))
    const client = connect({ url: server.url, retry: { attempts: 3, baseDelayMs: 1 } })
    try {
      expect(await left(client.objects.exists({ className: 'A', uuid: ID, retry: false }))).toMatchObject({ status: 503 })
      expect(server.requests.map((r) => r.url)).toEqual(['/v1/meta'])
    } finally {
      await client.close()
      await server.close()
    }
  })

  it("without retry: false the probe follows the client's retry setting", async () => {
    const server = await startServer(json(503))
    const client = connect({ url: server.url, retry: { attempts: 3, baseDelayMs: 1 } })
    try {
      expect(await left(client.objects.exists({ className: 'A', uuid: ID }))).toMatchObject({ status: 503 })
      expect(server.requests.map((r) => r.url)).toEqual(['/v1/meta', '/v1/meta', '/v1/meta'])
    } finally {
      await client.close()
      await server.close()
    }
  })

  it('a failed probe is not kept: the next operation asks again', async () => {
    const server = await startServer(sequence(json(503), json(200, { version: '1.39.0' }), json(404)))
    const client = connect({ url: server.url, retry: false })
    try {
      await left(client.objects.exists({ className: 'A', uuid: ID }))
      expect(await right(client.objects.exists({ className: 'A', uuid: ID }))).toBe(false)
      expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /v1/meta', 'GET /v1/meta', `HEAD /v1/objects/A/${ID}`])
    } finally {
      await client.close()
      await server.close()
    }
  })
})
