/**
 * The per-call contract of a search over gRPC on the real 1.39.0 server (`lib/transport/grpc/attempts.ts`,
 * `unary.ts`, `pipeline.ts`): one Search call per subscription, cancelled at the server on
 * unsubscribe, ended by the attempt timeout (grpc-js's deadline, the attempt's one timer), sent
 * again after a transient failure only, and refused once the client is closed. A recording gRPC
 * proxy in front of the server counts the calls and holds or fails one on demand.
 */
import * as E from 'fp-ts/Either'
import { firstValueFrom, lastValueFrom, toArray } from 'rxjs'
import { BatchObject, Client, connect } from '../../lib'
import { createClass, deleteClass } from '../helpers/fixtures'
import { GrpcProxy, ProxyAnswer, startGrpcProxy } from '../helpers/grpc-proxy'
import { uniqueClassName, weaviateConnection, weaviateUrl } from '../helpers/server'
import { grpcServerUrl } from '../helpers/versions'
import { ownHandles } from '../helpers/own-handles'

const Points = uniqueClassName('GrpcCall')
const COUNT = 20
const open: Array<{ close(): Promise<void> }> = []

/** A client whose gRPC calls go through a fresh proxy answering as `answer` says. */
const proxied = async (answer?: (n: number) => ProxyAnswer): Promise<{ client: Client; proxy: GrpcProxy }> => {
  const proxy = await startGrpcProxy(grpcServerUrl('1.39.0'), answer)
  const client = connect({ ...weaviateConnection(), grpcUrl: proxy.url, transport: 'grpc' })
  open.push(proxy, client)
  return { client, proxy }
}

const search = (client: Client, call: { readonly timeout?: { attemptMs: number; totalMs: number } } = {}) =>
  client.query.nearVector({ className: Points, vector: [1, 0, 0], limit: 5, returnMetadata: ['distance'], ...call })

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles({
  closeAfterAll: async () => {
    for (const o of open) await o.close()
    await deleteClass(weaviateUrl(), Points)
  },
})

beforeAll(async () => {
  await createClass(weaviateUrl(), { class: Points, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] })
  const client = connect({ ...weaviateConnection(), transport: 'rest' })
  const rows: BatchObject[] = Array.from({ length: COUNT }, (_, n) => ({ className: Points, dataObject: { n }, vector: [1, n / COUNT, 0] }))
  const written = await lastValueFrom(client.objects.batch(rows).pipe(toArray()))
  expect(written.every(E.isRight)).toBe(true)
  await client.close()
})

describe('a search over gRPC', () => {
  it('answers with one Search call per subscription', async () => {
    const { client, proxy } = await proxied()
    const search$ = search(client)
    const [first, second] = [await firstValueFrom(search$), await firstValueFrom(search$)]
    expect(E.isRight(first) && E.isRight(second) && [first.right.objects.length, second.right.objects.length]).toEqual([5, 5])
    expect(proxy.searches()).toBe(2)
  })

  it('cancels its Search call at the server when unsubscribed', async () => {
    const { client, proxy } = await proxied(() => 'hold')
    const subscription = search(client, { timeout: FAR }).subscribe()
    await proxy.received(1)
    subscription.unsubscribe()
    await proxy.cancellations(1)
    expect(proxy.cancelled()).toBe(1)
  })

  it('ends in a TimeoutError when the server does not answer within the attempt timeout', async () => {
    const { client } = await proxied(() => 'hold')
    const result = await firstValueFrom(search(client, { timeout: { attemptMs: 300, totalMs: 300 } }))
    expect(E.isLeft(result) && result.left._tag).toBe('TimeoutError')
  })

  it.each([
    ['UNAVAILABLE', 'unavailable'],
    ['a reply that does not decode', 'garbled'],
  ] as const)('is sent again after %s and answers from the server', async (_failure, first) => {
    const { client, proxy } = await proxied((n) => (n === 0 ? first : 'forward'))
    const result = await firstValueFrom(search(client))
    expect(E.isRight(result) && result.right.objects.length).toBe(5)
    expect(proxy.searches()).toBe(2)
  })

  it('ends after one Search call, with the server refusal as a 422, when the server refuses it (a vector of the wrong dimension)', async () => {
    const { client, proxy } = await proxied()
    const result = await firstValueFrom(client.query.nearVector({ className: Points, vector: [1, 0], limit: 5 }))
    expect(E.isLeft(result) && result.left._tag === 'UnexpectedStatusError' && result.left.status).toBe(422)
    expect(proxy.searches()).toBe(1)
  })

  it('ends in an UnexpectedStatusError 500 naming the parse failure when no reply decodes', async () => {
    const { client, proxy } = await proxied(() => 'garbled')
    const result = await firstValueFrom(client.query.nearVector({ className: Points, vector: [1, 0, 0], retry: { attempts: 1 } }))
    expect(E.isLeft(result) && result.left._tag === 'UnexpectedStatusError' && [result.left.status, result.left.messages[0]?.split(':')[0]]).toEqual([
      500,
      'Response message parsing error',
    ])
    expect(proxy.searches()).toBe(1)
  })

  it('sends the largest limit a uint32 carries, which the server refuses as beyond its maximum results', async () => {
    const { client, proxy } = await proxied()
    const result = await firstValueFrom(client.query.nearVector({ className: Points, vector: [1, 0, 0], limit: 4_294_967_295 }))
    expect(E.isLeft(result) && result.left._tag === 'UnexpectedStatusError' && result.left.messages.some((m) => m.includes('QUERY_MAXIMUM_RESULTS'))).toBe(true)
    expect(proxy.searches()).toBe(1)
  })

  it('is a ConnectionError, with no call sent, once the client is closed', async () => {
    const { client, proxy } = await proxied()
    expect(E.isRight(await firstValueFrom(search(client)))).toBe(true)
    await client.close()
    const result = await firstValueFrom(search(client))
    expect(E.isLeft(result) && result.left._tag === 'ConnectionError' && result.left.code).toBe('ERR_CLIENT_CLOSED')
    expect(proxy.searches()).toBe(1)
  })
})

/** Timeouts no test waits for: only the unsubscription can end the call in time. */
const FAR = { attemptMs: 600_000, totalMs: 600_000 }
