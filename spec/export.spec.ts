/**
 * client.export against a real 1.39.0 server started for this file with what exports need (read in
 * the server's source at v1.39.0, usecases/config/environment.go and modules/backup-filesystem):
 * `EXPORT_ENABLED=true`, the `backup-filesystem` module, and `EXPORT_DEFAULT_PATH`, the folder the
 * filesystem backend writes exports to (both folders in a temp dir this file removes). The
 * exported Parquet files are read back with hyparquet and compared with what was written; the
 * status stream, a cancel, the refusals of a server without exports enabled and of an old server.
 */
import { promises as fs } from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import * as E from 'fp-ts/Either'
import { decompress } from 'fzstd'
import type * as Hyparquet from 'hyparquet' with { 'resolution-mode': 'import' }
import { Observable, firstValueFrom, toArray } from 'rxjs'
import { Client, ExportStatus, WeaviateError, connect } from '../lib'
import { startEmbedded, type EmbeddedWeaviate } from '../lib/embedded'
import { left, recordingClient, right } from './helpers/client'
import { quietLog } from './helpers/embedded-fixtures'
import { serverUrl } from './helpers/versions'

// hyparquet is an ES module; jest's CommonJS sandbox loads it through `require`, transformed by
// spec/setup/esm-to-cjs.cjs (jest.config.ts lists it).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { parquetMetadata, parquetReadObjects } = require('hyparquet') as typeof Hyparquet

const Article = 'ExportArticle'
const Named = 'ExportNamed'
const Bulk = 'ExportBulk'
const ARTICLES = 600
const NAMED = 200
const BULK = 20_000
const DIMENSIONS = 16

/** A deterministic vector of `n`, its values float32 already (so the comparison is exact). */
const vectorOf = (n: number, dimensions = DIMENSIONS): number[] => Array.from({ length: dimensions }, (_, i) => Math.fround(Math.sin(n * 31 + i)))

const uuidOf = (kind: number, n: number): string => `0000000${kind}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`

interface Written {
  readonly id: string
  readonly properties: Readonly<Record<string, unknown>>
  readonly vector?: readonly number[]
  readonly vectors?: Readonly<Record<string, readonly number[]>>
}

const articles: Written[] = Array.from({ length: ARTICLES }, (_, n) => ({
  id: uuidOf(1, n),
  properties: { title: `article ${n}`, n, score: n + 0.25, tags: [`t${n % 7}`, 'all'] },
  vector: vectorOf(n),
}))
const named: Written[] = Array.from({ length: NAMED }, (_, n) => ({
  id: uuidOf(2, n),
  properties: { title: `named ${n}` },
  vectors: { title: vectorOf(ARTICLES + n, 8), body: vectorOf(2 * ARTICLES + n, 4) },
}))

let server: EmbeddedWeaviate
let client: Client
let dir: string

/** Every emission of an operation. */
const all = <A>(op: Observable<E.Either<WeaviateError, A>>): Promise<E.Either<WeaviateError, A>[]> => firstValueFrom(op.pipe(toArray()))

const rights = <A>(values: readonly E.Either<WeaviateError, A>[]): A[] =>
  values.map((v) => {
    if (E.isLeft(v)) throw new Error(`expected Right, got ${v.left._tag}: ${v.left.message}`)
    return v.right
  })

/** One row of an exported Parquet file, as hyparquet reads it with `utf8: false`. */
interface Row {
  readonly id: string | Uint8Array
  readonly vector: Uint8Array | null
  readonly named_vectors: Uint8Array | null
  readonly properties: Uint8Array | null
}

const text = (v: string | Uint8Array): string => (typeof v === 'string' ? v : new TextDecoder().decode(v))

/** A Parquet byte array of little-endian float32 values as numbers. */
const float32s = (bytes: Uint8Array): number[] => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  return Array.from({ length: bytes.byteLength / 4 }, (_, i) => view.getFloat32(i * 4, true))
}

