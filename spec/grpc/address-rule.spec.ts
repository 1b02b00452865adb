/**
 * The gRPC address rule, without a server: a given `grpcUrl` (a URL, or `host:port` taking TLS
 * from its REST URL) is used as given; without one, a REST URL is paired with port 50051 only when
 * it is on port 8080, else the client has no gRPC address: with `grpc: 'native'`,
 * `transport: 'grpc'` is refused at `connect`; by default (`grpc: 'auto'`) its gRPC goes as
 * gRPC-Web on the url. The two-server behaviour is in address.spec.ts.
 */
import { connect } from '../../lib'
import { ArgumentValueError } from '../../lib/core/errors'
import { grpcNodes, noGrpcAddressReason } from '../../lib/transport/grpc/address'
import { ownHandles } from '../helpers/own-handles'

const plain = (target: string) => ({ target, secure: false, origin: `http://${target}` })
const tls = (target: string) => ({ target, secure: true, origin: `https://${target}` })

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles()

describe('without grpcUrl', () => {
  it.each([
    ['http://127.0.0.1:8080', [plain('127.0.0.1:50051')]],
    ['https://weaviate.internal:8080/', [tls('weaviate.internal:50051')]],
    ['http://[::1]:8080', [plain('[::1]:50051')]],
  ])('pairs %s, on port 8080, with its host on port 50051', (url, nodes) => {
    expect(grpcNodes([url], undefined)).toEqual(nodes)
  })

  it('pairs every node of a cluster whose URLs are all on port 8080', () => {
    expect(grpcNodes(['http://node-a:8080', 'http://node-b:8080'], undefined)).toEqual([plain('node-a:50051'), plain('node-b:50051')])
  })

  it.each([
    ['a second server on one host', ['http://127.0.0.1:8091']],
    ['a URL without a port (http, so 80)', ['http://localhost']],
    ['an https URL without a port (443)', ['https://cluster.example.com']],
    ['a cluster with one node off 8080', ['http://node-a:8080', 'http://node-b:8081']],
  ])('has no gRPC address for %s', (_case, urls) => {
    expect(grpcNodes(urls, undefined)).toEqual([])
  })

  it('says why, naming the URL, and how to pass grpcUrl', () => {
    expect(noGrpcAddressReason(['http://127.0.0.1:8091'])).toBe(
      "no grpcUrl was given, and http://127.0.0.1:8091 is not on Weaviate's default REST port 8080, the only one whose gRPC port (50051) is known to belong to the same server; pass the server's gRPC address as grpcUrl ('host:port' or 'http(s)://host:port') to use gRPC",
    )
  })
})

describe('grpcUrl', () => {
  it('is used as given, whatever the REST port', () => {
    expect(grpcNodes(['http://127.0.0.1:8091'], 'http://127.0.0.1:50052')).toEqual([plain('127.0.0.1:50052')])
    expect(grpcNodes(['http://127.0.0.1:8080'], 'https://grpc.example.com')).toEqual([tls('grpc.example.com:443')])
  })

  it.each([
    ['http://127.0.0.1:8091', 'localhost:50052', plain('localhost:50052')],
    ['https://weaviate.example.com', 'grpc.example.com:443', tls('grpc.example.com:443')],
    ['http://127.0.0.1:8091', '[::1]:50052', plain('[::1]:50052')],
    ['http://127.0.0.1:8091', '10.0.0.7:1', plain('10.0.0.7:1')],
  ])('with the REST URL %s takes %s as host:port, with TLS only after an https REST URL', (url, grpcUrl, node) => {
    expect(grpcNodes([url], grpcUrl)).toEqual([node])
  })

  it('takes TLS for each host:port from the REST URL of the same node', () => {
    expect(grpcNodes(['http://a:8091', 'https://b:8092'], ['a:50061', 'b:50062'])).toEqual([plain('a:50061'), tls('b:50062')])
  })

  it.each([
    ['a host without a port', 'localhost'],
    ['port 0', 'localhost:0'],
    ['a port above 65535', 'localhost:65536'],
    ['a path after the port', 'localhost:50051/v1'],
    ['credentials', 'user@localhost:50051'],
    ['a scheme other than http(s)', 'grpc://localhost:50051'],
  ])('refuses %s with an ArgumentValueError naming grpcUrl', (_case, grpcUrl) => {
    let thrown: unknown
    try {
      grpcNodes(['http://127.0.0.1:8091'], grpcUrl)
    } catch (e) {
      thrown = e
    }
    expect(thrown).toBeInstanceOf(ArgumentValueError)
    expect(thrown).toMatchObject({ argument: 'grpcUrl' })
  })
})

describe("connect with transport 'grpc'", () => {
  it("throws an ArgumentValueError naming grpcUrl with grpc: 'native' when no gRPC address is given or paired", () => {
    let thrown: unknown
    try {
      connect({ url: 'http://127.0.0.1:8091', transport: 'grpc', grpc: 'native' })
    } catch (e) {
      thrown = e
    }
    expect(thrown).toBeInstanceOf(ArgumentValueError)
    expect(thrown).toMatchObject({ argument: 'grpcUrl', message: expect.stringContaining("transport 'grpc' needs a gRPC address: no grpcUrl was given") })
  })

  it.each([
    ['a URL on port 8080', { url: 'http://127.0.0.1:8080' }],
    ['a grpcUrl as host:port', { url: 'http://127.0.0.1:8091', grpcUrl: '127.0.0.1:50052' }],
    ['no gRPC address (gRPC-Web on the url, by default)', { url: 'http://127.0.0.1:8091' }],
  ])('connects (sending nothing) with %s', async (_case, options) => {
    const client = connect({ ...options, transport: 'grpc' })
    await client.close()
  })
})
