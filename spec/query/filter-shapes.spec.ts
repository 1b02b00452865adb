/**
 * The filter shapes (`creationTime`, `updateTime`, `propertyLength`, `referenceCount`, `ids`):
 * bad shape values are an ArgumentValueError with nothing sent; a shape the server is too old for
 * (a length before 1.16, an id list before 1.21) is an UnsupportedVersionError before any search
 * request. The same gate holds for `objects.deleteMany`, which sends its filter over REST.
 * The selections against a real server are in filter-shapes-select.spec.ts.
 */
import { Where } from '../../lib'
import { left, recordingClient } from '../helpers/client'
import { grpcServerUrl, serverUrl } from '../helpers/versions'
import { ownHandles } from '../helpers/own-handles'

const idOf = (i: number): string => `eeeeeeee-0000-4000-8000-${i.toString(16).padStart(12, '0')}`

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles()

describe('a shape the server is too old for is an UnsupportedVersionError before any search or delete request', () => {
  const tooOld: ReadonlyArray<readonly [string, Where, string]> = [
    ['an id list (ContainsAny, 1.21+)', { ids: [idOf(1)] }, "the where operators 'ContainsAny' and 'ContainsAll'"],
    ['Not (1.33+)', { operator: 'Not', operands: [{ path: ['title'], operator: 'Equal', valueText: 'a' }] }, "the where operator 'Not'"],
  ]
  it.each(tooOld)('%s on 1.18.6: searches, aggregates and deleteMany', async (_, where, feature) => {
    const rc = recordingClient({ url: serverUrl('1.18.6'), transport: 'rest' })
    try {
      expect(await left(rc.client.query.fetchObjects({ className: 'Anything', where }))).toEqual(expect.objectContaining({ _tag: 'UnsupportedVersionError', feature }))
      expect(await left(rc.client.query.aggregate({ className: 'Anything', where }))).toEqual(expect.objectContaining({ _tag: 'UnsupportedVersionError', feature }))
      expect(await left(rc.client.objects.deleteMany({ className: 'Anything', where }))).toEqual(expect.objectContaining({ _tag: 'UnsupportedVersionError', feature }))
      expect(rc.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/meta'])
    } finally {
      await rc.close()
    }
  })

  it('a property length on 1.14.1 (1.16+)', async () => {
    const rc = recordingClient({ url: serverUrl('1.14.1'), transport: 'rest' })
    try {
      const where: Where = { propertyLength: { property: 'title', operator: 'Equal', value: 1 } }
      expect(await left(rc.client.query.fetchObjects({ className: 'Anything', where }))).toEqual(
        expect.objectContaining({ _tag: 'UnsupportedVersionError', feature: "a filter on a property's length" }),
      )
      expect(await left(rc.client.objects.deleteMany({ className: 'Anything', where }))).toEqual(
        expect.objectContaining({ _tag: 'UnsupportedVersionError', feature: "a filter on a property's length" }),
      )
      expect(rc.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/meta'])
    } finally {
      await rc.close()
    }
  })
})

describe('a bad shape is an ArgumentValueError naming it, with nothing sent', () => {
  it.each([
    ['a date string without an offset', { creationTime: { operator: 'GreaterThan', value: '2026-01-01T00:00:00' } }, 'where.creationTime.value'],
    ['a date string that is no date', { updateTime: { operator: 'GreaterThan', value: 'yesterday' } }, 'where.updateTime.value'],
    ['an invalid Date', { creationTime: { operator: 'LessThan', value: new Date(NaN) } }, 'where.creationTime.value'],
    ['a time operator that compares nothing', { creationTime: { operator: 'Like', value: new Date(0) } }, 'where.creationTime.operator'],
    ['a negative length', { propertyLength: { property: 'title', operator: 'Equal', value: -1 } }, 'where.propertyLength.value'],
    ['a fractional count', { referenceCount: { property: 'cites', operator: 'Equal', value: 1.5 } }, 'where.referenceCount.value'],
    ['a property name the server cannot have', { propertyLength: { property: 'len(title)', operator: 'Equal', value: 1 } }, 'where.propertyLength.property'],
    ['an empty id list', { ids: [] }, 'where.ids'],
    ['an id that is no UUID', { ids: [idOf(1), 'nope'] }, 'where.ids[1]'],
    ['a shape with a second key', { ids: [idOf(1)], operator: 'Equal' }, 'where'],
    ['a shape with an unknown inner key', { creationTime: { operator: 'Equal', value: new Date(0), path: ['x'] } }, 'where.creationTime.path'],
    ['a bad shape deep in a tree', { operator: 'And', operands: [{ path: ['n'], operator: 'Equal', valueInt: 1 }, { operator: 'Not', operands: [{ ids: ['nope'] }] }] }, 'where.operands[1].operands[0].ids[0]'],
  ])('%s', async (_, where, argument) => {
    const rc = recordingClient({ url: serverUrl('1.39.0'), grpcUrl: grpcServerUrl('1.39.0') })
    try {
      const bad = where as unknown as Where
      expect(await left(rc.client.query.fetchObjects({ className: 'Anything', where: bad }))).toEqual(expect.objectContaining({ _tag: 'ArgumentValueError', argument }))
      expect(await left(rc.client.objects.deleteMany({ className: 'Anything', where: bad }))).toEqual(expect.objectContaining({ _tag: 'ArgumentValueError', argument }))
      expect(rc.requests).toEqual([])
    } finally {
      await rc.close()
    }
  })
})
