/**
 * client.schema against the real server: every property data type round-trips between two
 * servers, the typed errors, idempotent delete, adding a property, updating a class.
 */
import { startEmbedded, type EmbeddedWeaviate } from '../lib/embedded'
import { Client, connect } from '../lib'
import { ClassDefinition } from '../lib/codecs/class-definition'
import { RecordingClient, left, recordingClient, right } from './helpers/client'
import { deleteClass, getObjectRaw } from './helpers/fixtures'
import { uniqueClassName, weaviateUrl } from './helpers/server'

const Target = uniqueClassName('SchemaTarget')
const Every = uniqueClassName('SchemaEvery')
const Copy = uniqueClassName('SchemaCopy')
const Plain = uniqueClassName('SchemaPlain')

/** One property of every data type the server accepts, a cross-reference included. */
const everyType = (className: string, target: string): ClassDefinition => ({
  class: className,
  description: 'every data type',
  vectorizer: 'none',
  properties: [
    { name: 'text', dataType: ['text'], tokenization: 'word' },
    { name: 'texts', dataType: ['text[]'] },
    { name: 'int', dataType: ['int'] },
    { name: 'number', dataType: ['number'] },
    { name: 'boolean', dataType: ['boolean'] },
    { name: 'date', dataType: ['date'] },
    { name: 'uuid', dataType: ['uuid'] },
    { name: 'geo', dataType: ['geoCoordinates'] },
    { name: 'phone', dataType: ['phoneNumber'] },
    { name: 'blob', dataType: ['blob'] },
    {
      name: 'nested',
      dataType: ['object'],
      nestedProperties: [
        { name: 'street', dataType: ['text'] },
        { name: 'numbers', dataType: ['int[]'] },
        { name: 'inner', dataType: ['object'], nestedProperties: [{ name: 'deep', dataType: ['boolean'] }] },
      ],
    },
    { name: 'linksTo', dataType: [target] },
  ],
})

let rc: RecordingClient
let second: EmbeddedWeaviate
let secondClient: Client

beforeAll(async () => {
  rc = recordingClient()
  second = await startEmbedded({ log: { write: () => undefined } })
  secondClient = connect({ ...second.connection })
  await right(rc.client.schema.createClass({ class: Target, vectorizer: 'none', properties: [{ name: 'name', dataType: ['text'] }] }))
})

afterAll(async () => {
  await secondClient.close()
  await second.stop()
  for (const name of [Every, Copy, Plain, Target]) await deleteClass(weaviateUrl(), name)
  await rc.close()
})

/** A definition with its class name replaced, for comparing copies. */
const renamed = (definition: ClassDefinition | null, className: string): ClassDefinition | null =>
  definition === null ? null : { ...definition, class: className }

describe('schema.createClass and getClass', () => {
  it('a class with every property data type reads back with each property and type', async () => {
    await right(rc.client.schema.createClass(everyType(Every, Target)))
    const read = await right(rc.client.schema.getClass(Every))
    expect(read?.properties?.map((p) => [p.name, p.dataType])).toEqual(
      everyType(Every, Target).properties?.map((p) => [p.name, p.dataType]),
    )
    expect(read?.properties?.find((p) => p.name === 'nested')?.nestedProperties?.map((p) => p.name)).toEqual(['street', 'numbers', 'inner'])
  })

  it('a definition read from one server creates the same class on a second server, losing nothing', async () => {
    const target = await right(rc.client.schema.getClass(Target))
    const every = await right(rc.client.schema.getClass(Every))
    if (target === null || every === null) throw new Error('classes missing')
    await right(secondClient.schema.createClass(target))
    await right(secondClient.schema.createClass({ ...every, class: Copy }))
    const copied = await right(secondClient.schema.getClass(Copy))
    expect(renamed(copied, Every)).toEqual(every)
  })

  it('fields the client does not model pass through the codec unchanged, at class and property level', () => {
    const future = {
      class: 'Future',
      futureSetting: { level: 3 },
      properties: [{ name: 'p', dataType: ['text'], futureFlag: true, nestedProperties: null }],
    }
    expect(ClassDefinition.decode(future)).toEqual({ _tag: 'Right', right: future })
  })

  it('getClass of a class that does not exist is null', async () => {
    expect(await right(rc.client.schema.getClass(uniqueClassName('Missing')))).toBeNull()
  })

  it('createClass of a class that exists is a ClassAlreadyExistsError naming it', async () => {
    const error = await left(rc.client.schema.createClass({ class: Target, vectorizer: 'none' }))
    expect(error._tag).toBe('ClassAlreadyExistsError')
    expect(error).toMatchObject({ className: Target })
  })

  it('the class name is sent with its first letter upper-cased', async () => {
    const lower = Plain.charAt(0).toLowerCase() + Plain.slice(1)
    const created = await right(rc.client.schema.createClass({ class: lower, vectorizer: 'none' }))
    expect(created.class).toBe(Plain)
    expect(rc.requests.at(-1)?.body).toMatchObject({ class: Plain })
  })
})

