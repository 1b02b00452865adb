/**
 * The gRPC-Web side over both of its exchanges, undici on the client's pools and `fetch`: the
 * deadline, the abort on unsubscribe, and the answers the status mapping reads. A real 1.39.0
 * server answers the health check and a refused search; a hand-made server (spec/helpers) does
 * what no real Weaviate does on demand: never answer, cut a body inside a frame, answer 503
 * without a gRPC status, sit behind a path prefix.
 */
import { create } from '@bufbuild/protobuf'
import { status as Status } from '@grpc/grpc-js'
import * as E from 'fp-ts/Either'
import { firstValueFrom } from 'rxjs'
import { Agent, fetch as undiciFetch } from 'undici'
import { HealthCheckRequestSchema, HealthCheckResponse_ServingStatus } from '../../lib/proto/generated/grpc/health/v1/health_pb'
import { METHODS } from '../../lib/transport/grpc/methods'
import type { GrpcEffect } from '../../lib/transport/grpc/calls'
import { grpcError } from '../../lib/transport/grpc/status'
import type { WebExchange } from '../../lib/transport/grpc-web/exchange'
import { fetchExchange } from '../../lib/transport/grpc-web/fetch-exchange'
import { encodeFrame, encodeTrailers } from '../../lib/transport/grpc-web/framing'
import { createGrpcWeb } from '../../lib/transport/grpc-web/pipeline'
import { undiciExchange } from '../../lib/transport/grpc-web/undici-exchange'
import { BearerSource, DEFAULT_TIMEOUT, resolveOptions } from '../../lib/transport/http/options'
import { createPools } from '../../lib/transport/http/pools'
import { DEFAULT_RETRY } from '../../lib/transport/http/retry'
import { Behaviour, TestServer, neverAnswer, startServer } from '../helpers/misbehaving-server'
import { ownHandles } from '../helpers/own-handles'
import { uniqueClassName, weaviateUrl } from '../helpers/server'
import { apiKeyOption } from '../helpers/versions'

/** What one test opened: closed after it. */
const closers: (() => Promise<unknown>)[] = []
ownHandles({ closeAfterEach: () => Promise.all(closers.splice(0).map((close) => close())) })

type Kind = 'undici' | 'fetch'

/** A gRPC-Web side on `url` over the exchange `kind`, with `attempts` attempts (and an OIDC-style token source). */
const webTo = (kind: Kind, url: string, attempts = 1, bearer?: BearerSource): GrpcEffect => {
  const resolved = resolveOptions({ urls: [url], ...apiKeyOption(url) })
  let exchange: WebExchange
  let closed = (): boolean => false
  if (kind === 'undici') {
    const pools = createPools(resolved)
    closers.push(() => pools.close())
    exchange = undiciExchange((origin) => pools.for(origin))
    closed = () => pools.closed
  } else {
    // undici's own fetch, the one Node ships as the global, on an Agent the test closes: the
    // global's connections live as long as the process, beyond what the own-handles check allows.
    const agent = new Agent()
    closers.push(() => agent.close())
    type UndiciInit = NonNullable<Parameters<typeof undiciFetch>[1]>
    const viaAgent = (input: string, init?: RequestInit): Promise<Response> =>
      undiciFetch(input, { ...(init as unknown as UndiciInit), dispatcher: agent })
    exchange = fetchExchange(viaAgent)
  }
  const retry = { ...DEFAULT_RETRY, attempts, baseDelayMs: 1 }
  return createGrpcWeb({ nodes: resolved.nodes, headers: resolved.headers, retry, timeout: DEFAULT_TIMEOUT, exchange, closed, bearer })
}

const stub = async (behaviour: Behaviour): Promise<TestServer> => {
  const server = await startServer(behaviour)
  closers.push(() => server.close())
  return server
}

/** A gRPC-Web answer: status 200, the gRPC-Web content type, then `body`. */
const webAnswer =
  (body: Uint8Array): Behaviour =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/grpc-web+proto' })
    res.end(body)
  }

const SERVING = Buffer.concat([encodeFrame(Uint8Array.of(0x08, HealthCheckResponse_ServingStatus.SERVING)), encodeTrailers({ 'grpc-status': '0' })])
const health = create(HealthCheckRequestSchema, {})
const SHORT = { attemptMs: 300, totalMs: 300 }
const FAR = { attemptMs: 600_000, totalMs: 600_000 }

