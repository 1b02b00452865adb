/**
 * client.backup against a real 1.39.0 server started for this file with the `backup-filesystem`
 * module (single node, a temp backup folder): a round trip of 20,000 objects with vectors and
 * references, the status stream of a creation, a cancelled creation, the list; bad input and an
 * old server (the run's 1.18.6) answered before any backup request.
 */
import { promises as fs } from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import * as E from 'fp-ts/Either'
import { Observable, firstValueFrom, lastValueFrom, toArray } from 'rxjs'
import { BackupStatus, Client, WeaviateError, WeaviateObject, connect } from '../lib'
import { startEmbedded, type EmbeddedWeaviate } from '../lib/embedded'
import { left, recordingClient, right } from './helpers/client'
import { quietLog } from './helpers/embedded-fixtures'
import { serverUrl } from './helpers/versions'

const Author = 'BackupAuthor'
const Article = 'BackupArticle'
const AUTHORS = 5_000
const ARTICLES = 15_000
const DIMENSIONS = 32

/** A deterministic UUID of a number (the class's own range: 1 authors, 2 articles). */
const uuidOf = (kind: 1 | 2, n: number): string => `0000000${kind}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`

/** A deterministic vector of `n`, its values float32 already (so the read-back is exact). */
const vectorOf = (n: number): number[] => Array.from({ length: DIMENSIONS }, (_, i) => Math.fround(Math.sin(n * 31 + i)))

interface Written {
  readonly className: string
  readonly uuid: string
  readonly properties: Readonly<Record<string, unknown>>
  readonly vector: readonly number[]
}

const authors: Written[] = Array.from({ length: AUTHORS }, (_, n) => ({
  className: Author,
  uuid: uuidOf(1, n),
  properties: { name: `author ${n}` },
  vector: vectorOf(n),
}))
const articles: Written[] = Array.from({ length: ARTICLES }, (_, n) => ({
  className: Article,
  uuid: uuidOf(2, n),
  properties: { title: `article ${n}`, n, writtenBy: [{ beacon: `weaviate://localhost/${Author}/${uuidOf(1, n % AUTHORS)}` }] },
  vector: vectorOf(AUTHORS + n),
}))

let server: EmbeddedWeaviate
let client: Client
let backupDir: string

/** Every emission of an operation. */
const all = <A>(op: Observable<E.Either<WeaviateError, A>>): Promise<E.Either<WeaviateError, A>[]> => firstValueFrom(op.pipe(toArray()))

/** The Right values of emissions; fails the test on a Left. */
const rights = <A>(values: readonly E.Either<WeaviateError, A>[]): A[] =>
  values.map((v) => {
    if (E.isLeft(v)) throw new Error(`expected Right, got ${v.left._tag}: ${v.left.message}`)
    return v.right
  })

/** The objects of a class as read back over REST with their vectors, as comparable records, by UUID. */
const readBack = async (className: string): Promise<Written[]> => {
  const objects = rights(await all(client.objects.stream({ className, withVector: true, vectorFormat: 'float32', pageSize: 1_000 })))
  return objects.map((o: WeaviateObject<Record<string, unknown>, Float32Array>) => ({
    className: o.class,
    uuid: o.id,
    properties: withoutHref(o.properties),
    vector: Array.from(o.vector ?? []),
  }))
}

/** The first few objects that differ from what was written (jest's diff of 15,000 objects would take minutes). */
const differences = (read: readonly Written[], written: readonly Written[]): unknown[] =>
  written
    .map((w, i) => [w, read[i]] as const)
    .filter(([w, r]) => !isDeepStrictEqual(w, r))
    .slice(0, 3)
    .map(([w, r]) => ({ written: w, read: r }))

/** Reference entries as written (`beacon` only; the server adds `href`). */
const withoutHref = (properties: Readonly<Record<string, unknown>>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(properties).map(([k, v]) => [
      k,
      Array.isArray(v) ? v.map((r: unknown) => (typeof r === 'object' && r !== null && 'beacon' in r ? { beacon: r.beacon } : r)) : v,
    ]),
  )

