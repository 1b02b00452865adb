/**
 * One attempt of a unary call (`lib/transport/grpc/unary.ts`) before it reaches the network: a request the
 * codec cannot encode. The calls that reach a server are specified against the real 1.39.0 in
 * `spec/query/grpc-call.spec.ts` and `pipeline.spec.ts`.
 */
import { type Client, Metadata } from '@grpc/grpc-js'
import * as E from 'fp-ts/Either'
import type { SearchRequest } from '../../lib/proto/static/requests/weaviate/v1/search'
import { METHODS } from '../../lib/transport/grpc/methods'
import { startUnary } from '../../lib/transport/grpc/unary'
import { ownHandles } from '../helpers/own-handles'

/** A client that fails the test if a call is made on it. */
const noCalls = {
  getChannel: () => {
    throw new Error('a call was started')
  },
} as unknown as Client

const SITE = { url: 'http://127.0.0.1:1/weaviate.v1.Weaviate/Search', limit: { phase: 'attempt', timeoutMs: 1000, afterMs: 1000 } } as const

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles()

describe('a unary attempt', () => {
  it('ends in a ConnectionError UNKNOWN naming the encoding failure, with no call started, when the request cannot be encoded', () => {
    const results: unknown[] = []
    const request: SearchRequest = { collection: 'A', limit: 2 ** 40 }
    startUnary({ client: noCalls, method: METHODS.search, request, metadata: new Metadata(), ...SITE }, (r) => results.push(r))
    expect(results).toEqual([
      E.left(expect.objectContaining({ _tag: 'ConnectionError', code: 'UNKNOWN', message: expect.stringContaining('the request could not be encoded') })),
    ])
  })
})
