/**
 * Where the test server is and how to name things on it without colliding with other spec files
 * that share the same server.
 */
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { promises as fs } from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { apiKeyFor } from './versions'

/**
 * Weaviate's class name rule.
 *
 * @example
 * ```ts
 * CLASS_NAME.test('Article_1') // true
 * ```
 */
export const CLASS_NAME = /^[A-Z][_0-9A-Za-z]*$/

/**
 * The base URL of the server of this test run (no `/v1`), from env `WEAVIATE_URL`, which
 * spec/setup/global-setup.ts sets for every worker.
 *
 * @example
 * ```ts
 * const client = connect({ url: weaviateUrl(), apiKey: process.env['WEAVIATE_API_KEY'] })
 * ```
 */
export const weaviateUrl = (): string => {
  const url = process.env['WEAVIATE_URL']
  if (url === undefined || url === '') {
    throw new Error('WEAVIATE_URL is not set: run the specs through jest (its globalSetup starts a server)')
  }
  return url.replace(/\/+$/, '')
}

/**
 * How to reach the test server of this run: `{ url }` plus `apiKey` when the server wants one
 * (env `WEAVIATE_API_KEY`, published by the global setup beside `WEAVIATE_URL`).
 *
 * @example
 * ```ts
 * const client = connect({ ...weaviateConnection(), retry: false })
 * ```
 */
export const weaviateConnection = (): { readonly url: string; readonly apiKey?: string } => {
  const url = weaviateUrl()
  const apiKey = apiKeyFor(url)
  return apiKey === undefined ? { url } : { url, apiKey }
}

/**
 * The `authorization` header for plain HTTP requests to the test server at `url` (default: this
 * run's), or nothing when it needs no key.
 *
 * @example
 * ```ts
 * await request(`${weaviateUrl()}/v1/schema`, { headers: authHeaders() })
 * ```
 */
export const authHeaders = (url: string = weaviateUrl()): Record<string, string> => {
  const apiKey = apiKeyFor(url)
  return apiKey === undefined ? {} : { authorization: `Bearer ${apiKey}` }
}

/**
 * A class name unique to this call: `<Prefix>_<16 hex chars>`, valid for Weaviate. The prefix's
 * first letter is upper-cased and characters Weaviate does not allow become `_`.
 *
 * @example
 * ```ts
 * uniqueClassName('article') // 'Article_3f9c0a1b2c3d4e5f'
 * ```
 */
export const uniqueClassName = (prefix: string): string => {
  const cleaned = prefix.replace(/[^_0-9A-Za-z]/g, '_')
  const head = /^[A-Za-z]/.test(cleaned) ? cleaned : `C${cleaned}`
  const name = `${head.charAt(0).toUpperCase()}${head.slice(1)}_${randomBytes(8).toString('hex')}`
  if (!CLASS_NAME.test(name)) throw new Error(`uniqueClassName made an invalid name: ${name}`)
  return name
}

/**
 * True while a process with this pid exists (signal 0 probes without sending anything).
 *
 * @example
 * ```ts
 * await server.stop()
 * expect(isAlive(server.pid)).toBe(false)
 * ```
 */
export const isAlive = (pid: number): boolean => {
  if (!Number.isInteger(pid) || pid <= 0) throw new RangeError(`not a process id: ${pid}`)
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code !== 'ESRCH'
  }
}

/**
 * A server a test keeps running across several `it`s on purpose.
 *
 * @example
 * ```ts
 * const release = leaks.allow({ pid: server.pid, dataDir: server.dataDir })
 * ```
 */
export interface LongLivedServer {
  readonly pid: number | undefined
  readonly dataDir: string
}

/** Child processes of this process (pid and command), without the `ps` that lists them. */
const childProcesses = (): Map<number, string> => {
  const out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' })
  const children = new Map<number, string>()
  for (const line of out.split('\n')) {
    const match = /^\s*(\d+)\s+(.*)$/.exec(line)
    if (match?.[1] !== undefined && match[2] !== undefined && match[2] !== 'ps') {
      children.set(Number(match[1]), match[2])
    }
  }
  return children
}

/**
 * Makes every test of the calling spec file prove it leaks nothing: after each test there is no
 * new child process and nothing new in the temp dir (TMPDIR points at a private scratch dir for
 * the file, so parallel spec files cannot interfere). Servers a `describe` keeps running on purpose
 * are declared with `allow` and released by calling the function it returns.
 *
 * @example
 * ```ts
 * const leaks = guardAgainstLeaks()
 * let server: EmbeddedWeaviate
 * let release: () => void
 * beforeAll(async () => { server = await startEmbedded(); release = leaks.allow(server) })
 * afterAll(async () => { await server.stop(); release() })
 * ```
 */
export const guardAgainstLeaks = (): { allow(server: LongLivedServer): () => void } => {
  const allowed = new Set<LongLivedServer>()
  let baseline = new Map<number, string>()
  let scratch = ''
  let savedTmp: string | undefined

  const leftovers = async (): Promise<{ processes: string[]; files: string[] }> => {
    const keepPids = new Set([...allowed].map((s) => s.pid))
    const keepDirs = new Set([...allowed].map((s) => path.basename(s.dataDir)))
    const processes = [...childProcesses()]
      .filter(([pid]) => !baseline.has(pid) && !keepPids.has(pid))
      .map(([pid, command]) => `${pid} ${command}`)
    const files = (await fs.readdir(scratch)).filter((name) => !keepDirs.has(name))
    return { processes, files }
  }

  beforeAll(async () => {
    baseline = childProcesses()
    savedTmp = process.env['TMPDIR']
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'weaviate-rx-spec-tmp-'))
    process.env['TMPDIR'] = scratch
  })

  afterEach(async () => {
    expect(await leftovers()).toEqual({ processes: [], files: [] })
  })

  afterAll(async () => {
    if (savedTmp === undefined) delete process.env['TMPDIR']
    else process.env['TMPDIR'] = savedTmp
    allowed.clear()
    const left = await leftovers()
    await fs.rm(scratch, { recursive: true, force: true })
    expect(left).toEqual({ processes: [], files: [] })
  })

  return {
    allow: (server) => {
      allowed.add(server)
      return () => {
        allowed.delete(server)
      }
    },
  }
}