const createClasses = async (): Promise<void> => {
  await right(client.schema.createClass({ class: Author, vectorizer: 'none', properties: [{ name: 'name', dataType: ['text'] }] }))
  await right(
    client.schema.createClass({
      class: Article,
      vectorizer: 'none',
      properties: [
        { name: 'title', dataType: ['text'] },
        { name: 'n', dataType: ['int'] },
        { name: 'writtenBy', dataType: [Author] },
      ],
    }),
  )
}

beforeAll(async () => {
  backupDir = await fs.mkdtemp(path.join(os.tmpdir(), 'weaviate-rx-backups-'))
  server = await startEmbedded({ log: quietLog, env: { ENABLE_MODULES: 'backup-filesystem', BACKUP_FILESYSTEM_PATH: backupDir } })
  client = connect({ ...server.connection })
  await createClasses()
  const objects = [...authors, ...articles].map((w) => ({ className: w.className, uuid: w.uuid, dataObject: w.properties, vector: w.vector }))
  rights(await all(client.objects.batch(objects)))
}, 300_000)

afterAll(async () => {
  await client.close()
  await server.stop()
  await fs.rm(backupDir, { recursive: true, force: true })
})

describe('backup.create and backup.restore on 1.39.0 (filesystem)', () => {
  it('restores 20,000 objects with their properties, vectors and references identical to what was written', async () => {
    const created = rights(await all(client.backup.create({ backend: 'filesystem', backupId: 'round-trip', include: [Author, Article], pollIntervalMs: 100 })))
    expect(created.at(-1)?.status).toBe('SUCCESS')
    await right(client.schema.deleteClass(Article))
    await right(client.schema.deleteClass(Author))
    expect(await right(client.schema.exists(Article))).toBe(false)

    const restored = rights(await all(client.backup.restore({ backend: 'filesystem', backupId: 'round-trip', pollIntervalMs: 100 })))
    expect(restored.at(-1)?.status).toBe('SUCCESS')

    const readAuthors = await readBack(Author)
    const readArticles = await readBack(Article)
    expect([readAuthors.length, readArticles.length]).toEqual([AUTHORS, ARTICLES])
    expect(differences(readAuthors, authors)).toEqual([])
    expect(differences(readArticles, articles)).toEqual([])
  }, 300_000)

  it('emits the statuses of a creation, at least one of them intermediate, and ends on SUCCESS', async () => {
    // cpuPercentage 1 keeps the server busy with the 20,000 objects for a while (measured in the report).
    const emitted = await all(client.backup.create({ backend: 'filesystem', backupId: 'streamed', cpuPercentage: 1, pollIntervalMs: 50 }))
    const statuses = rights(emitted).map((s: BackupStatus) => s.status)
    expect(statuses.filter((s) => s !== 'SUCCESS').length).toBeGreaterThanOrEqual(1)
    expect(statuses.at(-1)).toBe('SUCCESS')
    expect(statuses.slice(0, -1)).not.toContain('SUCCESS')
  }, 300_000)

  it('lastValueFrom of a creation is its final SUCCESS status', async () => {
    const last = await lastValueFrom(client.backup.create({ backend: 'filesystem', backupId: 'awaited', include: [Author], pollIntervalMs: 100 }))
    expect(E.isRight(last) && last.right.status).toBe('SUCCESS')
    expect(E.isRight(last) && last.right.backupId).toBe('awaited')
  }, 300_000)

  it('ends a creation cancelled mid-way with a Left that names CANCELED', async () => {
    const op = client.backup.create({ backend: 'filesystem', backupId: 'cancelled', cpuPercentage: 1, pollIntervalMs: 50 })
    const emitted: E.Either<WeaviateError, BackupStatus>[] = []
    await new Promise<void>((resolve, reject) => {
      let cancelled = false
      op.subscribe({
        next: (e) => {
          emitted.push(e)
          if (!cancelled && E.isRight(e)) {
            cancelled = true
            right(client.backup.cancel({ backend: 'filesystem', backupId: 'cancelled' })).catch(reject)
          }
        },
        error: reject,
        complete: resolve,
      })
    })
    const last = emitted.at(-1)
    expect(last !== undefined && E.isLeft(last) && last.left._tag).toBe('UnexpectedStatusError')
    expect(last !== undefined && E.isLeft(last) && last.left.message).toContain('backup cancelled ended CANCELED')
    expect(last !== undefined && E.isLeft(last) && last.left._tag === 'UnexpectedStatusError' && (last.left.body as BackupStatus).status).toBe('CANCELED')
    expect(rights(emitted.slice(0, -1)).map((s) => s.status)).not.toContain('SUCCESS')
  }, 300_000)

  it('reads the status of a finished creation with getCreateStatus', async () => {
    const status = await right(client.backup.getCreateStatus({ backend: 'filesystem', backupId: 'round-trip' }))
    expect(status).toMatchObject({ backupId: 'round-trip', backend: 'filesystem', status: 'SUCCESS' })
  })

  it('reads the status of a finished restore with getRestoreStatus', async () => {
    const status = await right(client.backup.getRestoreStatus({ backend: 'filesystem', backupId: 'round-trip' }))
    expect(status).toMatchObject({ backupId: 'round-trip', status: 'SUCCESS' })
  })

  it('lists the finished and the cancelled backup', async () => {
    const listed = await right(client.backup.list({ backend: 'filesystem' }))
    const byId = new Map(listed.map((b) => [b.backupId, b.status]))
    expect(byId.get('round-trip')).toBe('SUCCESS')
    expect(byId.get('cancelled')).toBe('CANCELED')
  })
})

