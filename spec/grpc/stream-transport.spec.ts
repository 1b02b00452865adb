/**
 * The whole-class stream over gRPC keeps the stream's contract on the real servers: unsubscribing
 * cancels the Search call in flight, a stream that fails mid-way resumes exactly (one cursor or
 * partitions), `auto` reads over gRPC when vectors are asked for (either format) and over REST without them, and
 * a server without gRPC (1.18.6) streams over REST with one warning. Search calls are counted by a
 * recording gRPC proxy in front of the 1.39.0 server.
 */
import * as E from 'fp-ts/Either'
import { firstValueFrom, lastValueFrom, toArray } from 'rxjs'
import { BatchObject, Client, StreamArgs, WeaviateError, WeaviateObject, connect } from '../../lib'
import { GRPC_FALLBACK_WARNING } from '../../lib/context/fallback-warnings'
import { createClass, deleteClass, insertObjects } from '../helpers/fixtures'
import { GrpcProxy, ProxyAnswer, startGrpcProxy } from '../helpers/grpc-proxy'
import { uniqueClassName, weaviateConnection, weaviateUrl } from '../helpers/server'
import { apiKeyOption, grpcServerUrl, serverUrl } from '../helpers/versions'
import { ownHandles } from '../helpers/own-handles'

const Rows = uniqueClassName('StreamTransport')
const OldRows = uniqueClassName('StreamTransportOld')
const COUNT = 95

let expected: string[]
const open: Array<{ close(): Promise<void> }> = []

/** A client whose gRPC calls go through a fresh proxy answering as `answer` says. */
const proxied = async (answer?: (n: number) => ProxyAnswer): Promise<{ client: Client; proxy: GrpcProxy }> => {
  const proxy = await startGrpcProxy(grpcServerUrl('1.39.0'), answer)
  // grpc: 'native': the proxy sees grpc-js calls (by default a client with a gRPC address sends
  // its searches as gRPC-Web on the url, spec/grpc-web/choice.spec.ts).
  const client = connect({ ...weaviateConnection(), grpcUrl: proxy.url, grpc: 'native' })
  open.push(proxy, client)
  return { client, proxy }
}

const items = (client: Client, args: StreamArgs): Promise<Array<E.Either<WeaviateError, WeaviateObject>>> =>
  lastValueFrom(client.objects.stream(args).pipe(toArray()))

const idsOf = (list: Array<E.Either<WeaviateError, WeaviateObject>>): string[] => list.flatMap((i) => (E.isRight(i) ? [i.right.id] : []))

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles({
  closeAfterAll: async () => {
    for (const o of open) await o.close()
    await deleteClass(weaviateUrl(), Rows)
    await deleteClass(serverUrl('1.18.6'), OldRows)
  },
})

beforeAll(async () => {
  await createClass(weaviateUrl(), { class: Rows, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] })
  const client = connect({ ...weaviateConnection(), transport: 'rest' })
  const rows: BatchObject[] = Array.from({ length: COUNT }, (_, n) => ({ className: Rows, dataObject: { n }, vector: [n, 1, 2] }))
  const written = await lastValueFrom(client.objects.batch(rows).pipe(toArray()))
  expected = written.flatMap((r) => (E.isRight(r) ? [r.right.uuid] : [])).sort()
  await client.close()
  await createClass(serverUrl('1.18.6'), { class: OldRows, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] })
  await insertObjects(serverUrl('1.18.6'), OldRows, Array.from({ length: 12 }, (_, n) => ({ n })))
})