describe('schema.exists, get and deleteClass', () => {
  it('exists is true for a class that exists', async () => {
    expect(await right(rc.client.schema.exists(Target))).toBe(true)
  })

  it('exists is false for a class that does not exist', async () => {
    expect(await right(rc.client.schema.exists(uniqueClassName('Missing')))).toBe(false)
  })

  it('get lists the classes of the server', async () => {
    const schema = await right(rc.client.schema.get())
    expect(schema.classes.map((c) => c.class)).toEqual(expect.arrayContaining([Target, Every]))
  })

  it('deleteClass removes the class', async () => {
    const name = uniqueClassName('Doomed')
    await right(rc.client.schema.createClass({ class: name, vectorizer: 'none' }))
    await right(rc.client.schema.deleteClass(name))
    expect(await right(rc.client.schema.exists(name))).toBe(false)
  })

  it('deleteClass of a class that does not exist is right(undefined)', async () => {
    expect(await right(rc.client.schema.deleteClass(uniqueClassName('Missing')))).toBeUndefined()
  })
})

describe('schema.addProperty and updateClass', () => {
  it('a property added to a class can then be written and read', async () => {
    await right(rc.client.schema.addProperty(Target, { name: 'pages', dataType: ['int'] }))
    const id = await right(rc.client.objects.create({ className: Target, dataObject: { name: 'x', pages: 7 } }))
    expect((await getObjectRaw(weaviateUrl(), Target, id))?.['properties']).toEqual({ name: 'x', pages: 7 })
  })

  it('updateClass changes a mutable setting', async () => {
    const read = await right(rc.client.schema.getClass(Target))
    if (read === null) throw new Error('class missing')
    await right(rc.client.schema.updateClass({ ...read, description: 'updated' }))
    expect((await right(rc.client.schema.getClass(Target)))?.description).toBe('updated')
  })

  it('updateClass of an immutable setting is the server message as an UnexpectedStatusError', async () => {
    const read = await right(rc.client.schema.getClass(Target))
    if (read === null) throw new Error('class missing')
    const error = await left(rc.client.schema.updateClass({ ...read, vectorizer: 'text2vec-contextionary' }))
    expect(error).toMatchObject({ _tag: 'UnexpectedStatusError', status: 422 })
  })
})

describe('schema input', () => {
  it('a malformed class name is an ArgumentValueError and nothing is sent', async () => {
    const before = rc.requests.length
    const error = await left(rc.client.schema.createClass({ class: 'no spaces allowed' }))
    expect(error).toMatchObject({ _tag: 'ArgumentValueError', argument: 'definition.class' })
    expect(rc.requests.length).toBe(before)
  })

  it('a property without a name is an ArgumentValueError and nothing is sent', async () => {
    const before = rc.requests.length
    const error = await left(rc.client.schema.createClass({ class: 'Fine', properties: [{ dataType: ['text'] } as never] }))
    expect(error).toMatchObject({ _tag: 'ArgumentValueError', argument: 'definition' })
    expect(rc.requests.length).toBe(before)
  })

  it('a definition that is not an object is an ArgumentTypeError', async () => {
    const error = await left(rc.client.schema.createClass('Article' as never))
    expect(error).toMatchObject({ _tag: 'ArgumentTypeError', argument: 'definition' })
  })

  it('the definition is copied at call time: a later change is not sent', async () => {
    const name = uniqueClassName('Copied')
    const properties = [{ name: 'title', dataType: ['text'] }]
    const definition = { class: name, vectorizer: 'none', properties }
    const op = rc.client.schema.createClass(definition)
    properties.push({ name: 'sneaked', dataType: ['int'] })
    await right(op)
    expect((await right(rc.client.schema.getClass(name)))?.properties?.map((p) => p.name)).toEqual(['title'])
    await deleteClass(weaviateUrl(), name)
  })
})
