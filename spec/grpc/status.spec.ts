/**
 * gRPC statuses become members of the client's error union, as the REST path reports the same
 * situations: no tag of its own (PERMISSION_DENIED is the ForbiddenError a REST 403 is).
 */
import { status } from '@grpc/grpc-js'
import { grpcError } from '../../lib/transport/grpc/status'
import { isNetworkFailure, isTransient } from '../../lib/transport/http/retry'
import { ownHandles } from '../helpers/own-handles'

const site = { url: 'http://127.0.0.1:50051/weaviate.v1.Weaviate/BatchObjects', limit: { afterMs: 30_000, phase: 'attempt' as const, timeoutMs: 30_000 } }

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles()

describe('a gRPC status', () => {
  it('UNAVAILABLE is a transient ConnectionError, so it is retried and moves to the next node', () => {
    const e = grpcError({ code: status.UNAVAILABLE, details: 'connect ECONNREFUSED' }, site)
    expect(e._tag).toBe('ConnectionError')
    expect(isNetworkFailure(e)).toBe(true)
  })

  it('DEADLINE_EXCEEDED is an attempt TimeoutError with the configured timeout', () => {
    expect(grpcError({ code: status.DEADLINE_EXCEEDED, details: '' }, site)).toMatchObject({ _tag: 'TimeoutError', phase: 'attempt', timeoutMs: 30_000 })
  })

  it.each([
    [status.UNAUTHENTICATED, 401],
    [status.INVALID_ARGUMENT, 400],
    [status.NOT_FOUND, 404],
    [status.RESOURCE_EXHAUSTED, 413],
    [status.INTERNAL, 500],
    [status.UNIMPLEMENTED, 501],
  ])('%s is an UnexpectedStatusError with the HTTP status %s and the server message', (code, httpStatus) => {
    const e = grpcError({ code, details: 'the server said so' }, site)
    expect(e).toMatchObject({ _tag: 'UnexpectedStatusError', status: httpStatus, messages: ['the server said so'] })
  })

  it('PERMISSION_DENIED is the ForbiddenError a REST 403 is, with the server message, and not transient', () => {
    const e = grpcError({ code: status.PERMISSION_DENIED, details: 'forbidden: read_data' }, site)
    expect(e).toMatchObject({ _tag: 'ForbiddenError', messages: ['forbidden: read_data'] })
    expect(isTransient(e)).toBe(false)
  })

  it("UNKNOWN with Weaviate's 'extract auth:' message is the 401 REST gives for a rejected key", () => {
    expect(grpcError({ code: status.UNKNOWN, details: 'extract auth: unauthorized: invalid api key' }, site)).toMatchObject({ status: 401 })
  })

  it("UNKNOWN (a Weaviate handler's refusal: an unknown property, a vector of the wrong dimension) is the 422 REST gives, which no retry repeats", () => {
    const e = grpcError({ code: status.UNKNOWN, details: 'vector lengths don\'t match: 2 vs 3' }, site)
    expect(e).toMatchObject({ _tag: 'UnexpectedStatusError', status: 422, messages: ["vector lengths don't match: 2 vs 3"] })
    expect(isTransient(e)).toBe(false)
  })

  it('INTERNAL is a transient 500, retried as REST retries a 500', () => {
    expect(isTransient(grpcError({ code: status.INTERNAL, details: 'stream reset' }, site))).toBe(true)
  })

  it('RESOURCE_EXHAUSTED (a message over the size limit) is not retried', () => {
    expect(isTransient(grpcError({ code: status.RESOURCE_EXHAUSTED, details: 'message larger than max' }, site))).toBe(false)
  })
})
