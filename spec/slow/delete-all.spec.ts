/**
 * `schema.deleteAll` on a 1.39.0 server of its own (it deletes every class, so it cannot run on
 * the shared server other spec files use at the same time): a plain class, a class whose
 * reference points at it and a multi-tenant class with a tenant and objects are all deleted, the
 * names emitted are theirs, and the server's schema and object list are empty afterwards; on an
 * empty server it emits no names and sends no DELETE; bad options are one ArgumentError with
 * nothing sent.
 */
import { lastValueFrom, toArray } from 'rxjs'
import { Client, connect } from '../../lib'
import { startEmbedded, type EmbeddedWeaviate } from '../../lib/embedded'
import { left, recordingClient, right } from '../helpers/client'
import { quietLog, retryOnPortClash } from '../helpers/embedded-fixtures'

let server: EmbeddedWeaviate
let client: Client

beforeAll(async () => {
  server = await retryOnPortClash(() => startEmbedded({ version: '1.39.0', log: quietLog }))
  client = connect(server.connection)
}, 180_000)

afterAll(async () => {
  await client.close()
  await server.stop()
})

/** Three classes: `Author`, `Book` (a reference to `Author`), `Shelf` (multi-tenant), each with objects. */
const populate = async (): Promise<void> => {
  await right(client.schema.createClass({ class: 'Author', vectorizer: 'none', properties: [{ name: 'name', dataType: ['text'] }] }))
  await right(
    client.schema.createClass({
      class: 'Book',
      vectorizer: 'none',
      properties: [
        { name: 'title', dataType: ['text'] },
        { name: 'writtenBy', dataType: ['Author'] },
      ],
    }),
  )
  await right(client.schema.createClass({ class: 'Shelf', vectorizer: 'none', multiTenancyConfig: { enabled: true }, properties: [{ name: 'label', dataType: ['text'] }] }))
  await right(client.tenants.create('Shelf', [{ name: 'tenantA' }]))
  const author = await right(client.objects.create({ className: 'Author', dataObject: { name: 'Le Guin' }, vector: [0.1, 0.2] }))
  await right(
    client.objects.create({ className: 'Book', dataObject: { title: 'Earthsea', writtenBy: [{ beacon: `weaviate://localhost/Author/${author}` }] }, vector: [0.3, 0.4] }),
  )
  await right(client.objects.create({ className: 'Shelf', tenant: 'tenantA', dataObject: { label: 'top' }, vector: [0.5, 0.6] }))
}

describe('schema.deleteAll on a 1.39.0 server of its own', () => {
  it('deletes every class, emits their names, and leaves an empty schema with no objects', async () => {
    await populate()
    const deleted = await right(client.schema.deleteAll())
    expect([...deleted].sort()).toEqual(['Author', 'Book', 'Shelf'])
    expect((await right(client.schema.get())).classes ?? []).toEqual([])
    expect(await right(client.objects.list({ limit: 10 }))).toEqual([])
  })

  it('on an empty server emits no names and sends no DELETE', async () => {
    const own = recordingClient({ url: server.connection.url, ...(server.connection.apiKey === undefined ? {} : { apiKey: server.connection.apiKey }) })
    try {
      expect(await right(own.client.schema.deleteAll())).toEqual([])
      expect(own.requests.filter((r) => r.method === 'DELETE')).toEqual([])
    } finally {
      await own.close()
    }
  })

  it('emits exactly once', async () => {
    await right(client.schema.createClass({ class: 'Once', vectorizer: 'none' }))
    const emitted = await lastValueFrom(client.schema.deleteAll().pipe(toArray()))
    expect(emitted).toHaveLength(1)
  })

  it('refuses an unknown option with an ArgumentValueError, nothing sent', async () => {
    const own = recordingClient({ url: server.connection.url, ...(server.connection.apiKey === undefined ? {} : { apiKey: server.connection.apiKey }) })
    try {
      const error = await left(own.client.schema.deleteAll({ force: true } as never))
      expect(error._tag).toBe('ArgumentValueError')
      expect(own.requests).toEqual([])
    } finally {
      await own.close()
    }
  })
})
