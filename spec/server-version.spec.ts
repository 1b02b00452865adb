/**
 * The per-client server version and the deprecation warnings of class-less calls.
 */
import { forkJoin, firstValueFrom } from 'rxjs'
import { v4 as uuidv4 } from 'uuid'
import { recordingClient, right } from './helpers/client'

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
