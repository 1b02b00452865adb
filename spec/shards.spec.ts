/**
 * client.schema.getShards and updateShardStatus on the run's 1.39.0 server: a new class has one
 * READY shard; set READONLY it refuses writes, set READY again it takes them; a status the server
 * does not take is refused before anything is sent.
 */
import { ShardStatusInput } from '../lib'
import { left, recordingClient, right } from './helpers/client'
import { createClass, deleteClass } from './helpers/fixtures'
import { uniqueClassName, weaviateConnection } from './helpers/server'

const Sharded = uniqueClassName('Sharded')
let rc: ReturnType<typeof recordingClient>

beforeAll(async () => {
  rc = recordingClient()
  await createClass(weaviateConnection(), { class: Sharded, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] })
})

afterAll(async () => {
  await deleteClass(weaviateConnection(), Sharded)
  await rc.close()
})

const onlyShard = async (): Promise<{ name: string; status: string }> => {
  const shards = await right(rc.client.schema.getShards(Sharded))
  const [only, ...more] = shards
  if (only === undefined || more.length > 0) throw new Error(`expected one shard, got ${JSON.stringify(shards)}`)
  return only
}

it('lists the one shard of a new class as READY', async () => {
  expect(await onlyShard()).toMatchObject({ name: expect.any(String), status: 'READY' })
})

it('sets a shard READONLY: the answer and the next read say so, and a write is refused', async () => {
  const { name } = await onlyShard()
  expect(await right(rc.client.schema.updateShardStatus(Sharded, name, 'READONLY'))).toBe('READONLY')
  expect((await onlyShard()).status).toBe('READONLY')
  const refused = await left(rc.client.objects.create({ className: Sharded, dataObject: { n: 1 } }))
  expect(refused).toMatchObject({ _tag: 'UnexpectedStatusError' })
})

it('sets it READY again: writes are taken', async () => {
  const { name } = await onlyShard()
  expect(await right(rc.client.schema.updateShardStatus(Sharded, name, 'READY'))).toBe('READY')
  const uuid = await right(rc.client.objects.create({ className: Sharded, dataObject: { n: 2 } }))
  const read = await right(rc.client.objects.getById({ className: Sharded, uuid }))
  expect(read?.properties).toEqual({ n: 2 })
})

it('refuses a status the server does not take with an ArgumentValueError and sends nothing', async () => {
  rc.requests.length = 0
  const error = await left(rc.client.schema.updateShardStatus(Sharded, 'any', 'SHUTDOWN' as ShardStatusInput))
  expect(error._tag === 'ArgumentValueError' && error.argument).toBe('status')
  expect(rc.requests).toEqual([])
})
