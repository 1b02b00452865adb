/**
 * docs/server-coverage.md is whole: every operation of the server's OpenAPI document for 1.39 and
 * every RPC of its gRPC services has one row, each row either names client operations that exist
 * or gives the reason there is none, and no row names what the server does not have. Needs no
 * server: it reads the OpenAPI document (a copy in spec/fixtures/server-coverage, the team's reference),
 * the RPC list written from the server's protos at v1.39.0, our own service.proto, and a client
 * that never sends anything.
 */
import { readFileSync } from 'node:fs'
import * as path from 'node:path'
import { connect } from '../lib'

const ROOT = path.resolve(__dirname, '..')
const FIXTURES = path.join(ROOT, 'spec', 'fixtures', 'server-coverage')
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const

interface OpenApi {
  readonly info: { readonly version: string }
  readonly paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>
}

interface GrpcServices {
  readonly services: Readonly<Record<string, readonly string[]>>
}

/** One row of a table of the page: `| METHOD | \`path\` | ours | note |`. */
interface Row {
  readonly method: string
  readonly path: string
  readonly ours: readonly string[]
  readonly note: string
}

const ROW = /^\|\s*(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|gRPC)\s*\|\s*`([^`]+)`\s*\|([^|]*)\|([^|]*)\|\s*$/

const rows: readonly Row[] = readFileSync(path.join(ROOT, 'docs', 'server-coverage.md'), 'utf8')
  .split('\n')
  .flatMap((line): Row[] => {
    const m = ROW.exec(line)
    if (m === null) return []
    const [, method = '', where = '', ours = '', note = ''] = m
    return [{ method, path: where, ours: [...ours.matchAll(/`([^`]+)`/g)].map((o) => o[1] ?? ''), note: note.trim() }]
  })

const key = (row: Pick<Row, 'method' | 'path'>): string => `${row.method} ${row.path}`

const openApi = JSON.parse(readFileSync(path.join(FIXTURES, 'weaviate-openapi-v1.39.0.json'), 'utf8')) as OpenApi
const restOperations: readonly string[] = Object.entries(openApi.paths).flatMap(([where, item]) =>
  METHODS.filter((method) => method in item).map((method) => `${method.toUpperCase()} ${where}`),
)

const grpc = JSON.parse(readFileSync(path.join(FIXTURES, 'grpc-services-v1.39.0.json'), 'utf8')) as GrpcServices
const rpcs: readonly string[] = Object.entries(grpc.services).flatMap(([service, names]) => names.map((name) => `gRPC ${service}/${name}`))

const restRows = rows.filter((row) => row.method !== 'gRPC').map(key)
const grpcRows = rows.filter((row) => row.method === 'gRPC').map(key)

/** The value at a dotted path of `root` (`client.objects.create` from the client), or undefined. */
const at = (root: unknown, dotted: readonly string[]): unknown =>
  dotted.reduce<unknown>((value, part) => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined), root)

describe('docs/server-coverage.md', () => {
  it('reads the OpenAPI document of 1.39.0 with its 119 operations', () => {
    expect(openApi.info.version).toBe('1.39.0')
    expect(restOperations).toHaveLength(119)
  })

  it('has a row for every operation of the OpenAPI document', () => {
    expect(restOperations.filter((operation) => !restRows.includes(operation))).toEqual([])
  })

  it('has no REST row the OpenAPI document does not have', () => {
    expect(restRows.filter((row) => !restOperations.includes(row))).toEqual([])
  })

  it('has a row for every RPC of the gRPC services, and no gRPC row they do not have', () => {
    expect(rpcs.filter((rpc) => !grpcRows.includes(rpc))).toEqual([])
    expect(grpcRows.filter((row) => !rpcs.includes(row))).toEqual([])
  })

  it('has one row per operation', () => {
    const keys = rows.map(key)
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([])
  })

  it('gives every row without an operation a reason: not yet, deprecated or left out', () => {
    const unexplained = rows.filter((row) => row.ours.length === 0 && !/^(not yet|deprecated|left out)\b/.test(row.note))
    expect(unexplained.map(key)).toEqual([])
  })

  it('names only client operations that exist', async () => {
    const client = connect({ url: 'http://127.0.0.1:1', serverVersion: '1.39.0' })
    try {
      const named = [...new Set(rows.flatMap((row) => row.ours))]
      const missing = named.filter((name) => {
        if (name === 'connect') return false
        const [head, ...rest] = name.split('.')
        return head !== 'client' || typeof at(client, rest) !== 'function'
      })
      expect(missing).toEqual([])
    } finally {
      await client.close()
    }
  })

  it('lists every RPC our own service.proto declares among the services of the RPC list', () => {
    const proto = readFileSync(path.join(ROOT, 'lib', 'proto', 'weaviate', 'v1', 'service.proto'), 'utf8')
    const pkg = /^package\s+([\w.]+);/m.exec(proto)?.[1]
    const service = /^service\s+(\w+)\s*\{/m.exec(proto)?.[1]
    const ours = [...proto.matchAll(/^\s*rpc\s+(\w+)\s*\(/gm)].map((m) => `gRPC ${pkg ?? '?'}.${service ?? '?'}/${m[1] ?? ''}`)
    expect(ours.length).toBeGreaterThan(0)
    expect(ours.filter((rpc) => !rpcs.includes(rpc))).toEqual([])
  })
})
