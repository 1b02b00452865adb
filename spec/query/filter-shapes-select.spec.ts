/**
 * The filter shapes select on a real 1.39.0 server what they name, over gRPC and over GraphQL:
 * each selection equals the one computed in TypeScript over the objects the class holds (their
 * creation and update times as the server returns them, their titles' lengths, their reference
 * counts, their ids), and each expected selection is neither empty nor everything, so a shape that
 * selected all or nothing would fail. References are added after every object is written.
 */
import { lastValueFrom, toArray } from 'rxjs'
import * as E from 'fp-ts/Either'
import { Client, Where, connect } from '../../lib'
import { right } from '../helpers/client'
import { createClass, deleteClass } from '../helpers/fixtures'
import { uniqueClassName } from '../helpers/server'
import { apiKeyOption, grpcServerUrl, serverUrl } from '../helpers/versions'
import { ownHandles } from '../helpers/own-handles'

const idOf = (i: number): string => `ffffffff-0000-4000-8000-${i.toString(16).padStart(12, '0')}`
const TITLES = ['a', 'ab', 'abc', 'abcd']
const COUNT = 12

const Shapes = uniqueClassName('Shapes')
let client: Client

interface Row {
  readonly id: string
  readonly title: string
  readonly created: number
  readonly updated: number
  readonly cites: number
}
let rows: Row[] = []

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

const write = async (from: number, to: number): Promise<void> => {
  const objects = Array.from({ length: to - from }, (_, k) => ({ className: Shapes, uuid: idOf(from + k), dataObject: { title: TITLES[(from + k) % TITLES.length] } }))
  const results = await lastValueFrom(client.objects.batch(objects).pipe(toArray()))
  expect(results.every(E.isRight)).toBe(true)
}

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles({
  closeAfterAll: async () => {
    await deleteClass(serverUrl('1.39.0'), Shapes)
    await client.close()
  },
})

beforeAll(async () => {
  const url = serverUrl('1.39.0')
  client = connect({ url, ...apiKeyOption(url), grpcUrl: grpcServerUrl('1.39.0') })
  await createClass(url, {
    class: Shapes,
    vectorizer: 'none',
    invertedIndexConfig: { indexTimestamps: true, indexPropertyLength: true },
    properties: [{ name: 'title', dataType: ['text'] }],
  })
  await right(client.schema.addProperty(Shapes, { name: 'cites', dataType: [Shapes] }))
  // Three writes a few milliseconds apart, so creation times differ between the groups.
  await write(0, 4)
  await pause(20)
  await write(4, 8)
  await pause(20)
  await write(8, COUNT)
  await pause(20)
  // Objects 1, 5 and 9 are changed later; adding references changes objects too (all but 0, 4 and 8).
  for (const i of [1, 5, 9]) await right(client.objects.update({ className: Shapes, uuid: idOf(i), dataObject: { title: 'changed' } }))
  // Object i cites i % 4 others.
  for (let i = 0; i < COUNT; i++) {
    for (let k = 1; k <= i % 4; k++) {
      await right(client.references.add({ fromClassName: Shapes, fromUuid: idOf(i), fromPropertyName: 'cites', toClassName: Shapes, toUuid: idOf((i + k) % COUNT) }))
    }
  }
  const all = await right(client.query.fetchObjects({ className: Shapes, limit: 100, returnProperties: ['title'], returnMetadata: ['creationTimeUnix', 'lastUpdateTimeUnix'] }))
  rows = all.objects.map((o) => {
    const index = Number.parseInt(o.id.slice(-12), 16)
    return {
      id: o.id,
      title: String((o.properties as { title: unknown }).title),
      created: o.metadata.creationTimeUnix ?? NaN,
      updated: o.metadata.lastUpdateTimeUnix ?? NaN,
      cites: index % 4,
    }
  })
}, 120_000)

const selected = async (where: Where, transport: 'grpc' | 'rest'): Promise<string[]> => {
  const result = await right(client.query.fetchObjects({ className: Shapes, where, limit: 100, transport }))
  return result.objects.map((o) => o.id).sort()
}

const expected = (keep: (row: Row) => boolean): string[] => {
  const ids = rows.filter(keep).map((r) => r.id).sort()
  expect(rows).toHaveLength(COUNT)
  expect(ids.length).toBeGreaterThan(0)
  expect(ids.length).toBeLessThan(COUNT)
  return ids
}

describe.each(['grpc', 'rest'] as const)('over %s', (transport) => {
  it('creationTime GreaterThan a time selects the objects created after it', async () => {
    const middle = [...rows].sort((a, b) => a.created - b.created)[5]?.created ?? NaN
    const want = expected((r) => r.created > middle)
    expect(await selected({ creationTime: { operator: 'GreaterThan', value: new Date(middle) } }, transport)).toEqual(want)
  })

  it('creationTime given as an RFC 3339 string selects the same as the Date', async () => {
    const middle = [...rows].sort((a, b) => a.created - b.created)[5]?.created ?? NaN
    const want = expected((r) => r.created <= middle)
    expect(await selected({ creationTime: { operator: 'LessThanEqual', value: new Date(middle).toISOString() } }, transport)).toEqual(want)
  })

  it('updateTime GreaterThan the last creation time selects the objects changed after it (an update or a reference added)', async () => {
    const lastCreated = Math.max(...rows.map((r) => r.created))
    const want = expected((r) => r.updated > lastCreated)
    expect(await selected({ updateTime: { operator: 'GreaterThan', value: new Date(lastCreated) } }, transport)).toEqual(want)
  })

  it('propertyLength Equal selects the objects whose title has that many characters', async () => {
    const want = expected((r) => r.title.length === 3)
    expect(await selected({ propertyLength: { property: 'title', operator: 'Equal', value: 3 } }, transport)).toEqual(want)
  })

  it('referenceCount GreaterThanEqual selects the objects holding at least that many references', async () => {
    const want = expected((r) => r.cites >= 2)
    expect(await selected({ referenceCount: { property: 'cites', operator: 'GreaterThanEqual', value: 2 } }, transport)).toEqual(want)
  })

  it('ids selects exactly the listed objects that exist', async () => {
    const want = expected((r) => [idOf(0), idOf(7), idOf(11)].includes(r.id))
    expect(await selected({ ids: [idOf(0), idOf(7), idOf(11), idOf(999)] }, transport)).toEqual(want)
  })

  it('a shape inside Not selects the complement', async () => {
    const want = expected((r) => r.title.length !== 3)
    expect(await selected({ operator: 'Not', operands: [{ propertyLength: { property: 'title', operator: 'Equal', value: 3 } }] }, transport)).toEqual(want)
  })
})
