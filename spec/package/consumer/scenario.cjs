// What a user does first with the installed package: connect, create a class, write one object,
// batch a few more, stream them back and count them; then the same with vectors over gRPC (when
// WEAVIATE_GRPC_URL is set): a batch with Float32Array vectors, the stream with its vectors, and a
// near-vector search, each forced onto gRPC (`transport: 'grpc'`) so that a broken gRPC path fails
// instead of falling back to REST; then delete the class. Shared by smoke.cjs (require) and
// smoke.mjs (import), which hand in the library as their module system loaded it. Throws on the
// first result that differs from what was written.
'use strict'

const { randomBytes } = require('node:crypto')

/** The runtime this script runs on, as `name version`. */
const runtime = () => {
  if (typeof globalThis.Bun !== 'undefined') return `bun ${globalThis.Bun.version}`
  if (typeof globalThis.Deno !== 'undefined') return `deno ${globalThis.Deno.version.deno}`
  return `node ${process.versions.node}`
}

const check = (what, actual, expected) => {
  const a = JSON.stringify(actual)
  const e = JSON.stringify(expected)
  if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`)
}

/**
 * @param label names the class (`PackageSmoke_<label>_<hex>`), so parallel runs never share one
 * @param lib `{ connect, firstRight }` from 'weaviate-rx', `toAsyncIterable` from 'weaviate-rx/paging'
 * @param rxjs `{ lastValueFrom, toArray }` from 'rxjs'
 */
const runScenario = async (label, lib, rxjs) => {
  const url = process.env.WEAVIATE_URL
  if (!url) throw new Error('WEAVIATE_URL is not set')
  const apiKey = process.env.WEAVIATE_API_KEY
  const grpcUrl = process.env.WEAVIATE_GRPC_URL
  const client = lib.connect({ url, ...(grpcUrl ? { grpcUrl } : {}), ...(apiKey ? { apiKey } : {}) })
  const className = `PackageSmoke_${label}_${randomBytes(6).toString('hex')}`
  const titles = ['one', 'two', 'three', 'four', 'five']
  const cleanUp = async () => {
    await lib.firstRight(client.schema.deleteClass(className)).catch(() => undefined)
    await client.close()
  }
  try {
    await lib.firstRight(
      client.schema.createClass({ class: className, vectorizer: 'none', properties: [{ name: 'title', dataType: ['text'] }] }),
    )
    const created = await lib.firstRight(client.objects.create({ className, dataObject: { title: 'zero' } }))
    check('created id', /^[0-9a-f-]{36}$/.test(created), true)

    const batched = await rxjs.lastValueFrom(
      client.objects.batch(titles.map((title) => ({ className, dataObject: { title } }))).pipe(rxjs.toArray()),
    )
    const failed = batched.filter((result) => result._tag === 'Left').map((result) => result.left.message)
    check('batch failures', failed, [])
    check('batch indexes', batched.map((result) => result.right.index).sort(), [0, 1, 2, 3, 4])

    const streamed = []
    for await (const read of lib.toAsyncIterable(client.objects.stream({ className, pageSize: 2 }))) {
      if (read._tag === 'Left') throw read.left
      streamed.push(read.right.properties.title)
    }
    check('streamed titles', streamed.sort(), ['zero', ...titles].sort())
    check('count', await lib.firstRight(client.objects.count({ className })), titles.length + 1)
    if (grpcUrl) await overGrpc(client, className, lib, rxjs)
  } catch (error) {
    // The scenario's failure is the news; a clean-up failing after it must not hide it.
    await cleanUp().catch((cleanUpError) => console.error('and the clean-up failed too:', cleanUpError))
    throw error
  }
  await cleanUp()
  return { ok: true, runtime: runtime(), objects: titles.length + 1, ...(grpcUrl ? { grpc: GRPC_OBJECTS.length } : {}) }
}

/** Objects with 4-dimension vectors, each nearest to its own vector. */
const GRPC_OBJECTS = [
  { title: 'north', vector: [1, 0, 0, 0] },
  { title: 'east', vector: [0, 1, 0, 0] },
  { title: 'south', vector: [0, 0, 1, 0] },
]

/** The vectors part, every call forced onto gRPC: batch (BatchStream on 1.39), stream, search. */
const overGrpc = async (client, className, lib, rxjs) => {
  const grpc = { transport: 'grpc' }
  const written = await rxjs.lastValueFrom(
    client.objects
      .batch(
        GRPC_OBJECTS.map(({ title, vector }) => ({ className, dataObject: { title }, vector: new Float32Array(vector) })),
        grpc,
      )
      .pipe(rxjs.toArray()),
  )
  check('gRPC batch failures', written.filter((result) => result._tag === 'Left').map((result) => result.left.message), [])
  const vectors = []
  for await (const read of lib.toAsyncIterable(client.objects.stream({ className, pageSize: 2, withVector: true, ...grpc }))) {
    if (read._tag === 'Left') throw read.left
    if (read.right.vector && read.right.vector.length > 0) vectors.push([read.right.properties.title, Array.from(read.right.vector)])
  }
  const byTitle = (a, b) => (a[0] < b[0] ? -1 : 1)
  check('gRPC stream vectors', vectors.sort(byTitle), GRPC_OBJECTS.map(({ title, vector }) => [title, vector]).sort(byTitle))
  const found = await lib.firstRight(client.query.nearVector({ className, vector: [0, 0.1, 0.9, 0], limit: 1, ...grpc }))
  check('gRPC nearest', found.objects.map((o) => o.properties.title), ['south'])
}

module.exports = { runScenario, runtime, check }
