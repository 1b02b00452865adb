/**
 * client.classifications against the run's 1.39.0 server: a small `knn` classification (vectors
 * only, no module). Items carry a reference to one of two categories; their vectors lie in two
 * clusters. The items that point nowhere are classified by their 3 nearest neighbours, and each
 * must then point to its cluster's category. The status stream, `get`, the server's refusal of a
 * request it cannot run, and bad input; the same classification on the run's 1.14.1 server.
 */
import * as E from 'fp-ts/Either'
import { Observable, firstValueFrom, toArray } from 'rxjs'
import { Classification, Client, WeaviateError, connect } from '../lib'
import { createClass, deleteClass } from './helpers/fixtures'
import { left, recordingClient, right } from './helpers/client'
import { uniqueClassName, weaviateConnection } from './helpers/server'
import { apiKeyOption, serverUrl } from './helpers/versions'

const Category = uniqueClassName('ClassifyCategory')
const Item = uniqueClassName('ClassifyItem')
const TRAINING = 8
const UNCLASSIFIED = 6

const uuidOf = (kind: number, n: number): string => `0000000${kind}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`
const FRUIT = uuidOf(1, 0)
const VEHICLE = uuidOf(1, 1)

/** A vector near the cluster of `category` (fruit along the first axis, vehicles along the second). */
const near = (category: 'fruit' | 'vehicle', n: number): number[] => {
  const wobble = ((n % 5) - 2) / 20
  return category === 'fruit' ? [1, wobble, 0.1] : [wobble, 1, 0.1]
}

interface ItemSpec {
  readonly uuid: string
  readonly category: 'fruit' | 'vehicle'
}

const training: ItemSpec[] = Array.from({ length: TRAINING }, (_, n) => ({ uuid: uuidOf(2, n), category: n % 2 === 0 ? 'fruit' : 'vehicle' }))
const unclassified: ItemSpec[] = Array.from({ length: UNCLASSIFIED }, (_, n) => ({ uuid: uuidOf(3, n), category: n % 2 === 0 ? 'vehicle' : 'fruit' }))

const beacon = (category: 'fruit' | 'vehicle'): string => `weaviate://localhost/${Category}/${category === 'fruit' ? FRUIT : VEHICLE}`

let client: Client
let statuses: E.Either<WeaviateError, Classification>[]

const all = <A>(op: Observable<E.Either<WeaviateError, A>>): Promise<E.Either<WeaviateError, A>[]> => firstValueFrom(op.pipe(toArray()))

beforeAll(async () => {
  client = connect({ ...weaviateConnection() })
  await createClass(weaviateConnection(), { class: Category, vectorizer: 'none', properties: [{ name: 'name', dataType: ['text'] }] })
  await createClass(weaviateConnection(), {
    class: Item,
    vectorizer: 'none',
    properties: [
      { name: 'name', dataType: ['text'] },
      { name: 'ofCategory', dataType: [Category] },
    ],
  })
  // The categories first: a reference is checked against the objects already written.
  const categories = await all(
    client.objects.batch([
      { className: Category, uuid: FRUIT, dataObject: { name: 'fruit' } },
      { className: Category, uuid: VEHICLE, dataObject: { name: 'vehicle' } },
    ]),
  )
  expect(categories.filter(E.isLeft)).toEqual([])
  const written = await all(
    client.objects.batch([
      ...training.map((t, n) => ({ className: Item, uuid: t.uuid, dataObject: { name: `trained ${n}`, ofCategory: [{ beacon: beacon(t.category) }] }, vector: near(t.category, n) })),
      ...unclassified.map((u, n) => ({ className: Item, uuid: u.uuid, dataObject: { name: `open ${n}` }, vector: near(u.category, n + 1) })),
    ]),
  )
  expect(written.filter(E.isLeft)).toEqual([])
  statuses = await all(client.classifications.schedule({ className: Item, classifyProperties: ['ofCategory'], basedOnProperties: ['name'], settings: { k: 3 }, pollIntervalMs: 50 }))
}, 120_000)

afterAll(async () => {
  await deleteClass(weaviateConnection(), Item)
  await deleteClass(weaviateConnection(), Category)
  await client.close()
})

const rights = (values: readonly E.Either<WeaviateError, Classification>[]): Classification[] =>
  values.map((v) => {
    if (E.isLeft(v)) throw new Error(`expected Right, got ${v.left._tag}: ${v.left.message}`)
    return v.right
  })

