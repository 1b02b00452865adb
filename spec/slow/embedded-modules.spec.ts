/**
 * `startEmbedded`'s `modules` and `backupPath` options on a real 1.39.0 server: the modules named
 * are the server's (`/v1/meta`), `backupPath` turns on `backup-filesystem` and a backup lands in
 * that folder, which `stop()` leaves to its owner. Bad values are an `InvalidOptions`
 * EmbeddedError before any server process starts.
 */
import { promises as fs } from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { connect } from '../../lib'
import { EmbeddedError, startEmbedded, type EmbeddedWeaviate } from '../../lib/embedded'
import { right } from '../helpers/client'
import { retryOnPortClash } from '../helpers/embedded-fixtures'

let server: EmbeddedWeaviate
let backups: string

beforeAll(async () => {
  backups = await fs.mkdtemp(path.join(os.tmpdir(), 'weaviate-rx-backups-'))
  server = await retryOnPortClash(() => startEmbedded({ version: '1.39.0', modules: ['generative-dummy', 'reranker-dummy'], backupPath: backups }))
}, 180_000)

afterAll(async () => {
  await server.stop()
  await fs.rm(backups, { recursive: true, force: true })
})

describe('startEmbedded with modules and backupPath', () => {
  it('enables the modules named, and backup-filesystem for the backup folder', async () => {
    const client = connect(server.connection)
    try {
      const meta = await right(client.meta.get())
      expect(Object.keys(meta.modules ?? {}).sort()).toEqual(['backup-filesystem', 'generative-dummy', 'reranker-dummy'])
    } finally {
      await client.close()
    }
  })

  it('writes a filesystem backup into backupPath', async () => {
    const client = connect(server.connection)
    try {
      await right(client.schema.createClass({ class: 'Kept', vectorizer: 'none', properties: [{ name: 'title', dataType: ['text'] }] }))
      await right(client.objects.create({ className: 'Kept', dataObject: { title: 'a' } }))
      const statuses = await lastValueFrom(client.backup.create({ backend: 'filesystem', backupId: 'embedded-option', pollIntervalMs: 200 }).pipe(toArray()))
      expect(statuses.every(E.isRight)).toBe(true)
      expect(await fs.readdir(backups)).toEqual(['embedded-option'])
    } finally {
      await client.close()
    }
  })
})

describe('bad modules or backupPath: InvalidOptions before any server starts', () => {
  it.each([
    ['a module name with a space', { modules: ['text2vec bigram'] }, /modules\[0\]/],
    ['modules that are not an array', { modules: 'backup-filesystem' as unknown as string[] }, /modules must be an array/],
    ['a relative backup folder', { backupPath: 'backups' }, /backupPath must be an absolute/],
    ['modules both as modules and in env', { modules: ['generative-dummy'], env: { ENABLE_MODULES: 'generative-dummy' } }, /not both/],
    ['a backup folder both as backupPath and in env', { backupPath: '/tmp/b', env: { BACKUP_FILESYSTEM_PATH: '/tmp/b' } }, /not both/],
  ])('%s', async (_, options, detail) => {
    const started = startEmbedded({ version: '1.39.0', binary: '/nonexistent/weaviate-server', ...options })
    await expect(started).rejects.toBeInstanceOf(EmbeddedError)
    await expect(started).rejects.toMatchObject({ reason: 'InvalidOptions', detail: expect.stringMatching(detail) })
  })
})
