/**
 * The `weaviate-rx` command between two real servers: the shared one (WEAVIATE_URL) as source and
 * an embedded one started here as target. A copy of 20,000 objects with vectors and references
 * gives an equal class and `verify` passes; a copy of 50,000 objects killed with SIGKILL mid-way
 * (once while writing objects, once while writing references) and run again with its checkpoint
 * ends with every object exactly once and equal references, having sent again at most what was in
 * flight; an import of 50,000 lines without ids killed twice mid-flight ends with every line
 * exactly once; a wrong API key is one line, exit 1.
 */
import { promises as fs } from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileIdentity, lineIds } from '../../lib/cli/formats/line-ids'
import { startEmbedded, type EmbeddedWeaviate } from '../../lib/embedded'
import { uuidInRange, uuidPartitions } from '../../lib/paging'
import { dropClass, exitOf, readClass, rest, runCli, seedClass, spawnCli, type Seeded } from '../cli/fixtures'
import { pollFor, quietLog, retryOnPortClash, sameKeyAs } from '../helpers/embedded-fixtures'
import { uniqueClassName, weaviateUrl } from '../helpers/server'
import { apiKeyFor } from '../helpers/versions'

let target: EmbeddedWeaviate | undefined
let dir: string
const made: string[] = []

const targetUrl = (): string => {
  if (target === undefined) throw new Error('the target server never started')
  return target.url
}

/** The target was started with the shared server's key (or anonymous when that has none). */
const targetKey = (): string | undefined => apiKeyFor(weaviateUrl())
const targetEnv = (): Record<string, string> => {
  const key = targetKey()
  return key === undefined ? {} : { WEAVIATE_API_KEY: key }
}

const count = async (url: string, className: string): Promise<number> => {
  const query = { query: `{ Aggregate { ${className} { meta { count } } } }` }
  const answer = (await rest(url, 'POST', '/graphql', query, url === targetUrl() ? targetKey() : apiKeyFor(url))) as {
    data?: { Aggregate?: Record<string, Array<{ meta: { count: number } }>> }
  }
  return answer.data?.Aggregate?.[className]?.[0]?.meta.count ?? -1
}

beforeAll(async () => {
  target = await retryOnPortClash(() => startEmbedded({ log: quietLog, ...sameKeyAs(weaviateUrl()) }))
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'weaviate-rx-cli-slow-'))
})

afterAll(async () => {
  await Promise.all(made.map((c) => dropClass(weaviateUrl(), c)))
  await target?.stop()
  await fs.rm(dir, { recursive: true, force: true })
})

describe('copy 20,000 objects with vectors and references to another server', () => {
  let seeded: Seeded

  beforeAll(async () => {
    seeded = await seedClass(weaviateUrl(), uniqueClassName('CliCopy20k'), 20_000, true)
    made.push(seeded.className)
  })

  it('exits 0, then verify passes and counts, ids, properties, vectors and references are equal', async () => {
    const copied = await runCli(['copy', '--from', weaviateUrl(), '--to', targetUrl(), '--class', seeded.className, '--with-references', '--partitions', '2', '--progress', 'none'])
    expect(copied.stderr).toMatch(/^copy: 20000 objects, 0 failed, /)
    expect(copied.code).toBe(0)
    const verified = await runCli(['verify', '--from', weaviateUrl(), '--to', targetUrl(), '--class', seeded.className, '--progress', 'none'])
    expect(verified).toMatchObject({ code: 0, stdout: 'same: 20000 objects\n' })
    expect(await count(targetUrl(), seeded.className)).toBe(20_000)
    expect(await readClass(targetUrl(), seeded.className, targetKey())).toEqual(await readClass(weaviateUrl(), seeded.className))
  })
})

