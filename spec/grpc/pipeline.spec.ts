/**
 * The gRPC pipeline on the real 1.39.0 test server: calls, the status mapping into the client's
 * error union, and cancellation.
 */
import { create } from '@bufbuild/protobuf'
import * as E from 'fp-ts/Either'
import { firstValueFrom } from 'rxjs'
import { isWeaviateError } from '../../lib'
import { grpcNodes } from '../../lib/grpc/address'
import { HealthCheckRequestSchema, HealthCheckResponse_ServingStatus } from '../../lib/grpc/generated/grpc/health/v1/health_pb'
import { BatchObjectsRequestSchema } from '../../lib/grpc/generated/weaviate/v1/batch_pb'
import { SearchRequestSchema } from '../../lib/grpc/generated/weaviate/v1/search_pb'
import { METHODS } from '../../lib/grpc/methods'
import { GrpcEffect, createGrpc } from '../../lib/grpc/pipeline'
import { DEFAULT_TIMEOUT } from '../../lib/http/options'
import { DEFAULT_RETRY } from '../../lib/http/retry'
import { weaviateUrl } from '../helpers/server'
import { grpcServerUrl } from '../helpers/versions'

const grpcTo = (grpcUrl: string, attempts = 1): GrpcEffect =>
  createGrpc({ nodes: grpcNodes([weaviateUrl()], grpcUrl), headers: {}, retry: { ...DEFAULT_RETRY, attempts, baseDelayMs: 1 }, timeout: DEFAULT_TIMEOUT })

const open: GrpcEffect[] = []
const client = (grpcUrl: string, attempts = 1): GrpcEffect => {
  const g = grpcTo(grpcUrl, attempts)
  open.push(g)
  return g
}
afterAll(() => open.forEach((g) => g.close()))

describe('a gRPC call', () => {
  it('answers the health check with SERVING', async () => {
    const reply = await firstValueFrom(client(grpcServerUrl('1.39.0')).call(METHODS.health, create(HealthCheckRequestSchema, {})))
    expect(reply.status).toBe(HealthCheckResponse_ServingStatus.SERVING)
  })

  it('fails with a retried ConnectionError UNAVAILABLE when nothing listens on the port', async () => {
    const result = await firstValueFrom(client('http://127.0.0.1:1', 1).run(METHODS.health, create(HealthCheckRequestSchema, {})))
    expect(E.isLeft(result) && result.left._tag === 'ConnectionError' && result.left.code).toBe('UNAVAILABLE')
  })

  it('maps a search of a class that does not exist to an UnexpectedStatusError with the server message', async () => {
    const result = await firstValueFrom(client(grpcServerUrl('1.39.0')).run(METHODS.search, create(SearchRequestSchema, { collection: 'NoSuchClass_x1', limit: 1, uses127Api: true })))
    expect(E.isLeft(result)).toBe(true)
    if (E.isLeft(result)) {
      expect(result.left._tag).toBe('UnexpectedStatusError')
      expect(result.left.message).toMatch(/NoSuchClass_x1/)
    }
  })

  it('writes an empty batch', async () => {
    const reply = await firstValueFrom(client(grpcServerUrl('1.39.0')).call(METHODS.batchObjects, create(BatchObjectsRequestSchema, { objects: [] })))
    expect(reply.errors).toEqual([])
  })

  it('is a WeaviateError on every failure path', async () => {
    const result = await firstValueFrom(client('http://127.0.0.1:1').run(METHODS.batchObjects, create(BatchObjectsRequestSchema, {})))
    expect(E.isLeft(result) && isWeaviateError(result.left)).toBe(true)
  })
})
