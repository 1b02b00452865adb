/**
 * `groupBy` on `bm25` and `hybrid`: on 1.39.0 gRPC `Search` and GraphQL `Get` give the same
 * groups, and the groups are the ungrouped search's top `limit` results grouped by a text (or
 * text[]) property's value, best first; on a server before 1.25 (where the server's bm25 and
 * hybrid paths never group) it is an UnsupportedVersionError with no search request.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray, type Observable } from 'rxjs'
import { type BatchObject, type Client, type SearchGroupBy, type SearchResult, connect } from '../../lib'
import { bm25Input, hybridInput } from '../../lib/query/check'
import { supportsQuery } from '../../lib/query/requirements'
import { parseVersion } from '../../lib/server/version'
import { recordingClient, type RecordingClient } from '../helpers/client'
import { createClass, deleteClass } from '../helpers/fixtures'
import { uniqueClassName } from '../helpers/server'
import { apiKeyOption, grpcServerUrl, serverUrl } from '../helpers/versions'
import { ownHandles } from '../helpers/own-handles'

const Note = uniqueClassName('GroupedNote')
const WORDS = ['fox', 'owl', 'cat', 'elk']
const CATEGORIES = ['news', 'sport', 'arts', 'tech', 'food']
const vectorOf = (i: number): number[] => Array.from({ length: 4 }, (_, d) => Math.cos(i * 3 + d))

let client: Client

type Result = SearchResult<Record<string, unknown>, unknown>

const right = async (op: Observable<E.Either<unknown, Result>>): Promise<Result> => {
  const values = await lastValueFrom(op.pipe(toArray()))
  const [value] = values
  if (values.length !== 1 || value === undefined || E.isLeft(value)) throw new Error(`expected one Right, got ${JSON.stringify(values)}`)
  return value.right
}

/** The same query over gRPC and over GraphQL. */
const both = (run: (transport: 'grpc' | 'rest') => Observable<E.Either<unknown, Result>>): Promise<[Result, Result]> =>
  Promise.all([right(run('grpc')), right(run('rest'))])

/** The groups as name and ids, in their order. */
const groupIds = (result: Result): Array<[string, string[]]> => Object.entries(result.groups ?? {}).map(([name, g]) => [name, g.objects.map((o) => o.id)])

/** What the server's grouping gives: results in order, each in the group of each of its values, within the limits. */
const groupedInTypeScript = (objects: Result['objects'], groupBy: SearchGroupBy): Array<[string, string[]]> => {
  const groups = new Map<string, string[]>()
  for (const o of objects) {
    const raw = o.properties[groupBy.property]
    const values = Array.isArray(raw) ? raw.map(String) : [String(raw)]
    for (const value of values) {
      const members = groups.get(value)
      if (members === undefined && groups.size >= groupBy.numberOfGroups) break
      if (members === undefined) groups.set(value, [o.id])
      else if (members.length < groupBy.objectsPerGroup) members.push(o.id)
    }
  }
  return [...groups.entries()]
}

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles({
  closeAfterAll: async () => {
    await deleteClass(serverUrl('1.39.0'), Note)
    await client.close()
  },
})

beforeAll(async () => {
  const url = serverUrl('1.39.0')
  client = connect({ url, ...apiKeyOption(url), grpcUrl: grpcServerUrl('1.39.0') })
  await createClass(url, {
    class: Note,
    vectorizer: 'none',
    properties: [
      { name: 'title', dataType: ['text'] },
      { name: 'category', dataType: ['text'] },
      { name: 'tags', dataType: ['text[]'] },
      { name: 'year', dataType: ['int'] },
    ],
  })
  const notes: BatchObject[] = Array.from({ length: 40 }, (_, i) => ({
    className: Note,
    vector: vectorOf(i),
    dataObject: {
      // Term frequencies differ from note to note, so scores differ too.
      title: `${Array.from({ length: 1 + (i % 4) }, () => WORDS[i % 4] ?? '').join(' ')} ${WORDS[(i + 1) % 4] ?? ''} note ${i}`,
      category: CATEGORIES[i % 5] ?? '',
      tags: [WORDS[i % 4] ?? '', CATEGORIES[(i + 2) % 5] ?? ''],
      year: 2000 + (i % 3),
    },
  }))
  const written = await lastValueFrom(client.objects.batch(notes).pipe(toArray()))
  expect(written.filter(E.isLeft)).toEqual([])
}, 60_000)

