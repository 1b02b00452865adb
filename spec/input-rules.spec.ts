/**
 * Every input rule of the object and reference operations: a typed error, and nothing sent.
 */
import { Observable } from 'rxjs'
import * as E from 'fp-ts/Either'
import { Client, WeaviateError, connect } from '../lib'
import { RecordingClient, left, recordingClient, right } from './helpers/client'
import { createClass, deleteClass } from './helpers/fixtures'
import { uniqueClassName, weaviateConnection, weaviateUrl } from './helpers/server'

const ID = '36ddd591-2dee-4e7e-a3cc-eb86d30a4303'
const ID2 = '4b8d3f3a-5a77-4b0c-9d2f-4d55d5b3a001'
let rc: RecordingClient

beforeAll(() => {
  rc = recordingClient()
})
afterAll(async () => {
  await rc.close()
})

type Case = readonly [string, (c: Client) => Observable<E.Either<WeaviateError, unknown>>, 'ArgumentTypeError' | 'ArgumentValueError', string]
// Casts model callers without type checking (plain JavaScript, JSON input).
const loose = (value: unknown): never => value as never

const cases: readonly Case[] = [
  ['create without arguments object', (c) => c.objects.create(loose(null)), 'ArgumentTypeError', 'create arguments'],
  ['create with a non-string className', (c) => c.objects.create(loose({ className: 1, dataObject: {} })), 'ArgumentTypeError', 'className'],
  ['create with an empty className', (c) => c.objects.create({ className: '', dataObject: {} }), 'ArgumentValueError', 'className'],
  ['create with a className that is a path', (c) => c.objects.create({ className: '../schema', dataObject: {} }), 'ArgumentValueError', 'className'],
  ['create with a number as dataObject', (c) => c.objects.create(loose({ className: 'A', dataObject: 5 })), 'ArgumentTypeError', 'dataObject'],
  ['create with an array as dataObject', (c) => c.objects.create(loose({ className: 'A', dataObject: [] })), 'ArgumentTypeError', 'dataObject'],
  ['create with a malformed uuid', (c) => c.objects.create({ className: 'A', dataObject: {}, uuid: 'abc' }), 'ArgumentValueError', 'uuid'],
  ['create with a non-string uuid', (c) => c.objects.create(loose({ className: 'A', dataObject: {}, uuid: 12 })), 'ArgumentTypeError', 'uuid'],
  ['create with a string vector', (c) => c.objects.create(loose({ className: 'A', dataObject: {}, vector: 'v' })), 'ArgumentTypeError', 'vector'],
  ['create with a NaN in the vector', (c) => c.objects.create({ className: 'A', dataObject: {}, vector: [NaN] }), 'ArgumentValueError', 'vector'],
  ['create with a lower-case consistency level', (c) => c.objects.create(loose({ className: 'A', dataObject: {}, consistencyLevel: 'all' })), 'ArgumentValueError', 'consistencyLevel'],
  ['create with a numeric consistency level', (c) => c.objects.create(loose({ className: 'A', dataObject: {}, consistencyLevel: 1 })), 'ArgumentTypeError', 'consistencyLevel'],
  ['create with an empty tenant', (c) => c.objects.create({ className: 'A', dataObject: {}, tenant: '' }), 'ArgumentValueError', 'tenant'],
  ['getById without uuid', (c) => c.objects.getById(loose({ className: 'A' })), 'ArgumentTypeError', 'uuid'],
  ['getById with a short uuid', (c) => c.objects.getById({ uuid: '36ddd591-2dee' }), 'ArgumentValueError', 'uuid'],
  ['getById with a URL of another API version', (c) => c.objects.getById({ uuid: `http://h/v2/objects/${ID}` }), 'ArgumentValueError', 'uuid'],
  ['getById with nodeName and consistencyLevel', (c) => c.objects.getById({ uuid: ID, nodeName: 'n', consistencyLevel: 'ONE' }), 'ArgumentValueError', 'nodeName'],
  ['getById with a non-array additionalProperties', (c) => c.objects.getById(loose({ uuid: ID, additionalProperties: 'vector' })), 'ArgumentTypeError', 'additionalProperties'],
  ['getById with a non-string additional property', (c) => c.objects.getById(loose({ uuid: ID, additionalProperties: [1] })), 'ArgumentTypeError', 'additionalProperties[0]'],
  ['getById with a non-boolean withVector', (c) => c.objects.getById(loose({ uuid: ID, withVector: 'yes' })), 'ArgumentTypeError', 'withVector'],
  ['getById with a non-codec codec', (c) => c.objects.getById(loose({ uuid: ID, codec: {} })), 'ArgumentValueError', 'codec'],
  ['list with limit 0', (c) => c.objects.list({ className: 'A', limit: 0 }), 'ArgumentValueError', 'limit'],
  ['list with a fractional limit', (c) => c.objects.list({ className: 'A', limit: 1.5 }), 'ArgumentTypeError', 'limit'],
  ['list with a boolean limit', (c) => c.objects.list(loose({ className: 'A', limit: true })), 'ArgumentTypeError', 'limit'],
  ['list with a negative offset', (c) => c.objects.list({ className: 'A', offset: -1 }), 'ArgumentValueError', 'offset'],
  ['list with after but no limit', (c) => c.objects.list({ className: 'A', after: ID }), 'ArgumentValueError', 'after'],
  ['list with after but no className', (c) => c.objects.list({ limit: 5, after: ID }), 'ArgumentValueError', 'after'],
  ['list with after and offset', (c) => c.objects.list({ className: 'A', limit: 5, after: ID, offset: 0 }), 'ArgumentValueError', 'after'],
  ['list with after and sort', (c) => c.objects.list({ className: 'A', limit: 5, after: ID, sort: { properties: 'p' } }), 'ArgumentValueError', 'after'],
  ['list with a malformed after', (c) => c.objects.list({ className: 'A', limit: 5, after: 'xyz' }), 'ArgumentValueError', 'after'],
  ['list with sort missing properties', (c) => c.objects.list(loose({ className: 'A', sort: { orderAsc: true } })), 'ArgumentValueError', 'sort'],
  ['list with sort on an empty list', (c) => c.objects.list({ className: 'A', sort: { properties: [] } }), 'ArgumentValueError', 'sort'],
  ['list with sort orders of another length', (c) => c.objects.list({ className: 'A', sort: { properties: ['a', 'b'], orderAsc: [true] } }), 'ArgumentValueError', 'sort'],
  ['list with a non-boolean sort order', (c) => c.objects.list(loose({ className: 'A', sort: { properties: 'a', orderAsc: 'asc' } })), 'ArgumentTypeError', 'sort.orderAsc'],
  ['list with a non-string sort property', (c) => c.objects.list(loose({ className: 'A', sort: { properties: [1] } })), 'ArgumentTypeError', 'sort.properties[0]'],
  ['list with a sort property holding a comma', (c) => c.objects.list({ className: 'A', sort: { properties: 'a,b' } }), 'ArgumentValueError', 'sort.properties'],
  ['exists with a malformed uuid', (c) => c.objects.exists({ uuid: 'nope' }), 'ArgumentValueError', 'uuid'],
  ['exists with a non-string className', (c) => c.objects.exists(loose({ uuid: ID, className: 3 })), 'ArgumentTypeError', 'className'],
  ['delete with a malformed uuid', (c) => c.objects.delete({ uuid: 'nope' }), 'ArgumentValueError', 'uuid'],
  ['delete with a bad consistency level', (c) => c.objects.delete(loose({ uuid: ID, consistencyLevel: 'TWO' })), 'ArgumentValueError', 'consistencyLevel'],
  ['replace without className', (c) => c.objects.replace(loose({ uuid: ID, dataObject: {} })), 'ArgumentTypeError', 'className'],
  ['replace without uuid', (c) => c.objects.replace(loose({ className: 'A', dataObject: {} })), 'ArgumentTypeError', 'uuid'],
  ['update without dataObject', (c) => c.objects.update(loose({ className: 'A', uuid: ID })), 'ArgumentTypeError', 'dataObject'],
  ['validate with a non-string className', (c) => c.objects.validate(loose({ className: {}, dataObject: {} })), 'ArgumentTypeError', 'className'],
  ['reference add with a non-string property name', (c) => c.references.add(loose({ fromUuid: ID, fromPropertyName: 1, toUuid: ID2 })), 'ArgumentTypeError', 'fromPropertyName'],
  ['reference add with a property name holding a slash', (c) => c.references.add({ fromUuid: ID, fromPropertyName: 'a/b', toUuid: ID2 }), 'ArgumentValueError', 'fromPropertyName'],
  ['reference add with a malformed fromUuid', (c) => c.references.add({ fromUuid: 'x', fromPropertyName: 'p', toUuid: ID2 }), 'ArgumentValueError', 'fromUuid'],
  ['reference add with a malformed toUuid', (c) => c.references.add({ fromUuid: ID, fromPropertyName: 'p', toUuid: 'x' }), 'ArgumentValueError', 'toUuid'],
  ['reference add with a non-string fromClassName', (c) => c.references.add(loose({ fromUuid: ID, fromPropertyName: 'p', toUuid: ID2, fromClassName: 1 })), 'ArgumentTypeError', 'fromClassName'],
  ['reference add with a non-string toClassName', (c) => c.references.add(loose({ fromUuid: ID, fromPropertyName: 'p', toUuid: ID2, toClassName: [] })), 'ArgumentTypeError', 'toClassName'],
  ['reference delete with a bad consistency level', (c) => c.references.delete(loose({ fromUuid: ID, fromPropertyName: 'p', toUuid: ID2, consistencyLevel: 'any' })), 'ArgumentValueError', 'consistencyLevel'],
  ['reference replace with a number as toUuids', (c) => c.references.replace(loose({ fromUuid: ID, fromPropertyName: 'p', toUuids: 5 })), 'ArgumentTypeError', 'toUuids'],
  ['reference replace with a malformed uuid in toUuids', (c) => c.references.replace({ fromUuid: ID, fromPropertyName: 'p', toUuids: [ID2, 'x'] }), 'ArgumentValueError', 'toUuids[1]'],
  ['reference replace with class names of another length', (c) => c.references.replace({ fromUuid: ID, fromPropertyName: 'p', toUuids: [ID, ID2], toClassNames: ['A'] }), 'ArgumentValueError', 'toClassNames'],
  ['reference replace with a non-string class name', (c) => c.references.replace(loose({ fromUuid: ID, fromPropertyName: 'p', toUuids: [ID], toClassNames: [7] })), 'ArgumentTypeError', 'toClassNames[0]'],
  ['reference replace with an object as toClassNames', (c) => c.references.replace(loose({ fromUuid: ID, fromPropertyName: 'p', toUuids: [ID], toClassNames: {} })), 'ArgumentTypeError', 'toClassNames'],
]

