/**
 * The web entry's client (lib/web.ts) on the real 1.39.0 server, run in Node with nothing but a
 * `fetch` (the global one, recorded on the way through: every request, REST and gRPC-Web, goes
 * through it). It makes a class, writes objects with vectors as gRPC-Web `BatchObjects`, streams
 * them back, searches by vector and aggregates; on the RBAC server a read-only database user's
 * key is refused a write. The entry itself loads in Node without undici or grpc-js.
 */
import { execFile } from 'node:child_process'
import * as path from 'node:path'
import { promisify } from 'node:util'
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { BatchObject, Client, FetchFunction, connect } from '../../lib/web'
import { left, right } from '../helpers/client'
import { ownHandles } from '../helpers/own-handles'
import { uniqueClassName, weaviateUrl } from '../helpers/server'
import { apiKeyOption, configuredServer } from '../helpers/versions'

const ROOT = path.resolve(__dirname, '..', '..')
const Notes = uniqueClassName('WebNotes')
const COUNT = 300
const DIM = 16
const GRPC_WEB = '/v1/grpc-web/weaviate.v1.Weaviate/'

const vectorOf = (i: number): number[] => Array.from({ length: DIM }, (_, d) => Math.sin(i * 0.37 + d))
const notes = (n: number): BatchObject[] => Array.from({ length: n }, (_, i) => ({ className: Notes, dataObject: { title: `note ${i}`, n: i }, vector: vectorOf(i) }))

/** The requests the client sent, `METHOD path`, in order. */
const sent: string[] = []
const recordingFetch: FetchFunction = (input, init) => {
  sent.push(`${init.method ?? 'GET'} ${new URL(input).pathname}`)
  return globalThis.fetch(input, init)
}
const sentSince = (from: number): string[] => sent.slice(from)

let client: Client
ownHandles({ closeAfterAll: () => client.close() })

beforeAll(() => {
  client = connect({ url: weaviateUrl(), ...apiKeyOption(weaviateUrl()), fetch: recordingFetch })
})

afterAll(async () => {
  await lastValueFrom(client.schema.deleteClass(Notes))
})

describe("the web entry's client, over fetch alone", () => {
  it('creates a class over REST', async () => {
    const from = sent.length
    await right(client.schema.createClass({ class: Notes, vectorizer: 'none', properties: [{ name: 'title', dataType: ['text'] }, { name: 'n', dataType: ['int'] }] }))
    expect(sentSince(from)).toContain('POST /v1/schema')
  })

  it('writes objects with vectors as gRPC-Web BatchObjects, each once', async () => {
    const from = sent.length
    const written = await lastValueFrom(client.objects.batch(notes(COUNT)).pipe(toArray()))
    expect(written.filter(E.isLeft)).toEqual([])
    expect(written).toHaveLength(COUNT)
    // The first gRPC call of the client decides the transport with a health check first.
    const calls = sentSince(from).filter((line) => line.includes(GRPC_WEB))
    expect(new Set(calls)).toEqual(new Set([`POST ${GRPC_WEB}BatchObjects`]))
  })

  it('streams every object back exactly once', async () => {
    const streamed = await lastValueFrom(client.objects.stream({ className: Notes, pageSize: 64 }).pipe(toArray()))
    const ns = streamed.map((item) => (E.isRight(item) ? item.right.properties['n'] : item.left._tag))
    expect([...ns].sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: COUNT }, (_, i) => i))
  })

  it('searches nearVector over gRPC-Web: the object the vector is of comes first', async () => {
    const from = sent.length
    const result = await right(client.query.nearVector({ className: Notes, vector: vectorOf(42), limit: 3, returnProperties: ['n'], returnMetadata: ['distance'] }))
    expect(sentSince(from)).toEqual([`POST ${GRPC_WEB}Search`])
    expect(result.objects[0]?.properties).toEqual({ n: 42 })
    expect(result.objects[0]?.metadata.distance).toBeCloseTo(0, 5)
  })

  it('aggregates over gRPC-Web', async () => {
    const from = sent.length
    const result = await right(client.query.aggregate({ className: Notes, metrics: { n: { kind: 'number', metrics: ['sum', 'count'] } } }))
    expect(sentSince(from)).toEqual([`POST ${GRPC_WEB}Aggregate`])
    expect(result.metrics.n).toMatchObject({ count: COUNT, sum: (COUNT * (COUNT - 1)) / 2 })
  })
})

describe('a read-only database user on the RBAC server, through the web entry', () => {
  const rbac = (): { url: string; apiKey: string | undefined } => configuredServer('RBAC')
  let root: Client
  let reader: Client
  const Readable = uniqueClassName('WebReadable')
  const role = `web-reader-${Readable.toLowerCase()}`
  const userId = `web-reader-${Readable.toLowerCase()}`

  beforeAll(async () => {
    const { url, apiKey } = rbac()
    root = connect({ url, ...(apiKey === undefined ? {} : { apiKey }), fetch: recordingFetch })
    await right(root.schema.createClass({ class: Readable, vectorizer: 'none', properties: [{ name: 'title', dataType: ['text'] }] }))
    await right(root.roles.create(role, [{ kind: 'collections', collection: Readable, actions: ['read'] }, { kind: 'data', collection: Readable, actions: ['read'] }]))
    const key = await right(root.users.db.create(userId))
    await right(root.users.assignRoles(userId, [role], { userType: 'db' }))
    reader = connect({ url, apiKey: key, fetch: recordingFetch })
  })

  afterAll(async () => {
    await right(root.users.db.delete(userId))
    await right(root.roles.delete(role))
    await right(root.schema.deleteClass(Readable))
    await reader.close()
    await root.close()
  })

  it('is refused a write: one ForbiddenError after exactly one request', async () => {
    const from = sent.length
    const error = await left(reader.objects.create({ className: Readable, dataObject: { title: 'nope' } }))
    expect(error._tag).toBe('ForbiddenError')
    expect(sentSince(from).filter((line) => !line.includes('/v1/meta'))).toEqual(['POST /v1/objects'])
  })
})

describe('the web entry, loaded in Node', () => {
  it('loads no module of undici or grpc-js', async () => {
    const probe = [
      "require('./lib/web')",
      "const loaded = Object.keys(require.cache).filter((f) => /node_modules[\\\\/](undici|@grpc[\\\\/]grpc-js)[\\\\/]/.test(f))",
      'process.stdout.write(JSON.stringify(loaded))',
    ].join(';')
    const { stdout } = await promisify(execFile)(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', probe], { cwd: ROOT })
    expect(JSON.parse(stdout)).toEqual([])
  }, 60_000)
})