/** The rows of every Parquet file of `className` in the export folder, as {@link Written} records by id. */
const exported = async (folder: string, className: string): Promise<Map<string, Written>> => {
  const files = (await fs.readdir(folder)).filter((f) => f.startsWith(`${className}_`) && f.endsWith('.parquet'))
  const out = new Map<string, Written>()
  for (const file of files) {
    const buffer = await fs.readFile(path.join(folder, file))
    const bytes = buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength)
    expect(parquetMetadata(bytes).key_value_metadata).toContainEqual({ key: 'collection', value: className })
    const rows = (await parquetReadObjects({
      file: bytes,
      utf8: false,
      compressors: { ZSTD: (input: Uint8Array, outputLength: number) => decompress(input, new Uint8Array(outputLength)) },
    })) as Row[]
    for (const row of rows) {
      const id = text(row.id)
      const vectors = row.named_vectors === null ? undefined : (JSON.parse(text(row.named_vectors)) as Record<string, number[]>)
      out.set(id, {
        id,
        properties: row.properties === null ? {} : (JSON.parse(text(row.properties)) as Record<string, unknown>),
        ...(row.vector === null ? {} : { vector: float32s(row.vector) }),
        ...(vectors === undefined ? {} : { vectors: Object.fromEntries(Object.entries(vectors).map(([k, v]) => [k, v.map(Math.fround)])) }),
      })
    }
  }
  return out
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'weaviate-rx-export-'))
  server = await startEmbedded({
    log: quietLog,
    env: {
      ENABLE_MODULES: 'backup-filesystem',
      BACKUP_FILESYSTEM_PATH: path.join(dir, 'backups'),
      EXPORT_ENABLED: 'true',
      EXPORT_DEFAULT_PATH: path.join(dir, 'exports'),
    },
  })
  client = connect({ ...server.connection })
  await right(
    client.schema.createClass({
      class: Article,
      vectorizer: 'none',
      properties: [
        { name: 'title', dataType: ['text'] },
        { name: 'n', dataType: ['int'] },
        { name: 'score', dataType: ['number'] },
        { name: 'tags', dataType: ['text[]'] },
      ],
    }),
  )
  await right(
    client.schema.createClass({
      class: Named,
      properties: [{ name: 'title', dataType: ['text'] }],
      vectorConfig: {
        title: { vectorizer: { none: {} }, vectorIndexType: 'hnsw' },
        body: { vectorizer: { none: {} }, vectorIndexType: 'hnsw' },
      },
    }),
  )
  await right(client.schema.createClass({ class: Bulk, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] }))
  rights(
    await all(
      client.objects.batch([
        ...articles.map((w) => ({ className: Article, uuid: w.id, dataObject: w.properties, vector: w.vector ?? [] })),
        ...named.map((w) => ({ className: Named, uuid: w.id, dataObject: w.properties, vectors: w.vectors ?? {} })),
        ...Array.from({ length: BULK }, (_, n) => ({ className: Bulk, uuid: uuidOf(3, n), dataObject: { n }, vector: vectorOf(n, 4) })),
      ]),
    ),
  )
}, 300_000)

afterAll(async () => {
  await client.close()
  await server.stop()
  await fs.rm(dir, { recursive: true, force: true })
})

describe('export.create on 1.39.0 (filesystem, Parquet)', () => {
  let statuses: ExportStatus[]

  beforeAll(async () => {
    statuses = rights(await all(client.export.create({ backend: 'filesystem', exportId: 'round-trip', include: [Article, Named], pollIntervalMs: 50 })))
  }, 300_000)

  it('emits STARTED first and ends on SUCCESS, with no other terminal status between', () => {
    expect(statuses[0]?.status).toBe('STARTED')
    expect(statuses.at(-1)?.status).toBe('SUCCESS')
    expect(statuses.slice(0, -1).map((s) => s.status)).not.toContain('SUCCESS')
  })

  it('counts every object of each collection as exported in the final status', () => {
    const final = statuses.at(-1)
    const counted = (className: string): number => Object.values(final?.shardStatus?.[className] ?? {}).reduce((n, p) => n + (p.objectsExported ?? 0), 0)
    expect([final?.classes?.slice().sort(), counted(Article), counted(Named)]).toEqual([[Article, Named].sort(), ARTICLES, NAMED])
  })

  it('writes Parquet files whose ids, properties and vectors equal what was written', async () => {
    const folder = statuses.at(-1)?.path ?? ''
    expect(folder.startsWith(path.join(dir, 'exports'))).toBe(true)
    const read = await exported(folder, Article)
    expect(read.size).toBe(ARTICLES)
    expect(articles.filter((w) => !isDeepStrictEqual(read.get(w.id), w)).slice(0, 3)).toEqual([])
  })

  it('writes the named vectors of each object as they were written', async () => {
    const read = await exported(statuses.at(-1)?.path ?? '', Named)
    expect(read.size).toBe(NAMED)
    expect(named.filter((w) => !isDeepStrictEqual(read.get(w.id), w)).slice(0, 3)).toEqual([])
  })

  it('reads the finished export with getStatus', async () => {
    const status = await right(client.export.getStatus({ backend: 'filesystem', exportId: 'round-trip' }))
    expect(status).toMatchObject({ exportId: 'round-trip', backend: 'filesystem', status: 'SUCCESS' })
  })

  it('refuses to cancel a finished export with a 409 Left', async () => {
    const error = await left(client.export.cancel({ backend: 'filesystem', exportId: 'round-trip' }))
    expect(error._tag === 'UnexpectedStatusError' && error.status).toBe(409)
  })

  it('refuses a second export with the same id with a 409 Left', async () => {
    const error = await left(client.export.create({ backend: 'filesystem', exportId: 'round-trip', include: [Article] }))
    expect(error._tag === 'UnexpectedStatusError' && error.status).toBe(409)
  })

  it('answers the status of an unknown export with a 404 Left', async () => {
    const error = await left(client.export.getStatus({ backend: 'filesystem', exportId: 'never-made' }))
    expect(error._tag === 'UnexpectedStatusError' && error.status).toBe(404)
  })
})

