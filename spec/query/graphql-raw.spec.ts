/**
 * `client.graphql.raw` and `client.graphql.batch` against the real 1.39.0 server: a query with
 * variables and an operation name gives the stored objects, typed by a codec; GraphQL's errors
 * come back in the answer, not as a Left; data that does not fit the codec is a DecodeError; a
 * batch answers each query in the order sent, an error only in its own answer; a server started
 * with `DISABLE_GRAPHQL=true` refuses both (the GraphQL-disabled error); bad arguments are one
 * ArgumentError with nothing sent. The batch also runs on 1.13.2, the oldest version under test.
 */
import * as t from 'io-ts'
import { isGraphqlDisabledError } from '../../lib'
import { RecordingClient, left, recordingClient, right } from '../helpers/client'
import { uniqueClassName } from '../helpers/server'
import { noGraphqlApiKey, noGraphqlUrl, serverUrl } from '../helpers/versions'

const Book = uniqueClassName('RawBook')
const TITLES = ['Dune', 'Earthsea', 'Solaris']

let rc: RecordingClient

beforeAll(async () => {
  rc = recordingClient()
  await right(rc.client.schema.createClass({ class: Book, vectorizer: 'none', properties: [{ name: 'title', dataType: ['text'] }, { name: 'year', dataType: ['int'] }] }))
  for (const [i, title] of TITLES.entries()) {
    await right(rc.client.objects.create({ className: Book, dataObject: { title, year: 1960 + i }, vector: [i + 1, 1] }))
  }
})

afterAll(async () => {
  await right(rc.client.schema.deleteClass(Book))
  await rc.close()
})

const Titles = t.type({ Get: t.record(t.string, t.array(t.type({ title: t.string }))) })

describe('graphql.raw on 1.39.0', () => {
  it('runs a query with variables and an operation name, its data typed by the codec', async () => {
    const answer = await right(
      rc.client.graphql.raw({
        query: `query Other { Get { ${Book} { year } } } query Titles($t: String) { Get { ${Book}(bm25: { query: $t, properties: ["title"] }) { title } } }`,
        variables: { t: 'Earthsea' },
        operationName: 'Titles',
        codec: Titles,
      }),
    )
    expect(answer).toEqual({ data: { Get: { [Book]: [{ title: 'Earthsea' }] } }, errors: [] })
  })

  it("gives GraphQL's errors in the answer, not as a Left", async () => {
    const answer = await right(rc.client.graphql.raw({ query: `{ Get { ${Book} { noSuchProperty } } }` }))
    expect(answer.errors.length).toBeGreaterThan(0)
    expect(answer.errors.map((e) => e.message).join(' ')).toMatch(/noSuchProperty/)
  })

  it('is a DecodeError when the data does not fit the codec and the answer has no errors', async () => {
    const error = await left(rc.client.graphql.raw({ query: `{ Get { ${Book} { title } } }`, codec: t.type({ Get: t.record(t.string, t.array(t.type({ year: t.number }))) }) }))
    expect(error._tag).toBe('DecodeError')
  })

  it.each([
    ['an empty query', { query: '' }, 'ArgumentValueError'],
    ['variables that are not an object', { query: '{ Get { X { y } } }', variables: [1] }, 'ArgumentTypeError'],
    ['an unknown key', { query: '{ Get { X { y } } }', vars: {} }, 'ArgumentValueError'],
  ])('refuses %s with an ArgumentError, nothing sent', async (_what, args, tag) => {
    const own = recordingClient()
    try {
      const error = await left(own.client.graphql.raw(args as never))
      expect(error._tag).toBe(tag)
      expect(own.requests).toEqual([])
    } finally {
      await own.close()
    }
  })
})

describe('graphql.batch on 1.39.0', () => {
  it('answers each query in the order sent, an error only in its own answer', async () => {
    const answers = await right(
      rc.client.graphql.batch([
        { query: `{ Aggregate { ${Book} { meta { count } } } }` },
        { query: `{ Get { ${Book} { noSuchProperty } } }` },
        { query: `query T($t: String) { Get { ${Book}(bm25: { query: $t, properties: ["title"] }) { title } } }`, variables: { t: 'Solaris' } },
      ]),
    )
    expect(answers).toHaveLength(3)
    expect([answers[0]?.data, answers[0]?.errors]).toEqual([{ Aggregate: { [Book]: [{ meta: { count: 3 } }] } }, []])
    expect(answers[1]?.errors.length).toBeGreaterThan(0)
    expect([answers[2]?.data, answers[2]?.errors]).toEqual([{ Get: { [Book]: [{ title: 'Solaris' }] } }, []])
  })

  it('refuses an empty list with an ArgumentValueError, nothing sent', async () => {
    const own = recordingClient()
    try {
      const error = await left(own.client.graphql.batch([]))
      expect(error._tag).toBe('ArgumentValueError')
      expect(own.requests).toEqual([])
    } finally {
      await own.close()
    }
  })
})

describe('GraphQL refused by a server with DISABLE_GRAPHQL=true', () => {
  it.each(['raw', 'batch'] as const)('%s is the GraphQL-disabled error', async (which) => {
    const apiKey = noGraphqlApiKey()
    const own = recordingClient({ url: noGraphqlUrl(), ...(apiKey === undefined ? {} : { apiKey }) })
    try {
      const query = '{ Get { Anything { title } } }'
      const error = which === 'raw' ? await left(own.client.graphql.raw({ query })) : await left(own.client.graphql.batch([{ query }]))
      expect(isGraphqlDisabledError(error)).toBe(true)
    } finally {
      await own.close()
    }
  })
})

describe('graphql.batch on 1.13.2', () => {
  it('answers a Get of a class of its own', async () => {
    const old = recordingClient({ url: serverUrl('1.13.2') })
    const Old = uniqueClassName('RawOld')
    try {
      await right(old.client.schema.createClass({ class: Old, vectorizer: 'none', properties: [{ name: 'title', dataType: ['text'] }] }))
      await right(old.client.objects.create({ className: Old, dataObject: { title: 'old' }, vector: [1, 0] }))
      const answers = await right(old.client.graphql.batch([{ query: `{ Get { ${Old} { title } } }` }]))
      expect(answers).toEqual([{ data: { Get: { [Old]: [{ title: 'old' }] } }, errors: [] }])
    } finally {
      await right(old.client.schema.deleteClass(Old))
      await old.close()
    }
  })
})
