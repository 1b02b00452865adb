// The installed package's web build (fetch only) against WEAVIATE_URL: the entry named by
// WEB_ENTRY (`weaviate-rx/web`, or `weaviate-rx` under a runtime's `--conditions`), checked to be
// the web build (it refuses `grpc: 'native'`), then a class made, objects with vectors written as
// gRPC-Web `BatchObjects`, a near-vector search over gRPC-Web, the stream of the objects, and the
// class deleted. Every request goes through the global `fetch`, counted per gRPC-Web method.
// Prints one JSON line; exits 1 on any mismatch.
import { randomBytes } from 'node:crypto'
import { lastValueFrom, toArray } from 'rxjs'
import scenario from './scenario.cjs'

const { runtime, check } = scenario

const GRPC_WEB = '/v1/grpc-web/weaviate.v1.Weaviate/'
const calls = {}
const fetchOf = globalThis.fetch
globalThis.fetch = (input, init) => {
  const path = (typeof input === 'string' ? input : input.url).replace(/^https?:\/\/[^/]+/, '').replace(/[?#].*$/, '')
  if (path.startsWith(GRPC_WEB)) calls[path.slice(GRPC_WEB.length)] = (calls[path.slice(GRPC_WEB.length)] ?? 0) + 1
  return fetchOf(input, init)
}

const lib = await import(process.env.WEB_ENTRY ?? 'weaviate-rx/web')
const url = process.env.WEAVIATE_URL
if (!url) throw new Error('WEAVIATE_URL is not set')
const apiKey = process.env.WEAVIATE_API_KEY
let refusal = 'none'
try {
  lib.connect({ url, grpc: 'native' })
} catch (error) {
  refusal = `${error._tag}:${error.argument}`
}
check("grpc: 'native' refused (the web build)", refusal, 'ArgumentValueError:grpc')

const client = lib.connect({ url, ...(apiKey ? { apiKey } : {}) })
const className = `PackageWeb_${randomBytes(6).toString('hex')}`
const OBJECTS = [
  { title: 'north', vector: [1, 0, 0, 0] },
  { title: 'east', vector: [0, 1, 0, 0] },
  { title: 'south', vector: [0, 0, 1, 0] },
  { title: 'west', vector: [0, 0, 0, 1] },
]
try {
  await lib.firstRight(client.schema.createClass({ class: className, vectorizer: 'none', properties: [{ name: 'title', dataType: ['text'] }] }))
  const written = await lastValueFrom(client.objects.batch(OBJECTS.map(({ title, vector }) => ({ className, dataObject: { title }, vector }))).pipe(toArray()))
  check('batch failures', written.filter((r) => r._tag === 'Left').map((r) => r.left.message), [])
  const found = await lib.firstRight(client.query.nearVector({ className, vector: [0, 0, 1, 0], limit: 1, returnProperties: ['title'] }))
  check('nearest', found.objects.map((o) => o.properties.title), ['south'])
  const streamed = await lastValueFrom(client.objects.stream({ className, pageSize: 2 }).pipe(toArray()))
  check('streamed', streamed.map((r) => (r._tag === 'Right' ? r.right.properties.title : r.left.message)).sort(), OBJECTS.map((o) => o.title).sort())
  check('over gRPC-Web', { batch: calls.BatchObjects > 0, search: calls.Search > 0 }, { batch: true, search: true })
  console.log(JSON.stringify({ ok: true, runtime: runtime(), objects: OBJECTS.length, grpcWeb: Object.keys(calls).sort() }))
} catch (error) {
  console.error(error)
  process.exitCode = 1
} finally {
  await lib.firstRight(client.schema.deleteClass(className)).catch(() => undefined)
  await client.close()
}
