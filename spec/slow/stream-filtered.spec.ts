/**
 * The filtered stream's proof (issue #24 item 4): 100,000 objects of which half match, on a
 * server whose QUERY_MAXIMUM_RESULTS is 1,000, stream as exactly the expected ids, in ascending
 * order, once each, over gRPC and over GraphQL, with page sizes at and above the server's maximum.
 */
import { randomUUID } from 'node:crypto'
import * as E from 'fp-ts/Either'
import { lastValueFrom, reduce, toArray } from 'rxjs'
import { BatchObject, Client, Where, connect } from '../../lib'
import { startEmbedded, type EmbeddedWeaviate } from '../../lib/embedded'
import { quietLog, retryOnPortClash } from '../helpers/embedded-fixtures'
import { uniqueClassName } from '../helpers/server'

const COUNT = 100_000
const MAXIMUM_RESULTS = 1_000
const className = uniqueClassName('FilteredProof')
const rows = Array.from({ length: COUNT }, (_, n) => ({ id: randomUUID(), n }))
/** Every other object, by a property the ids know nothing of. */
const half: Where = { path: ['odd'], operator: 'Equal', valueBoolean: false }
const expected = rows
  .filter((r) => r.n % 2 === 0)
  .map((r) => r.id)
  .sort()

let server: EmbeddedWeaviate
let client: Client

beforeAll(async () => {
  server = await retryOnPortClash(() => startEmbedded({ version: '1.39.0', log: quietLog, env: { QUERY_MAXIMUM_RESULTS: String(MAXIMUM_RESULTS) } }))
  client = connect({ ...server.connection })
  const created = await lastValueFrom(
    client.schema.createClass({
      class: className,
      vectorizer: 'none',
      vectorIndexConfig: { skip: true },
      properties: [
        { name: 'n', dataType: ['int'] },
        { name: 'odd', dataType: ['boolean'] },
      ],
    }),
  )
  if (E.isLeft(created)) throw created.left
  const objects: BatchObject[] = rows.map((r) => ({ className, uuid: r.id, dataObject: { n: r.n, odd: r.n % 2 === 1 } }))
  const failed = await lastValueFrom(client.objects.batch(objects).pipe(reduce((n, item) => (E.isLeft(item) ? n + 1 : n), 0)))
  expect(failed).toBe(0)
})

afterAll(async () => {
  await client.close()
  await server.stop()
})

/** The ids a stream gives, in order; a Left fails the test. */
const streamed = async (transport: 'grpc' | 'rest', pageSize: number): Promise<string[]> => {
  const items = await lastValueFrom(client.objects.stream({ className, where: half, pageSize, transport }).pipe(toArray()))
  return items.map((item) => {
    if (E.isLeft(item)) throw new Error(`unexpected Left: ${item.left.message}`)
    return item.right.id
  })
}

it('is a server that refuses a filtered fetch of more than QUERY_MAXIMUM_RESULTS objects', async () => {
  const answers = await lastValueFrom(client.query.fetchObjects({ className, where: half, limit: MAXIMUM_RESULTS + 1 }).pipe(toArray()))
  expect(answers).toEqual([E.left(expect.objectContaining({ message: expect.stringContaining('query maximum results exceeded') }))])
})

it('streams the 50,000 matches of 100,000 objects once each in ascending id order over gRPC', async () => {
  expect(await streamed('grpc', MAXIMUM_RESULTS)).toEqual(expected)
})

it('streams the same matches over GraphQL with a page size above the server maximum', async () => {
  expect(await streamed('rest', 2.5 * MAXIMUM_RESULTS)).toEqual(expected)
})