describe('copy 50,000 objects killed with SIGKILL and run again with the checkpoint', () => {
  let seeded: Seeded
  let checkpoint: string
  let args: string[]

  interface Saved {
    phase: string
    partitions: Array<string | null>
  }
  const saved = async (): Promise<Saved | undefined> => {
    try {
      return (JSON.parse(await fs.readFile(checkpoint, 'utf8')) as { state: Saved }).state
    } catch {
      return undefined
    }
  }

  /** The source objects the checkpoint's cursors cover: in each partition, the ids up to its cursor. */
  const covered = (s: Saved): number => {
    const ranges = uuidPartitions(s.partitions.length)
    return seeded.ids.filter((id) => {
      const i = ranges.findIndex((r) => uuidInRange(id, r))
      const cursor = s.partitions[i]
      return cursor !== null && cursor !== undefined && id <= cursor
    }).length
  }

  /** Starts the copy as a child and kills it with SIGKILL once `ready` holds for the checkpoint. */
  const killWhen = async (ready: (s: Saved) => boolean): Promise<{ code: number | null; signal: NodeJS.Signals | null }> => {
    const child = spawnCli(args)
    const exited = exitOf(child)
    let running = true
    void exited.then(() => {
      running = false
    })
    for (;;) {
      const s = await saved()
      if (s !== undefined && ready(s)) break
      if (!running) break
      await sleep(50)
    }
    if (running && child.pid !== undefined) process.kill(child.pid, 'SIGKILL')
    return exited
  }

  beforeAll(async () => {
    seeded = await seedClass(weaviateUrl(), uniqueClassName('CliCrash50k'), 50_000, true)
    made.push(seeded.className)
    checkpoint = path.join(dir, 'crash.checkpoint')
    args = ['copy', '--from', weaviateUrl(), '--to', targetUrl(), '--class', seeded.className, '--with-references', '--partitions', '4', '--checkpoint', checkpoint, '--progress', 'none']
  })

  it('is killed while writing objects, with part of the objects on the target', async () => {
    const ended = await killWhen((s) => s.phase === 'objects' && s.partitions.filter((p) => p !== null).length >= 2)
    expect(ended.signal).toBe('SIGKILL')
    const copied = await count(targetUrl(), seeded.className)
    expect(copied).toBeGreaterThan(0)
    expect(copied).toBeLessThan(50_000)
  })

  it('the resumed run sends again at most the (concurrency + 1) x batch-size objects that were in flight', async () => {
    const s = await saved()
    expect(s?.phase).toBe('objects')
    const done = covered(s ?? { phase: '', partitions: [] })
    // Everything the checkpoint covers is on the target; what is there beyond it is sent again.
    const beyond = (await count(targetUrl(), seeded.className)) - done
    expect(done).toBeGreaterThan(0)
    expect(beyond).toBeGreaterThanOrEqual(0)
    expect(beyond).toBeLessThanOrEqual(3 * 100)
  })

  it('is killed again while writing references, after the resumed run wrote every object', async () => {
    const ended = await killWhen((s) => s.phase === 'references' && s.partitions.some((p) => p !== null))
    expect(ended.signal).toBe('SIGKILL')
    expect((await saved())?.phase).toBe('references')
    expect(await count(targetUrl(), seeded.className)).toBe(50_000)
  })

  it('completes on the third run: verify passes and the target has each object exactly once, references equal', async () => {
    const ended = await exitOf(spawnCli(args))
    expect(ended).toMatchObject({ code: 0, signal: null })
    const verified = await runCli(['verify', '--from', weaviateUrl(), '--to', targetUrl(), '--class', seeded.className, '--progress', 'none'])
    expect(verified).toMatchObject({ code: 0, stdout: 'same: 50000 objects\n' })
    expect(await count(targetUrl(), seeded.className)).toBe(50_000)
    const onTarget = await readClass(targetUrl(), seeded.className, targetKey())
    expect(onTarget.map((o) => o.id)).toEqual([...seeded.ids].sort())
    expect(onTarget).toEqual(await readClass(weaviateUrl(), seeded.className))
  })

  it('an export killed mid-way and run again with its checkpoint has every object exactly once', async () => {
    const out = path.join(dir, 'export.ndjson')
    const exportCheckpoint = path.join(dir, 'export.checkpoint')
    const exportArgs = ['export', '--url', weaviateUrl(), '--class', seeded.className, '--with-vector', '--partitions', '2', '--page-size', '200', '--out', out, '--checkpoint', exportCheckpoint, '--progress', 'none']
    const child = spawnCli(exportArgs)
    const exited = exitOf(child)
    const started = await pollFor(
      async () => {
        const text = await fs.readFile(exportCheckpoint, 'utf8').catch(() => '')
        return /"partitions":\[[^\]]*"/.test(text) ? true : undefined
      },
      { tries: 600, intervalMs: 50 },
    )
    expect(started).toBe(true)
    if (child.pid !== undefined) process.kill(child.pid, 'SIGKILL')
    expect((await exited).signal).toBe('SIGKILL')
    expect(await exitOf(spawnCli(exportArgs))).toMatchObject({ code: 0 })
    const lines = (await fs.readFile(out, 'utf8')).trimEnd().split('\n')
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ schema: { class: seeded.className } })
    const ids = lines.slice(1).map((l) => (JSON.parse(l) as { id: string }).id)
    expect(ids.sort()).toEqual([...seeded.ids].sort())
  })

  it('an import of that file killed mid-way and run again with its checkpoint gives an equal class', async () => {
    const imported = uniqueClassName('CliImported50k')
    const importCheckpoint = path.join(dir, 'import.checkpoint')
    const importArgs = ['import', '--url', targetUrl(), '--class', imported, '--create-class', '--checkpoint', importCheckpoint, '--progress', 'none', path.join(dir, 'export.ndjson')]
    const child = spawnCli(importArgs, targetEnv())
    const exited = exitOf(child)
    const started = await pollFor(
      async () => {
        const text = await fs.readFile(importCheckpoint, 'utf8').catch(() => '')
        return /"offset":[1-9]/.test(text) ? true : undefined
      },
      { tries: 600, intervalMs: 50 },
    )
    expect(started).toBe(true)
    if (child.pid !== undefined) process.kill(child.pid, 'SIGKILL')
    expect((await exited).signal).toBe('SIGKILL')
    expect(await exitOf(spawnCli(importArgs, targetEnv()))).toMatchObject({ code: 0 })
    const verified = await runCli(['verify', '--from', weaviateUrl(), '--to', targetUrl(), '--class', seeded.className, '--to-class', imported, '--progress', 'none'])
    expect(verified).toMatchObject({ code: 0, stdout: 'same: 50000 objects\n' })
  })
})