describe('a stream over gRPC', () => {
  it('cancels the Search call in flight when unsubscribed', async () => {
    const { client, proxy } = await proxied((n) => (n === 1 ? 'hold' : 'forward'))
    const subscription = client.objects.streamPages({ className: Rows, pageSize: 10, transport: 'grpc' }).subscribe()
    await proxy.received(2) // the first page arrived; the second is held open
    subscription.unsubscribe()
    await proxy.cancellations(1)
    expect(proxy.searches()).toBe(2)
    expect(proxy.cancelled()).toBe(1)
  })

  it('asks for no further page after the consumer has taken what it wanted', async () => {
    const { client, proxy } = await proxied()
    const first = await firstValueFrom(client.objects.stream({ className: Rows, pageSize: 10, prefetch: 0, transport: 'grpc' }))
    expect(E.isRight(first)).toBe(true)
    expect(proxy.searches()).toBe(1)
  })

  it('resumes exactly after a failure mid-way, from the last id received', async () => {
    const { client } = await proxied((n) => (n === 3 ? 'unavailable' : 'forward'))
    const failed = await items(client, { className: Rows, pageSize: 10, transport: 'grpc', retry: false })
    expect(failed.at(-1)).toMatchObject({ _tag: 'Left', left: { _tag: 'ConnectionError' } })
    const before = idsOf(failed)
    expect(before).toEqual(expected.slice(0, 30))
    const rest = idsOf(await items(client, { className: Rows, pageSize: 10, transport: 'grpc', after: before.at(-1) ?? '' }))
    expect([...before, ...rest]).toEqual(expected)
  })

  it('resumes a partitioned stream exactly from the ranges its error names', async () => {
    const { client } = await proxied((n) => (n === 4 ? 'unavailable' : 'forward'))
    const failed = await items(client, { className: Rows, pageSize: 5, partitions: 3, transport: 'grpc', retry: false })
    const last = failed.at(-1)
    if (last === undefined || E.isRight(last) || last.left._tag !== 'StreamPartitionError') throw new Error(`expected a StreamPartitionError, got ${JSON.stringify(last)}`)
    const rest = idsOf(await items(client, { className: Rows, pageSize: 5, ranges: last.left.remaining, transport: 'grpc' }))
    const all = [...idsOf(failed), ...rest]
    expect(all.length).toBe(COUNT)
    expect([...all].sort()).toEqual(expected)
  })
})

describe("a stream with transport 'auto'", () => {
  it('reads over gRPC when vectors are asked for as Float32Arrays', async () => {
    const { client, proxy } = await proxied()
    const read = await lastValueFrom(client.objects.stream({ className: Rows, withVector: true, vectorFormat: 'float32' }).pipe(toArray()))
    expect(read.flatMap((i) => (E.isRight(i) ? [i.right.id] : []))).toEqual(expected)
    expect(proxy.searches()).toBe(1)
  })

  it("reads over gRPC when vectors are asked for as REST's numbers, where gRPC now measured faster", async () => {
    const { client, proxy } = await proxied()
    expect(idsOf(await items(client, { className: Rows, withVector: true }))).toEqual(expected)
    expect(proxy.searches()).toBe(1)
  })

  it('reads over REST without vectors, where REST measured faster', async () => {
    const { client, proxy } = await proxied()
    expect(idsOf(await items(client, { className: Rows }))).toEqual(expected)
    expect(proxy.searches()).toBe(0)
  })

  it('streams vectors from a 1.18.6 server over REST and warns once, naming the version', async () => {
    const warnings: string[] = []
    const spy = jest.spyOn(process, 'emitWarning').mockImplementation((warning: string | Error, options?: unknown) => {
      const code = typeof options === 'object' && options !== null && 'code' in options ? options.code : undefined
      if (code === GRPC_FALLBACK_WARNING) warnings.push(String(warning))
    })
    try {
      const client = connect({ url: serverUrl('1.18.6'), ...apiKeyOption(serverUrl('1.18.6')) })
      open.push(client)
      const stream = () => lastValueFrom(client.objects.stream({ className: OldRows, withVector: true, vectorFormat: 'float32' }).pipe(toArray()))
      const read = await stream()
      expect(read.filter(E.isLeft)).toEqual([])
      expect(read).toHaveLength(12)
      expect(await stream()).toHaveLength(12)
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toMatch(/1\.18\.6/)
    } finally {
      spy.mockRestore()
    }
  })
})

describe('stream arguments', () => {
  it("refuses additionalProperties over transport 'grpc' before any request", async () => {
    const { client, proxy } = await proxied()
    const read = await items(client, { className: Rows, additionalProperties: ['classification'], transport: 'grpc' })
    expect(read).toMatchObject([{ _tag: 'Left', left: { _tag: 'ArgumentValueError', argument: 'additionalProperties' } }])
    expect(proxy.searches()).toBe(0)
  })

  it('refuses an unknown vectorFormat', async () => {
    const { client } = await proxied()
    const read = await items(client, { className: Rows, vectorFormat: 'float64' as 'array' })
    expect(read).toMatchObject([{ _tag: 'Left', left: { _tag: 'ArgumentValueError', argument: 'vectorFormat' } }])
  })
})
