/**
 * `cluster.tasks` against the real 1.39.0 server: the distributed tasks by namespace, with the
 * reindex task a rebuild started listed under `reindex` exactly as `schema.rebuildIndex` ended it;
 * on 1.18.6 an UnsupportedVersionError with nothing sent but the version probe.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom } from 'rxjs'
import { RecordingClient, left, recordingClient, right } from './helpers/client'
import { uniqueClassName } from './helpers/server'
import { serverUrl } from './helpers/versions'

let rc: RecordingClient
let className: string

beforeAll(async () => {
  rc = recordingClient()
  className = uniqueClassName('Tasked')
  await right(rc.client.schema.createClass({ class: className, vectorizer: 'none', properties: [{ name: 'title', dataType: ['text'] }] }))
  await right(rc.client.objects.create({ className, dataObject: { title: 'hello' } }))
})

afterAll(async () => {
  await right(rc.client.schema.deleteClass(className))
  await rc.close()
})

describe('cluster.tasks (1.31+)', () => {
  it('lists the reindex task of a finished rebuild under the namespace reindex, as the rebuild ended it', async () => {
    const end = await lastValueFrom(rc.client.schema.rebuildIndex(className, 'title', 'searchable'))
    if (E.isLeft(end)) throw new Error(end.left.message)
    const tasks = await right(rc.client.cluster.tasks())
    const listed = tasks['reindex']?.find((t) => t.id === end.right.id)
    expect(listed).toEqual(end.right)
    expect(listed).toMatchObject({ status: 'FINISHED', payload: { collection: className, migrationType: 'rebuild-searchable' } })
  })

  it('reads every namespace as a list of tasks, each with an id, a version and a status', async () => {
    const tasks = await right(rc.client.cluster.tasks())
    for (const list of Object.values(tasks)) {
      for (const task of list) expect(task).toMatchObject({ id: expect.any(String), version: expect.any(Number), status: expect.any(String) })
    }
    expect(Object.keys(tasks)).toContain('reindex')
  })

  it('1.18.6: is an UnsupportedVersionError (needs 1.31.0) and only the version probe is sent', async () => {
    const old = recordingClient({ url: serverUrl('1.18.6') })
    try {
      expect(await left(old.client.cluster.tasks())).toMatchObject({ _tag: 'UnsupportedVersionError', requires: '1.31.0', serverVersion: '1.18.6' })
      expect(old.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/meta'])
    } finally {
      await old.close()
    }
  })
})