describe('backup input checks', () => {
  const bad: ReadonlyArray<readonly [string, () => Observable<E.Either<WeaviateError, unknown>>, string]> = [
    ['a backup id with upper-case letters and spaces', () => rc.client.backup.create({ backend: 'filesystem', backupId: 'Nightly Run' }), 'backupId'],
    ['include and exclude together', () => rc.client.backup.create({ backend: 'filesystem', backupId: 'x', include: ['A'], exclude: ['B'] }), 'include'],
    ['a cpuPercentage above 80', () => rc.client.backup.restore({ backend: 'filesystem', backupId: 'x', cpuPercentage: 81 }), 'cpuPercentage'],
    ['an unknown backend', () => rc.client.backup.list({ backend: 'ftp' as 'filesystem' }), 'backend'],
    ['an unknown cancel operation', () => rc.client.backup.cancel({ backend: 'filesystem', backupId: 'x', operation: 'both' as 'create' }), 'operation'],
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

describe('backup on 1.18.6 (create, status and restore only)', () => {
  let rc: ReturnType<typeof recordingClient>

  beforeAll(() => {
    rc = recordingClient({ url: serverUrl('1.18.6') })
  })

  afterAll(() => rc.close())

  it('answers cancel with an UnsupportedVersionError and sends no backup request', async () => {
    const error = await left(rc.client.backup.cancel({ backend: 'filesystem', backupId: 'x' }))
    expect(error._tag === 'UnsupportedVersionError' && error.feature).toBe('cancelling a backup')
    expect(rc.requests.filter((r) => r.path.includes('/backups'))).toEqual([])
  })

  it('answers list with an UnsupportedVersionError and sends no backup request', async () => {
    const error = await left(rc.client.backup.list({ backend: 'filesystem' }))
    expect(error._tag === 'UnsupportedVersionError' && error.requires).toBe('1.32.0 (1.30.12 on 1.30.x, 1.31.5 on 1.31.x)')
    expect(rc.requests.filter((r) => r.path.includes('/backups'))).toEqual([])
  })
})