describe('input rules', () => {
  it.each(cases)('%s is rejected before any request', async (_name, op, tag, argument) => {
    const error = await left(op(rc.client))
    expect(error._tag).toBe(tag)
    expect(error).toMatchObject({ argument })
    expect(rc.requests).toHaveLength(0)
  })

  it('checks input when the operation is called, so later mutation of the arguments changes nothing', async () => {
    const args = { className: 'A', limit: 0 }
    const op = rc.client.objects.list(args)
    args.limit = 5
    expect((await left(op))._tag).toBe('ArgumentValueError')
  })
})

describe('input is copied at call time', () => {
  const Copied = uniqueClassName('CopiedInput')

  beforeAll(() => createClass(weaviateUrl(), { class: Copied, vectorizer: 'none', properties: [{ name: 'title', dataType: ['text'] }, { name: 'tags', dataType: ['text[]'] }] }))
  afterAll(() => deleteClass(weaviateUrl(), Copied))

  it('changing dataObject and vector after the call and before subscribing changes nothing that is sent', async () => {
    const client = connect({ ...weaviateConnection() })
    try {
      const dataObject = { title: 'original', tags: ['a'] }
      const vector = [1, 2, 3]
      const uuid = '5a2f2c1e-8f4a-4d0b-9c7e-1f2a3b4c5d6e'
      const op = client.objects.create({ className: Copied, uuid, dataObject, vector })
      dataObject.title = 'mutated'
      dataObject.tags.push('b')
      vector[0] = 99
      await right(op)
      const read = await right(client.objects.getById({ className: Copied, uuid, withVector: true }))
      expect(read?.properties).toEqual({ title: 'original', tags: ['a'] })
      expect(read?.vector).toEqual([1, 2, 3])
    } finally {
      await client.close()
    }
  })

  it('changing additionalProperties after the call changes nothing that is sent', async () => {
    const rc = recordingClient({ serverVersion: '1.39.0' })
    try {
      const additionalProperties = ['vector']
      const op = rc.client.objects.list({ className: Copied, additionalProperties })
      additionalProperties.push('distance')
      await right(op)
      expect(rc.requests.at(-1)?.path).toBe(`/v1/objects?class=${Copied}&limit=100&include=vector`)
    } finally {
      await rc.close()
    }
  })
})