describe('import of 50,000 lines without ids killed twice mid-flight', () => {
  const LINES = 50_000
  let file: string
  let checkpoint: string
  let className: string
  let args: string[]
  const kills: Array<{ line: number; onServer: number }> = []

  interface Saved {
    phase: string
    line: number
  }
  const saved = async (): Promise<Saved | undefined> => {
    try {
      return (JSON.parse(await fs.readFile(checkpoint, 'utf8')) as { state: Saved }).state
    } catch {
      return undefined
    }
  }

  /** Object lines the checkpoint covers (line 1 is the schema line; `line` is the next to read). */
  const linesDone = (s: Saved): number => s.line - 2

  beforeAll(async () => {
    className = uniqueClassName('CliNoIds50k')
    file = path.join(dir, 'no-ids.ndjson')
    checkpoint = path.join(dir, 'no-ids.checkpoint')
    const schema = { class: className, vectorizer: 'none', properties: [{ name: 'title', dataType: ['text'] }, { name: 'n', dataType: ['int'] }] }
    const lines = Array.from({ length: LINES }, (_, n) => JSON.stringify({ properties: { title: `line ${n + 2}`, n }, vector: [n / LINES, 0.5, 0.25, 1] }))
    await fs.writeFile(file, `${JSON.stringify({ schema })}\n${lines.join('\n')}\n`)
    args = ['import', '--url', targetUrl(), '--create-class', '--batch-size', '100', '--concurrency', '2', '--checkpoint', checkpoint, '--progress', 'none', file]
  })

  /** Starts the import and kills it with SIGKILL once its checkpoint is past `line` and before the end. */
  const killPast = async (line: number): Promise<void> => {
    const child = spawnCli(args, targetEnv())
    const exited = exitOf(child)
    const reached = await pollFor(async () => ((await saved())?.line ?? 0) > line ? true : undefined, { tries: 1200, intervalMs: 25 })
    expect(reached).toBe(true)
    if (child.pid !== undefined) process.kill(child.pid, 'SIGKILL')
    expect((await exited).signal).toBe('SIGKILL')
    await sleep(500) // let the server finish the requests it had already received
    const s = await saved()
    kills.push({ line: s?.line ?? 0, onServer: await count(targetUrl(), className) })
  }

  it('is killed mid-flight: the checkpoint and the server hold part of the lines', async () => {
    await killPast(2_000)
    const [first] = kills
    expect(first?.onServer).toBeGreaterThan(0)
    expect(first?.onServer).toBeLessThan(LINES)
    expect((await saved())?.phase).toBe('objects')
  })

  it('is killed again mid-flight, further on', async () => {
    await killPast((kills[0]?.line ?? 0) + 2_000)
    const second = kills[1]
    expect(second?.line).toBeGreaterThan(kills[0]?.line ?? Infinity)
    expect(second?.onServer).toBeLessThan(LINES)
  })

  it('each kill left at most (concurrency + 1) x batch-size lines written beyond its checkpoint: all a resume sends again', () => {
    for (const kill of kills) {
      const beyond = kill.onServer - linesDone({ phase: 'objects', line: kill.line })
      expect(beyond).toBeGreaterThanOrEqual(0)
      expect(beyond).toBeLessThanOrEqual(3 * 100)
    }
  })

  it('the third run completes with every line exactly once, under the id of its file and line number', async () => {
    expect(await exitOf(spawnCli(args, targetEnv()))).toMatchObject({ code: 0, signal: null })
    expect(await count(targetUrl(), className)).toBe(LINES)
    const idOf = lineIds(await fileIdentity(file))
    const expected = Array.from({ length: LINES }, (_, n) => idOf(n + 2)).sort()
    const stored = await readClass(targetUrl(), className, targetKey())
    expect(stored.map((o) => o.id)).toEqual(expected)
    expect(stored.map((o) => o.properties['title']).sort()).toEqual(Array.from({ length: LINES }, (_, n) => `line ${n + 2}`).sort())
  })
})

