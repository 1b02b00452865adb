/**
 * A gRPC stream encodes its page request once and appends each page's cursor to those bytes
 * (`cursorRequestBytes`): the bytes of every page must decode to the request with that page's
 * `after`, what encoding the whole request for each page gave. Unit-level: the bytes are read
 * back with the generated code, as the server reads them.
 */
import { create, equals, fromBinary, toBinary } from '@bufbuild/protobuf'
import { SearchRequestSchema } from '../../lib/proto/generated/weaviate/v1/search_pb'
import { cursorRequestBytes, cursorSearchRequest } from '../../lib/query/grpc/cursor-request'

const request = cursorSearchRequest({ className: 'Article', tenant: 'tenantA', consistencyLevel: 'QUORUM', pageSize: 100, withVector: true }, null)
const after = '7e9b1c3a-0d4f-4a55-9c1e-2b8f6a7d9e10'

describe('the bytes of a gRPC stream page request', () => {
  it("decode to the request with the page's cursor as after", () => {
    const page = fromBinary(SearchRequestSchema, cursorRequestBytes(request)(after))
    expect(equals(SearchRequestSchema, page, create(SearchRequestSchema, { ...request, after }))).toBe(true)
  })

  it('are the encoded request itself for the first page (no cursor)', () => {
    expect(Buffer.from(cursorRequestBytes(request)(undefined))).toEqual(Buffer.from(toBinary(SearchRequestSchema, request)))
  })

  it("carry only the latest page's cursor, one page after another", () => {
    const bytes = cursorRequestBytes(request)
    bytes('00000000-0000-0000-0000-000000000001')
    expect(fromBinary(SearchRequestSchema, bytes(after)).after).toBe(after)
  })
})