describe('export.cancel on 1.39.0', () => {
  it('ends an export cancelled mid-way with a Left that names CANCELED, and getStatus then reads CANCELED', async () => {
    const op = client.export.create({ backend: 'filesystem', exportId: 'cancelled', include: [Bulk], pollIntervalMs: 50 })
    const emitted: E.Either<WeaviateError, ExportStatus>[] = []
    await new Promise<void>((resolve, reject) => {
      let cancelled = false
      op.subscribe({
        next: (e) => {
          emitted.push(e)
          if (!cancelled && E.isRight(e)) {
            cancelled = true
            right(client.export.cancel({ backend: 'filesystem', exportId: 'cancelled' })).catch(reject)
          }
        },
        error: reject,
        complete: resolve,
      })
    })
    const last = emitted.at(-1)
    expect(last !== undefined && E.isLeft(last) && last.left.message).toContain('export cancelled ended CANCELED')
    expect(last !== undefined && E.isLeft(last) && last.left._tag === 'UnexpectedStatusError' && (last.left.body as ExportStatus).status).toBe('CANCELED')
    expect((await right(client.export.getStatus({ backend: 'filesystem', exportId: 'cancelled' }))).status).toBe('CANCELED')
  }, 300_000)
})

describe('export input checks', () => {
  const bad: ReadonlyArray<readonly [string, () => Observable<E.Either<WeaviateError, unknown>>, string]> = [
    ['an export id with upper-case letters and spaces', () => rc.client.export.create({ backend: 'filesystem', exportId: 'Nightly Run' }), 'exportId'],
    ['an export id longer than 128 characters', () => rc.client.export.getStatus({ backend: 'filesystem', exportId: 'x'.repeat(129) }), 'exportId'],
    ['include and exclude together', () => rc.client.export.create({ backend: 'filesystem', exportId: 'x', include: ['A'], exclude: ['B'] }), 'include'],
    ['a file format other than parquet', () => rc.client.export.create({ backend: 'filesystem', exportId: 'x', fileFormat: 'csv' as 'parquet' }), 'fileFormat'],
    ['an unknown backend', () => rc.client.export.cancel({ backend: 'ftp' as 'filesystem', exportId: 'x' }), 'backend'],
  ]
  let rc: ReturnType<typeof recordingClient>

  beforeAll(() => {
    rc = recordingClient({ ...server.connection })
  })

  afterAll(() => rc.close())

  it.each(bad)('refuses %s with an ArgumentValueError and sends nothing', async (_, op, argument) => {
    const error = await left(op())
    expect(error._tag).toBe('ArgumentValueError')
    expect(error._tag === 'ArgumentValueError' && error.argument).toBe(argument)
    expect(rc.requests).toEqual([])
  })
})

describe('export on servers without it', () => {
  it('passes on the refusal of a 1.39.0 server run without EXPORT_ENABLED as a 422 Left that names the setting', async () => {
    const rc = recordingClient({ url: serverUrl('1.39.0') })
    try {
      const error = await left(rc.client.export.create({ backend: 'filesystem', exportId: 'disabled' }))
      expect(error._tag === 'UnexpectedStatusError' && error.status).toBe(422)
      expect(error.message).toContain('EXPORT_ENABLED')
    } finally {
      await rc.close()
    }
  })

  it('refuses on 1.18.6 with an UnsupportedVersionError and sends no export request', async () => {
    const rc = recordingClient({ url: serverUrl('1.18.6') })
    try {
      const error = await left(rc.client.export.getStatus({ backend: 'filesystem', exportId: 'x' }))
      expect(error._tag).toBe('UnsupportedVersionError')
      expect(error.message).toContain('1.37.0')
      expect(rc.requests.map((r) => r.path)).not.toContainEqual(expect.stringContaining('/export'))
    } finally {
      await rc.close()
    }
  })
})