describe('bm25 and hybrid with groupBy on 1.39.0', () => {
  const byCategory: SearchGroupBy = { property: 'category', numberOfGroups: 3, objectsPerGroup: 2 }

  it('bm25 grouped by a text property gives the same groups over gRPC and GraphQL', async () => {
    const [grpc, rest] = await both((transport) =>
      client.query.bm25({ className: Note, query: 'fox', limit: 20, groupBy: byCategory, returnProperties: ['title', 'category'], transport }),
    )
    expect(Object.keys(grpc.groups ?? {})).toHaveLength(3)
    expect(grpc).toStrictEqual(rest)
  })

  it('hybrid grouped by a text property gives the same groups over gRPC and GraphQL', async () => {
    const [grpc, rest] = await both((transport) =>
      client.query.hybrid({ className: Note, query: 'owl', vector: vectorOf(3), alpha: 0.5, limit: 20, groupBy: byCategory, returnProperties: ['title', 'category'], transport }),
    )
    expect(Object.keys(grpc.groups ?? {})).toHaveLength(3)
    expect(grpc).toStrictEqual(rest)
  })

  it('bm25 grouped by a text[] property puts an object in the group of each of its values, the same over gRPC and GraphQL', async () => {
    const byTags: SearchGroupBy = { property: 'tags', numberOfGroups: 4, objectsPerGroup: 3 }
    const [grpc, rest] = await both((transport) => client.query.bm25({ className: Note, query: 'cat', limit: 12, groupBy: byTags, returnProperties: ['tags'], transport }))
    const ids = Object.values(grpc.groups ?? {}).flatMap((g) => g.objects.map((o) => o.id))
    expect(new Set(ids).size).toBeLessThan(ids.length)
    expect(grpc).toStrictEqual(rest)
  })

  it.each(['grpc', 'rest'] as const)('the groups over %s are the ungrouped search\'s top limit results grouped in order, within the group limits', async (transport) => {
    const args = { className: Note, query: 'fox owl', limit: 15, returnProperties: ['category'], transport }
    const ungrouped = await right(client.query.bm25(args))
    const grouped = await right(client.query.bm25({ ...args, groupBy: byCategory }))
    expect(groupIds(grouped)).toEqual(groupedInTypeScript(ungrouped.objects, byCategory))
    expect(grouped.objects.map((o) => o.id)).toEqual(groupIds(grouped).flatMap(([, ids]) => ids))
  })
})

describe('groupBy on bm25 and hybrid needs Weaviate 1.25', () => {
  const groupBy: SearchGroupBy = { property: 'category', numberOfGroups: 2, objectsPerGroup: 2 }
  let recording: RecordingClient

  afterEach(() => recording.close())

  it.each([
    ['bm25', () => recording.client.query.bm25({ className: 'Article', query: 'fox', groupBy })],
    ['hybrid', () => recording.client.query.hybrid({ className: 'Article', query: 'fox', vector: [1], groupBy })],
  ] as const)('%s with groupBy on 1.18.6 is an UnsupportedVersionError after reading the version only', async (_name, run) => {
    recording = recordingClient({ url: serverUrl('1.18.6') })
    const values = await lastValueFrom(run().pipe(toArray()))
    expect(values).toEqual([E.left(expect.objectContaining({ _tag: 'UnsupportedVersionError', feature: "a bm25 or hybrid search's 'groupBy'", requires: '1.25.0' }))])
    expect(recording.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/meta'])
  })

})

describe('the cut-off of groupBy on bm25 and hybrid', () => {
  const groupBy: SearchGroupBy = { property: 'category', numberOfGroups: 2, objectsPerGroup: 2 }

  it.each([
    ['1.24.10', false],
    ['1.25.0', true],
  ] as const)('the cut-off: on %s a grouped bm25 and hybrid are supported: %s', (raw, supported) => {
    const version = parseVersion(raw)
    if (version === undefined) throw new Error(raw)
    const inputs = [bm25Input({ className: 'A', query: 'x', groupBy }), hybridInput({ className: 'A', query: 'x', vector: [1], groupBy })]
    expect(inputs.map((input) => E.isRight(supportsQuery(version, input)))).toEqual([supported, supported])
  })
})