describe.each<Kind>(['undici', 'fetch'])('gRPC-Web over %s', (kind) => {
  it('answers the real server health check with SERVING', async () => {
    const reply = await firstValueFrom(webTo(kind, weaviateUrl()).call(METHODS.health, health))
    expect(reply.status).toBe(HealthCheckResponse_ServingStatus.SERVING)
  })

  it("maps the real server's refusal of a search of a missing class as grpc-js's status is mapped", async () => {
    const collection = uniqueClassName('GrpcWebMissing')
    const result = await firstValueFrom(webTo(kind, weaviateUrl()).run(METHODS.search, { collection, limit: 1, uses127Api: true }))
    expect(result).toEqual(
      E.left(
        grpcError(
          { code: Status.UNKNOWN, details: `could not find class ${collection} in schema` },
          { url: `${weaviateUrl()}/v1/grpc-web/weaviate.v1.Weaviate/Search`, limit: { afterMs: 0, phase: 'attempt', timeoutMs: 0 } },
        ),
      ),
    )
  })

  it('posts to /v1/grpc-web/ after the URL’s own path', async () => {
    const server = await stub(webAnswer(SERVING))
    await firstValueFrom(webTo(kind, `${server.url}/proxy/weaviate`).call(METHODS.health, health))
    expect(server.requests.map((r) => [r.method, r.url])).toEqual([['POST', '/proxy/weaviate/v1/grpc-web/grpc.health.v1.Health/Check']])
  })

  it('ends with a TimeoutError at the attempt limit, sent as grpc-timeout, and closes the request', async () => {
    const server = await stub(neverAnswer)
    const result = await firstValueFrom(webTo(kind, server.url).run(METHODS.health, health, { timeout: SHORT }))
    expect(E.isLeft(result) && { tag: result.left._tag, phase: result.left._tag === 'TimeoutError' && result.left.phase }).toEqual({ tag: 'TimeoutError', phase: 'attempt' })
    const seen = await server.request(0)
    // The attempt's limit left when it is sent: the 300 ms less what passed since the call began.
    const sent = /^(\d+)m$/.exec(String(seen.headers['grpc-timeout']))
    expect(sent !== null && Number(sent[1]) > 0 && Number(sent[1]) <= 300).toBe(true)
    await seen.socketClosed
  })

  it('aborts the request when the subscriber unsubscribes', async () => {
    const server = await stub(neverAnswer)
    const subscription = webTo(kind, server.url).call(METHODS.health, health, { timeout: FAR }).subscribe()
    const seen = await server.request(0)
    subscription.unsubscribe()
    // Only the abort closes the socket: the server never answers and the deadline is far.
    await seen.socketClosed
    expect(server.requests).toHaveLength(1)
  })

  it('reports a body cut inside a frame as INTERNAL (500), as grpc-js reports a call ended without a status', async () => {
    const server = await stub(webAnswer(encodeFrame(new Uint8Array(100)).subarray(0, 20)))
    const result = await firstValueFrom(webTo(kind, server.url).run(METHODS.health, health))
    expect(E.isLeft(result) && result.left._tag === 'UnexpectedStatusError' && [result.left.status, result.left.messages]).toEqual([
      500,
      ['Call ended without gRPC status: the body ended inside a frame (20 of 105 bytes)'],
    ])
  })

  it('reads a 503 without grpc-status as UNAVAILABLE, a ConnectionError retried when the call is idempotent', async () => {
    let n = 0
    const server = await stub((req, res) => {
      if (n++ === 0) {
        res.writeHead(503, { 'content-type': 'text/plain' })
        res.end('busy')
      } else webAnswer(SERVING)(req, res, n)
    })
    const grpc = webTo(kind, server.url, 3)
    const once = await firstValueFrom(webTo(kind, server.url).run(METHODS.health, health, { idempotent: true }))
    expect(E.isLeft(once) && once.left._tag === 'ConnectionError' && once.left.code).toBe('UNAVAILABLE')
    n = 0
    const retried = await firstValueFrom(grpc.run(METHODS.health, health, { idempotent: true }))
    expect(E.isRight(retried)).toBe(true)
    expect(server.requests).toHaveLength(3)
  })

  it('reads the status of a trailers-only answer from its headers, the message percent-decoded', async () => {
    const server = await stub((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/grpc-web+proto', 'grpc-status': String(Status.PERMISSION_DENIED), 'grpc-message': 'no%20access' })
      res.end()
    })
    const result = await firstValueFrom(webTo(kind, server.url).run(METHODS.health, health))
    expect(E.isLeft(result) && [result.left._tag, result.left.message.includes('no access')]).toEqual(['ForbiddenError', true])
  })

  it('sends the token of each attempt as its Authorization header (OIDC), a refreshed one included', async () => {
    const server = await stub(webAnswer(SERVING))
    const tokens = ['Bearer t-1', 'Bearer t-2']
    let asked = 0
    const bearer: BearerSource = {
      authorization: () => (asked++ === 0 ? (tokens[0] ?? '') : Promise.resolve(tokens[1] ?? '')),
      forStream: () => ({ authorization: tokens[0] ?? '', renewInMs: undefined }),
    }
    const grpc = webTo(kind, server.url, 1, bearer)
    await firstValueFrom(grpc.call(METHODS.health, health))
    await firstValueFrom(grpc.call(METHODS.health, health))
    expect(server.requests.map((r) => r.headers['authorization'])).toEqual(tokens)
  })
})