describe('classifications.schedule on 1.39.0 (knn)', () => {
  it('emits running first and completed last, every status of one classification id', () => {
    const emitted = rights(statuses)
    expect([emitted[0]?.status, emitted.at(-1)?.status]).toEqual(['running', 'completed'])
    expect(new Set(emitted.map((c) => c.id)).size).toBe(1)
  })

  it('counts every object without the reference as considered and classified', () => {
    const last = rights(statuses).at(-1)
    expect([last?.meta?.count, last?.meta?.countSucceeded, last?.meta?.countFailed ?? 0]).toEqual([UNCLASSIFIED, UNCLASSIFIED, 0])
  })

  it('points each object without the reference to the category of its nearest neighbours', async () => {
    const pointed = await Promise.all(
      unclassified.map(async (u) => {
        const object = await right(client.objects.getById({ className: Item, uuid: u.uuid }))
        const refs = (object?.properties as { ofCategory?: Array<{ beacon: string }> } | undefined)?.ofCategory ?? []
        return refs.map((r) => r.beacon)
      }),
    )
    expect(pointed).toEqual(unclassified.map((u) => [beacon(u.category)]))
  })

  it('reads the finished classification with get, as the stream ended it', async () => {
    const last = rights(statuses).at(-1)
    const read = await right(client.classifications.get({ id: last?.id ?? '' }))
    expect(read).toEqual(last)
    expect(read).toMatchObject({ className: Item, type: 'knn', classifyProperties: ['ofCategory'], basedOnProperties: ['name'], settings: { k: 3 } })
  })

  it('answers get of an id the server does not know with null', async () => {
    expect(await right(client.classifications.get({ id: '11111111-2222-4333-8444-555555555555' }))).toBeNull()
  })

  it('passes on the refusal of a property that is not a reference as a 400 Left', async () => {
    const error = await left(client.classifications.schedule({ className: Item, classifyProperties: ['name'], basedOnProperties: ['name'] }))
    expect(error._tag === 'UnexpectedStatusError' && error.status).toBe(400)
    expect(error.message).toContain('must be of reference type')
  })
})

describe('classifications input checks', () => {
  const bad: ReadonlyArray<readonly [string, () => Observable<E.Either<WeaviateError, unknown>>, string]> = [
    ['no property to classify', () => rc.client.classifications.schedule({ className: 'Item', classifyProperties: [], basedOnProperties: ['name'] }), 'classifyProperties'],
    ["a 'targetWhere' with knn", () => rc.client.classifications.schedule({ className: 'Item', classifyProperties: ['c'], basedOnProperties: ['name'], targetWhere: { path: ['name'], operator: 'Equal', valueText: 'x' } }), 'targetWhere'],
    ['a k of 0', () => rc.client.classifications.schedule({ className: 'Item', classifyProperties: ['c'], basedOnProperties: ['name'], settings: { k: 0 } }), 'settings.k'],
    ['an id that is no UUID', () => rc.client.classifications.get({ id: 'latest' }), 'id'],
  ]
  let rc: ReturnType<typeof recordingClient>

  beforeAll(() => {
    rc = recordingClient()
  })

  afterAll(() => rc.close())

  it.each(bad)('refuses %s with an ArgumentValueError and sends nothing', async (_, op, argument) => {
    const error = await left(op())
    expect(error._tag).toBe('ArgumentValueError')
    expect(error._tag === 'ArgumentValueError' && error.argument).toBe(argument)
    expect(rc.requests).toEqual([])
  })
})

describe('classifications.schedule on 1.14.1', () => {
  const url = serverUrl('1.14.1')
  const OldCategory = uniqueClassName('OldClassifyCategory')
  const OldItem = uniqueClassName('OldClassifyItem')
  let old: Client

  beforeAll(async () => {
    old = connect({ url, ...apiKeyOption(url) })
    await createClass(url, { class: OldCategory, vectorizer: 'none', properties: [{ name: 'name', dataType: ['string'] }] })
    await createClass(url, {
      class: OldItem,
      vectorizer: 'none',
      properties: [
        { name: 'name', dataType: ['text'] },
        { name: 'ofCategory', dataType: [OldCategory] },
      ],
    })
    const category = uuidOf(1, 0)
    await right(old.objects.create({ className: OldCategory, uuid: category, dataObject: { name: 'fruit' } }))
    await right(old.objects.create({ className: OldItem, uuid: uuidOf(2, 0), dataObject: { name: 'apple', ofCategory: [{ beacon: `weaviate://localhost/${category}` }] }, vector: [1, 0, 0] }))
    await right(old.objects.create({ className: OldItem, uuid: uuidOf(3, 0), dataObject: { name: 'pear' }, vector: [1, 0.1, 0] }))
  }, 60_000)

  afterAll(async () => {
    await deleteClass(url, OldItem)
    await deleteClass(url, OldCategory)
    await old.close()
  })

  it('runs a knn classification to completed and sets the reference', async () => {
    const emitted = rights(await all(old.classifications.schedule({ className: OldItem, classifyProperties: ['ofCategory'], basedOnProperties: ['name'], settings: { k: 1 }, pollIntervalMs: 50 })))
    expect(emitted.at(-1)?.status).toBe('completed')
    const pear = await right(old.objects.getById({ className: OldItem, uuid: uuidOf(3, 0) }))
    expect(JSON.stringify(pear?.properties)).toContain(uuidOf(1, 0))
  })
})
