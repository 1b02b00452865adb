/**
 * What `client.query` refuses before sending a search: bad input (ArgumentTypeError /
 * ArgumentValueError, no request at all) and features the server's version lacks
 * (UnsupportedVersionError after reading the version only).
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { RecordingClient, recordingClient } from '../helpers/client'
import { ServerVersionUnderTest, serverUrl } from '../helpers/versions'
import { createClass, deleteClass } from '../helpers/fixtures'
import { uniqueClassName } from '../helpers/server'
import { ownHandles } from '../helpers/own-handles'

let recording: RecordingClient

const only = async (op: import('rxjs').Observable<E.Either<unknown, unknown>>): Promise<unknown> => {
  const values = await lastValueFrom(op.pipe(toArray()))
  expect(values).toHaveLength(1)
  const [value] = values
  if (value === undefined || E.isRight(value)) throw new Error(`expected a Left, got ${JSON.stringify(value)}`)
  return value.left
}

const onVersion = (version: ServerVersionUnderTest): RecordingClient => recordingClient({ url: serverUrl(version), transport: 'rest' })

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles({ closeAfterEach: () => recording.close() })

describe('bad input is a typed error before any request', () => {
  beforeEach(() => {
    recording = recordingClient()
  })

  it.each([
    ['a NaN in the vector', () => recording.client.query.nearVector({ className: 'Article', vector: [0.1, NaN] }), 'ArgumentValueError'],
    ['an empty vector', () => recording.client.query.nearVector({ className: 'Article', vector: [] }), 'ArgumentValueError'],
    ['a vector that is not numbers', () => recording.client.query.nearVector({ className: 'Article', vector: 'x' as unknown as number[] }), 'ArgumentTypeError'],
    // eslint-disable-next-line no-sparse-arrays
    ['a vector with a hole (a sparse array)', () => recording.client.query.nearVector({ className: 'Article', vector: [0.1, , 0.3] as number[] }), 'ArgumentTypeError'],
    ['an Infinity in a Float32Array vector', () => recording.client.query.nearVector({ className: 'Article', vector: new Float32Array([0.1, Infinity]) }), 'ArgumentValueError'],
    ['a ragged multi-vector (vectors of two dimensions)', () => recording.client.query.nearVector({ className: 'Article', vector: [[0.1, 0.2], [0.3]], targetVector: 'colbert' }), 'ArgumentValueError'],
    ['a multi-vector with an empty vector', () => recording.client.query.nearVector({ className: 'Article', vector: [[0.1], []], targetVector: 'colbert' }), 'ArgumentValueError'],
    ['a multi-vector with a NaN', () => recording.client.query.nearVector({ className: 'Article', vector: [[0.1], [NaN]], targetVector: 'colbert' }), 'ArgumentValueError'],
    ['a multi-vector with an item that is no vector', () => recording.client.query.nearVector({ className: 'Article', vector: [[0.1], 0.2] as unknown as number[][] }), 'ArgumentTypeError'],
    ['distance and certainty together', () => recording.client.query.nearVector({ className: 'Article', vector: [1], distance: 0.2, certainty: 0.8 }), 'ArgumentValueError'],
    ['alpha above 1', () => recording.client.query.hybrid({ className: 'Article', query: 'x', alpha: 1.5 }), 'ArgumentValueError'],
    ['a limit of 0', () => recording.client.query.bm25({ className: 'Article', query: 'x', limit: 0 }), 'ArgumentValueError'],
    ['a limit beyond what a 32-bit count carries', () => recording.client.query.bm25({ className: 'Article', query: 'x', limit: 2 ** 32 }), 'ArgumentValueError'],
    ['an offset beyond what a 32-bit count carries', () => recording.client.query.fetchObjects({ className: 'Article', offset: 2 ** 32 }), 'ArgumentValueError'],
    ['an autocut beyond what a 32-bit count carries', () => recording.client.query.bm25({ className: 'Article', query: 'x', autocut: 2 ** 32 }), 'ArgumentValueError'],
    ['a groupBy size beyond what a signed 32-bit count carries', () => recording.client.query.nearVector({ className: 'Article', vector: [1], groupBy: { property: 'year', numberOfGroups: 2 ** 31, objectsPerGroup: 1 } }), 'ArgumentValueError'],
    ['an aggregation group limit beyond what a 32-bit count carries', () => recording.client.query.aggregate({ className: 'Article', groupBy: { property: 'year', limit: 2 ** 32 } }), 'ArgumentValueError'],
    ['a negative offset', () => recording.client.query.fetchObjects({ className: 'Article', offset: -1 }), 'ArgumentValueError'],
    ['a property name that is not a GraphQL name', () => recording.client.query.fetchObjects({ className: 'Article', returnProperties: ['title } evil {'] }), 'ArgumentValueError'],
    ['a class name that is not a GraphQL name', () => recording.client.query.fetchObjects({ className: 'Art icle' }), 'ArgumentValueError'],
    ['a query property with a bad weight', () => recording.client.query.bm25({ className: 'Article', query: 'x', queryProperties: ['title^x'] }), 'ArgumentValueError'],
    ['a filter without a path', () => recording.client.query.fetchObjects({ className: 'Article', where: { path: [], operator: 'Equal', valueInt: 1 } }), 'ArgumentValueError'],
    ['an unknown metadata field', () => recording.client.query.fetchObjects({ className: 'Article', returnMetadata: ['rank' as 'score'] }), 'ArgumentValueError'],
    ['a cursor with a filter', () => recording.client.query.fetchObjects({ className: 'Article', after: '00000000-0000-4000-8000-000000000000', where: { path: ['n'], operator: 'Equal', valueInt: 1 } }), 'ArgumentValueError'],
    ['a groupBy without objectsPerGroup', () => recording.client.query.nearVector({ className: 'Article', vector: [1], groupBy: { property: 'year', numberOfGroups: 2 } as never }), 'ArgumentTypeError'],
    ['a search operator the server does not know', () => recording.client.query.bm25({ className: 'Article', query: 'x', searchOperator: { operator: 'Xor' } as never }), 'ArgumentValueError'],
    ['minimumOrTokensMatch with the And operator', () => recording.client.query.bm25({ className: 'Article', query: 'x', searchOperator: { operator: 'And', minimumOrTokensMatch: 2 } as never }), 'ArgumentValueError'],
    ['a minimumOrTokensMatch of 0', () => recording.client.query.hybrid({ className: 'Article', query: 'x', bm25SearchOperator: { operator: 'Or', minimumOrTokensMatch: 0 } }), 'ArgumentValueError'],
    ['a maxVectorDistance that is not finite', () => recording.client.query.hybrid({ className: 'Article', query: 'x', vector: [1], maxVectorDistance: NaN }), 'ArgumentValueError'],
    ['a targetCombination with a single target vector named as a string', () => recording.client.query.nearVector({ className: 'Article', vector: [1], targetVector: 'a', targetCombination: 'sum' }), 'ArgumentValueError'],
    ['an empty list of target vectors', () => recording.client.query.nearVector({ className: 'Article', vector: [1], targetVector: [] }), 'ArgumentValueError'],
    ['a target vector named twice', () => recording.client.query.nearObject({ className: 'Article', id: '00000000-0000-4000-8000-000000000000', targetVector: ['a', 'a'] }), 'ArgumentValueError'],
    ['a targetCombination the server does not know', () => recording.client.query.nearVector({ className: 'Article', vector: [1], targetVector: ['a', 'b'], targetCombination: 'max' as never }), 'ArgumentValueError'],
    ['a nearObject id that is no UUID', () => recording.client.query.nearObject({ className: 'Article', id: 'nope' }), 'ArgumentValueError'],
    ['a nearText without a query', () => recording.client.query.nearText({ className: 'Article' } as never), 'ArgumentTypeError'],
    ['a nearText with an empty text', () => recording.client.query.nearText({ className: 'Article', query: '' }), 'ArgumentValueError'],
    ['a nearText with an empty list of texts', () => recording.client.query.nearText({ className: 'Article', query: [] }), 'ArgumentValueError'],
    ['a nearText move with a force above 1', () => recording.client.query.nearText({ className: 'Article', query: 'x', moveTo: { force: 1.5, concepts: ['y'] } }), 'ArgumentValueError'],
    ['a nearText move with nothing to move by', () => recording.client.query.nearText({ className: 'Article', query: 'x', moveAway: { force: 0.5 } }), 'ArgumentValueError'],
    ['a nearText move toward an object id that is no UUID', () => recording.client.query.nearText({ className: 'Article', query: 'x', moveTo: { force: 0.5, objects: ['nope'] } }), 'ArgumentValueError'],
    ['a nearText move with an unknown key', () => recording.client.query.nearText({ className: 'Article', query: 'x', moveTo: { force: 0.5, concepts: ['y'], uuids: [] } as never }), 'ArgumentValueError'],
    ['a nearText with distance and certainty', () => recording.client.query.nearText({ className: 'Article', query: 'x', distance: 0.2, certainty: 0.8 }), 'ArgumentValueError'],
    ['a nearImage that is not base64', () => recording.client.query.nearImage({ className: 'Article', image: 'not base64!' }), 'ArgumentValueError'],
    ['a nearImage of no bytes', () => recording.client.query.nearImage({ className: 'Article', image: new Uint8Array(0) }), 'ArgumentValueError'],
    ['a nearMedia of a medium the server does not know', () => recording.client.query.nearMedia({ className: 'Article', media: 'AAAA', mediaType: 'smell' as never }), 'ArgumentValueError'],
    ['a nearMedia of a number', () => recording.client.query.nearMedia({ className: 'Article', media: 42 as never, mediaType: 'audio' }), 'ArgumentTypeError'],
  ])('%s', async (_name, run, tag) => {
    expect(await only(run())).toEqual(expect.objectContaining({ _tag: tag }))
    expect(recording.requests).toEqual([])
  })
})

describe('a feature the server lacks is an UnsupportedVersionError, with no search request', () => {
  it.each([
    ['1.14.1', 'bm25', 'bm25 search', () => recording.client.query.bm25({ className: 'Article', query: 'fox' })],
    ['1.14.1', 'hybrid', 'hybrid search', () => recording.client.query.hybrid({ className: 'Article', query: 'fox', vector: [1] })],
    ['1.13.2', 'a distance threshold', "search by 'distance'", () => recording.client.query.nearVector({ className: 'Article', vector: [1], distance: 0.2 })],
    ['1.13.2', 'distance metadata', "search by 'distance'", () => recording.client.query.nearVector({ className: 'Article', vector: [1], returnMetadata: ['distance'] })],
    ['1.18.6', 'groupBy', "a vector search's 'groupBy'", () => recording.client.query.nearVector({ className: 'Article', vector: [1], groupBy: { property: 'year', numberOfGroups: 2, objectsPerGroup: 2 } })],
    ['1.18.6', 'autocut', 'autocut', () => recording.client.query.nearVector({ className: 'Article', vector: [1], autocut: 1 })],
    ['1.18.6', 'hybrid queryProperties', "hybrid search 'queryProperties'", () => recording.client.query.hybrid({ className: 'Article', query: 'x', queryProperties: ['title'] })],
    ['1.18.6', 'ContainsAny', "the where operators 'ContainsAny' and 'ContainsAll'", () => recording.client.query.fetchObjects({ className: 'Article', where: { path: ['tags'], operator: 'ContainsAny', valueTextArray: ['a'] } })],
    ['1.18.6', 'a multi-vector query', 'multi-vectors', () => recording.client.query.nearVector({ className: 'Article', vector: [[1, 2], [3, 4]] })],
    ['1.18.6', "bm25's searchOperator", "a keyword search's 'searchOperator'", () => recording.client.query.bm25({ className: 'Article', query: 'x', searchOperator: { operator: 'And' } })],
    ['1.18.6', "hybrid's bm25SearchOperator", "a keyword search's 'searchOperator'", () => recording.client.query.hybrid({ className: 'Article', query: 'x', bm25SearchOperator: { operator: 'Or', minimumOrTokensMatch: 2 } })],
    ['1.18.6', "hybrid's maxVectorDistance", "hybrid search 'maxVectorDistance'", () => recording.client.query.hybrid({ className: 'Article', query: 'x', vector: [1], maxVectorDistance: 0.5 })],
    ['1.18.6', 'two target vectors', 'a search over several target vectors', () => recording.client.query.nearVector({ className: 'Article', vector: [1], targetVector: ['a', 'b'] })],
    ['1.18.6', 'a tenant', 'multi-tenancy', () => recording.client.query.fetchObjects({ className: 'Article', tenant: 't1' })],
    ['1.18.6', 'nearMedia (audio)', 'a search by audio, video, depth, thermal or IMU data (nearMedia)', () => recording.client.query.nearMedia({ className: 'Article', media: 'UklGRg==', mediaType: 'audio' })],
    ['1.18.6', 'nearText with groupBy', "a vector search's 'groupBy'", () => recording.client.query.nearText({ className: 'Article', query: 'fox', groupBy: { property: 'year', numberOfGroups: 2, objectsPerGroup: 2 } })],
    ['1.18.6', 'nearText on a named vector', 'named vectors in search', () => recording.client.query.nearText({ className: 'Article', query: 'fox', targetVector: 'title' })],
    ['1.18.6', 'nearImage over two target vectors', 'a search over several target vectors', () => recording.client.query.nearImage({ className: 'Article', image: 'AAAA', targetVector: ['a', 'b'] })],
    ['1.13.2', 'nearText with a distance', "search by 'distance'", () => recording.client.query.nearText({ className: 'Article', query: 'fox', distance: 0.3 })],
    ['1.14.1', 'a cursor', "the 'after' cursor", () => recording.client.query.fetchObjects({ className: 'Article', after: '00000000-0000-4000-8000-000000000000' })],
  ] as const)('%s: %s', async (version, _name, feature, run) => {
    recording = onVersion(version)
    expect(await only(run())).toEqual(expect.objectContaining({ _tag: 'UnsupportedVersionError', feature }))
    expect(recording.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/meta'])
  })

  it('transport grpc on a server without gRPC search', async () => {
    // 1.18.6 has no gRPC; the address (a closed port) is never reached: the version gate refuses first.
    recording = recordingClient({ url: serverUrl('1.18.6'), grpcUrl: 'http://127.0.0.1:9', transport: 'grpc' })
    expect(await only(recording.client.query.fetchObjects({ className: 'Article' }))).toEqual(expect.objectContaining({ _tag: 'UnsupportedVersionError', feature: 'search over gRPC' }))
    expect(recording.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/meta'])
  })

  it('nearText and nearImage have no cut-off of their own: on 1.18.6 they reach GraphQL, which refuses the argument no module of the server declares', async () => {
    const className = uniqueClassName('NearText118')
    await createClass(serverUrl('1.18.6'), { class: className, vectorizer: 'none', properties: [{ name: 'title', dataType: ['text'] }] })
    try {
      recording = onVersion('1.18.6')
      const text = await only(recording.client.query.nearText({ className, query: 'fox' }))
      const image = await only(recording.client.query.nearImage({ className, image: 'AAAA' }))
      expect(text).toEqual(expect.objectContaining({ _tag: 'UnexpectedStatusError', message: expect.stringMatching(/Unknown argument "nearText"/) as unknown }))
      expect(image).toEqual(expect.objectContaining({ _tag: 'UnexpectedStatusError', message: expect.stringMatching(/Unknown argument "nearImage"/) as unknown }))
      expect(recording.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/meta', `GET /v1/schema/${className}`, 'POST /v1/graphql', `GET /v1/schema/${className}`, 'POST /v1/graphql'])
    } finally {
      await deleteClass(serverUrl('1.18.6'), className)
    }
  })

  it('the same search on a server that has the feature is sent', async () => {
    recording = onVersion('1.18.6')
    await only(recording.client.query.bm25({ className: 'NoSuchClass', query: 'fox' }))
    expect(recording.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/meta', 'GET /v1/schema/NoSuchClass', 'POST /v1/graphql'])
  })
})
