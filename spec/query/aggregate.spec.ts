/**
 * `query.aggregate` on real servers: a count with a where equals the number of objects a fetch
 * with that where returns, grouped counts equal a grouping in TypeScript, and gRPC and GraphQL
 * count the same on 1.39.0.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { BatchObject, Client, Where, connect } from '../../lib'
import { createClass, deleteClass } from '../helpers/fixtures'
import { uniqueClassName } from '../helpers/server'
import { apiKeyOption, ServerVersionUnderTest, grpcServerUrl, serverUrl } from '../helpers/versions'
import { ownHandles } from '../helpers/own-handles'

const CATEGORIES = ['news', 'sport', 'tech', 'food', 'art', 'misc', 'travel']
const rows = Array.from({ length: 300 }, (_, i) => ({ category: CATEGORIES[(i * i) % 7] ?? 'misc', year: 1990 + ((i * 7) % 13), flag: i % 3 === 0 }))

const right = async <A>(op: import('rxjs').Observable<E.Either<unknown, A>>): Promise<A> => {
  const values = await lastValueFrom(op.pipe(toArray()))
  const [value] = values
  if (values.length !== 1 || value === undefined || E.isLeft(value)) throw new Error(`expected one Right, got ${JSON.stringify(values)}`)
  return value.right
}

const grouped = <K extends string | number | boolean>(keys: readonly K[]): Array<{ value: K; count: number }> => {
  const counts = new Map<K, number>()
  for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1)
  return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || (String(a.value) < String(b.value) ? -1 : 1))
}

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles()

describe.each([
  ['1.39.0', 'grpc'],
  ['1.39.0', 'rest'],
  ['1.18.6', 'rest'],
] as const)('aggregate on %s (transport %s)', (version: ServerVersionUnderTest, transport) => {
  const className = uniqueClassName('Aggregate')
  let client: Client

  beforeAll(async () => {
    const url = serverUrl(version)
    client = connect({ url, ...apiKeyOption(url), transport, ...(transport === 'grpc' ? { grpcUrl: grpcServerUrl(version) } : {}) })
    await createClass(url, {
      class: className,
      vectorizer: 'none',
      properties: [
        { name: 'category', dataType: [version === '1.18.6' ? 'string' : 'text'], tokenization: 'field' },
        { name: 'year', dataType: ['int'] },
        { name: 'flag', dataType: ['boolean'] },
      ],
    })
    const objects: BatchObject[] = rows.map((dataObject) => ({ className, dataObject }))
    const written = await lastValueFrom(client.objects.batch(objects).pipe(toArray()))
    expect(written.filter(E.isLeft)).toEqual([])
  }, 60_000)

  afterAll(async () => {
    await deleteClass(serverUrl(version), className)
    await client.close()
  })

  it('counts every object without a where', async () => {
    expect(await right(client.query.aggregate({ className, transport }))).toEqual({ count: rows.length })
  })

  it('counts as many objects as a fetch with the same where returns', async () => {
    const where: Where = { operator: 'And', operands: [{ path: ['year'], operator: 'GreaterThan', valueInt: 1995 }, { path: ['flag'], operator: 'Equal', valueBoolean: true }] }
    const fetched = await right(client.query.fetchObjects({ className, where, limit: 1000, returnProperties: ['year'], transport }))
    expect(fetched.objects.length).toBe(rows.filter((r) => r.year > 1995 && r.flag).length)
    expect(await right(client.query.aggregate({ className, where, transport }))).toEqual({ count: fetched.objects.length })
  })

  it('counts per value of a text property as TypeScript groups them', async () => {
    expect(await right(client.query.aggregate({ className, groupBy: { property: 'category' }, transport }))).toEqual({ groups: grouped(rows.map((r) => r.category)) })
  })

  it('counts per value of an int property, values as numbers, with a where', async () => {
    const where: Where = { path: ['flag'], operator: 'Equal', valueBoolean: false }
    const groups = grouped(rows.filter((r) => !r.flag).map((r) => r.year))
    expect(await right(client.query.aggregate({ className, where, groupBy: { property: 'year', limit: 20 }, transport }))).toEqual({ groups })
  })
})
