/**
 * A gRPC stream page's results arrive as bytes (`METHODS.searchPages`) and are decoded one by one
 * when first read: the stream reads the last one's id (the next cursor) before it decodes the
 * others. Unit-level: encoded SearchResults made here, as the server sends them.
 */
import { create, toBinary } from '@bufbuild/protobuf'
import * as E from 'fp-ts/Either'
import { SearchReplySchema, SearchResultSchema } from '../../lib/proto/generated/weaviate/v1/search_pb'
import { METHODS } from '../../lib/transport/grpc/methods'
import { PageResults } from '../../lib/objects/stream/grpc-results'
import { ownHandles } from '../helpers/own-handles'

const ids = ['00000000-0000-0000-0000-000000000001', '00000000-0000-0000-0000-000000000002']
const encoded = ids.map((id) => toBinary(SearchResultSchema, create(SearchResultSchema, { metadata: { id } })))

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles()

describe('a gRPC stream page', () => {
  it("reads a Search reply's results as their bytes, each a SearchResult", () => {
    const reply = toBinary(SearchReplySchema, create(SearchReplySchema, { took: 1, results: ids.map((id) => ({ metadata: { id } })) }))
    const results = METHODS.searchPages.deserialize(Buffer.from(reply)).results
    expect(results.map((bytes) => Buffer.from(bytes))).toEqual(encoded.map((bytes) => Buffer.from(bytes)))
  })

  it('decodes a result when first read, and only once', () => {
    const results = new PageResults(encoded, 'grpc://x/Search')
    const first = results.decode(1)
    expect(results.id(1)).toBe(ids[1])
    expect(results.decode(1)).toBe(first)
  })

  it('gives a result that does not decode as a DecodeError naming its index, and its id as empty', () => {
    const results = new PageResults([encoded[0] ?? new Uint8Array(0), new Uint8Array([0x0a, 0xff])], 'grpc://x/Search')
    const broken = results.decode(1)
    expect(E.isLeft(broken) && broken.left._tag === 'DecodeError' && broken.left.report[0]?.startsWith('results[1]:')).toBe(true)
    expect(results.id(1)).toBe('')
    expect(results.id(0)).toBe(ids[0])
  })

  it("reads a result's id from its 16 id bytes when the server sends no id text", () => {
    const idAsBytes = Buffer.from(ids[1]?.replace(/-/g, '') ?? '', 'hex')
    const results = new PageResults([toBinary(SearchResultSchema, create(SearchResultSchema, { metadata: { idAsBytes } }))], 'grpc://x/Search')
    expect(results.id(0)).toBe(ids[1])
  })

  it('gives a result with neither id text nor id bytes an empty id', () => {
    const results = new PageResults([toBinary(SearchResultSchema, create(SearchResultSchema, { metadata: { distance: 0.5 } }))], 'grpc://x/Search')
    expect(results.id(0)).toBe('')
  })
})