describe('a server with API keys', () => {
  const KEY = 'key-cli-good'
  const WRONG = 'key-cli-wrong-5d1e'
  let auth: EmbeddedWeaviate | undefined
  let seeded: Seeded

  beforeAll(async () => {
    auth = await retryOnPortClash(() =>
      startEmbedded({
        log: quietLog,
        env: {
          AUTHENTICATION_APIKEY_ENABLED: 'true',
          AUTHENTICATION_APIKEY_ALLOWED_KEYS: KEY,
          AUTHENTICATION_APIKEY_USERS: 'cli',
          AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED: 'false',
        },
      }),
    )
    seeded = await seedClass(auth.url, uniqueClassName('CliAuth'), 10, false, KEY)
  })

  afterAll(async () => {
    await auth?.stop()
  })

  const authUrl = (): string => auth?.url ?? ''

  it('a wrong --api-key exits 1 with one line saying 401, without the key', async () => {
    const run = await runCli(['export', '--url', authUrl(), '--class', seeded.className, '--api-key', WRONG, '--progress', 'none'])
    expect(run.code).toBe(1)
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1)
    expect(run.stderr).toMatch(/^weaviate-rx: GET .* failed: unexpected status 401/)
    expect(run.stderr).not.toContain(WRONG)
  })

  it('the key from WEAVIATE_API_KEY is used when --api-key is not given', async () => {
    const run = await runCli(['export', '--url', authUrl(), '--class', seeded.className, '--progress', 'none'], { env: { WEAVIATE_API_KEY: KEY } })
    expect(run.code).toBe(0)
    expect(run.stdout.trimEnd().split('\n')).toHaveLength(11)
    expect(run.stderr).not.toContain(KEY)
  })
})
