/**
 * gRPC on a server with API-key authentication and anonymous access off (an embedded server's
 * default: a random key per start): the key travels as
 * `authorization: Bearer <key>` metadata, as REST sends it; without a key or with a wrong one
 * every object of an import is one Left whose cause is the 401 REST would give.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { BatchObject, ConnectOptions, WeaviateError, connect } from '../../lib'
import { startEmbedded, type EmbeddedWeaviate } from '../../lib/embedded'
import { quietLog, retryOnPortClash } from '../helpers/embedded-fixtures'
import { guardAgainstLeaks, uniqueClassName } from '../helpers/server'
import { ownHandles } from '../helpers/own-handles'

const Secured = uniqueClassName('GrpcSecured')
const leaks = guardAgainstLeaks()
let server: EmbeddedWeaviate | undefined
let release: () => void = () => undefined

const started = (): EmbeddedWeaviate => {
  if (server === undefined) throw new Error('the server never started')
  return server
}

/** The key of this start. */
const key = (): string => {
  const { apiKey } = started().connection
  if (apiKey === undefined) throw new Error('the embedded server has no API key')
  return apiKey
}

const options = (apiKey?: string): ConnectOptions => ({
  url: started().url,
  grpcUrl: started().grpcUrl,
  transport: 'grpc',
  retry: false,
  ...(apiKey === undefined ? {} : { apiKey }),
})

const importAs = async (apiKey: string | undefined, n: number) => {
  const client = connect(options(apiKey))
  try {
    const rows = Array.from({ length: n }, (_, i): BatchObject => ({ className: Secured, dataObject: { n: i } }))
    return await lastValueFrom(client.objects.batch(rows).pipe(toArray()))
  } finally {
    await client.close()
  }
}

const causeStatus = (e: WeaviateError): number | undefined => {
  const cause = e._tag === 'BatchObjectError' ? e.cause : undefined
  return typeof cause === 'object' && cause !== null && 'status' in cause && typeof cause.status === 'number' ? cause.status : undefined
}

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles()

beforeAll(async () => {
  server = await retryOnPortClash(() =>
    startEmbedded({ log: quietLog }),
  )
  release = leaks.allow({ pid: started().pid, dataDir: started().dataDir })
  const admin = connect({ ...started().connection })
  try {
    const created = await lastValueFrom(admin.schema.createClass({ class: Secured, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] }))
    if (E.isLeft(created)) throw created.left
  } finally {
    await admin.close()
  }
})

describe('a gRPC import on a server with API keys', () => {
  // Inside the describe: the server stops before the leak guard's own afterAll looks.
  afterAll(async () => {
    await server?.stop()
    release()
  })

  it('writes every object with the right key', async () => {
    const results = await importAs(key(), 5)
    expect(results.filter(E.isRight)).toHaveLength(5)
  })

  it('fails every object with a 401 cause without a key', async () => {
    const results = await importAs(undefined, 3)
    expect(results.map((r) => (E.isLeft(r) ? causeStatus(r.left) : 'right'))).toEqual([401, 401, 401])
  })

  it('fails every object with a 401 cause with a wrong key, and the key appears in no error', async () => {
    const results = await importAs('key-mallory-1f2e', 3)
    expect(results.map((r) => (E.isLeft(r) ? causeStatus(r.left) : 'right'))).toEqual([401, 401, 401])
    expect(JSON.stringify(results.map((r) => (E.isLeft(r) ? [r.left.message, String(r.left.cause)] : [])))).not.toContain('mallory')
  })
})
