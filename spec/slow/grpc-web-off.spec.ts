/**
 * A 1.39.0 server with gRPC-Web turned off (the runtime value `grpcWebEnabled`, here through a
 * runtime overrides file with `grpc_web_enabled: false`; the server has no environment variable
 * of its own for it) answers `/v1/grpc-web/...` with the REST router's 404, as servers before
 * 1.38.3 do. A client's transport choice reads that from its health check over gRPC-Web: without
 * a gRPC address it writes over REST with one warning naming the 404 and how to pass `grpcUrl`;
 * with one, its unary calls stay on grpc-js, without a warning. Its own server: the shared ones
 * serve gRPC-Web.
 */
import * as E from 'fp-ts/Either'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { lastValueFrom, toArray } from 'rxjs'
import { BatchObject } from '../../lib'
import { GRPC_FALLBACK_WARNING } from '../../lib/context/fallback-warnings'
import { startEmbedded, type EmbeddedWeaviate } from '../../lib/embedded'
import { recordingClient } from '../helpers/client'
import { quietLog, retryOnPortClash } from '../helpers/embedded-fixtures'
import { countObjects, createClass } from '../helpers/fixtures'
import { ownHandles } from '../helpers/own-handles'
import { guardAgainstLeaks, uniqueClassName } from '../helpers/server'
import { WarningRecorder, recordWarnings } from '../helpers/warnings'

const Rows = uniqueClassName('GrpcWebOff')
const leaks = guardAgainstLeaks()
const releases: Array<() => void> = []
const dir = mkdtempSync(path.join(os.tmpdir(), 'weaviate-rx-grpc-web-off-'))
let server: EmbeddedWeaviate | undefined

const started = (): EmbeddedWeaviate => {
  if (server === undefined) throw new Error('the server never started')
  return server
}
const target = (): { url: string; apiKey?: string } => {
  const apiKey = started().connection.apiKey
  return apiKey === undefined ? { url: started().url } : { url: started().url, apiKey }
}
const rows = (n: number): BatchObject[] => Array.from({ length: n }, (_, i) => ({ className: Rows, dataObject: { n: i } }))

let recorder: WarningRecorder | undefined
const warnings = (): string[] => recorder?.warnings ?? []

ownHandles()

beforeAll(async () => {
  const overrides = path.join(dir, 'overrides.yaml')
  writeFileSync(overrides, 'grpc_web_enabled: false\n')
  server = await retryOnPortClash(() =>
    startEmbedded({ log: quietLog, env: { RUNTIME_OVERRIDES_ENABLED: 'true', RUNTIME_OVERRIDES_PATH: overrides, RUNTIME_OVERRIDES_LOAD_INTERVAL: '1s' } }),
  )
  releases.push(leaks.allow({ pid: server.pid, dataDir: server.dataDir }))
  await createClass(target(), { class: Rows, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] })
}, 240_000)

beforeEach(() => {
  recorder = recordWarnings(GRPC_FALLBACK_WARNING)
})
afterEach(() => recorder?.restore())

describe('a 1.39.0 server with grpcWebEnabled off', () => {
  afterAll(async () => {
    await server?.stop()
    releases.forEach((release) => release())
    rmSync(dir, { recursive: true, force: true })
  })

  it('answers a gRPC-Web call with the REST 404', async () => {
    const answer = await fetch(`${started().url}/v1/grpc-web/grpc.health.v1.Health/Check`, {
      method: 'POST',
      headers: { 'content-type': 'application/grpc-web+proto', authorization: `Bearer ${target().apiKey ?? ''}` },
      body: new Uint8Array(5),
    })
    expect({ status: answer.status, body: await answer.json() }).toEqual({
      status: 404,
      body: { code: 404, message: 'path /v1/grpc-web/grpc.health.v1.Health/Check was not found' },
    })
  })

  it('takes a batch from a client without a gRPC address over REST, which warns once naming the 404 and grpcUrl', async () => {
    const { client, requests, close } = recordingClient(target())
    try {
      const results = await lastValueFrom(client.objects.batch(rows(12)).pipe(toArray()))
      expect(results.filter(E.isRight)).toHaveLength(12)
    } finally {
      await close()
    }
    expect(requests.map((r) => r.path)).toContain('/v1/batch/objects')
    expect(await countObjects(target(), Rows)).toBe(12)
    expect(warnings()).toHaveLength(1)
    expect(warnings()[0]).toContain('Received HTTP status code 404')
    expect(warnings()[0]).toContain('grpcUrl')
  })

  it('keeps the unary calls of a client with its gRPC address on grpc-js, without a warning', async () => {
    const { client, requests, close } = recordingClient({ ...target(), grpcUrl: started().grpcUrl })
    try {
      const found = await lastValueFrom(client.query.fetchObjects({ className: Rows, limit: 3 }))
      expect(E.isRight(found) && found.right.objects.length).toBe(3)
    } finally {
      await close()
    }
    // The version probe and the refused health check over gRPC-Web; the search went to grpc-js.
    expect(requests.map((r) => r.path)).toEqual(['/v1/meta', '/v1/grpc-web/grpc.health.v1.Health/Check'])
    expect(warnings()).toEqual([])
  })
})
