/**
 * Helpers of the `weaviate-rx` command's specs: seeding a class fast with plain undici batch
 * requests (outside the library under test), reading a class back the same way, and running the
 * command in-process with captured stdout and stderr, or as a child process.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { createServer, type AddressInfo } from 'node:net'
import * as path from 'node:path'
import { PassThrough, Readable } from 'node:stream'
import { request } from 'undici'
import { main } from '../../lib/cli/main'
import { apiKeyFor } from '../helpers/versions'

const v1 = (url: string): string => `${url.replace(/\/+$/, '')}/v1`

/** A JSON request outside the library (with `apiKey`, default the test server's key); throws unless 2xx. */
export const rest = async (
  url: string,
  method: 'GET' | 'POST' | 'DELETE',
  path_: string,
  body?: unknown,
  apiKey: string | undefined = apiKeyFor(url),
): Promise<unknown> => {
  const response = await request(`${v1(url)}${path_}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(apiKey === undefined ? {} : { authorization: `Bearer ${apiKey}` }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.body.text()
  if (response.statusCode < 200 || response.statusCode > 299) throw new Error(`${method} ${path_}: ${response.statusCode} ${text}`)
  return text === '' ? undefined : (JSON.parse(text) as unknown)
}

/** What {@link seedClass} made: the ids in creation order. */
export interface Seeded {
  readonly className: string
  readonly ids: readonly string[]
}

/**
 * Creates a class `{ title: text, n: int, next: <itself> }` with `count` objects, each with a
 * 4-dimensional vector; with `references`, two objects in three point to the next one.
 */
export const seedClass = async (url: string, className: string, count: number, references: boolean, apiKey?: string): Promise<Seeded> => {
  await rest(
    url,
    'POST',
    '/schema',
    {
      class: className,
      vectorizer: 'none',
      properties: [
        { name: 'title', dataType: ['text'] },
        { name: 'n', dataType: ['int'] },
        { name: 'next', dataType: [className] },
      ],
    },
    apiKey,
  )
  const ids = Array.from({ length: count }, () => randomUUID())
  const BATCH = 1000
  for (let i = 0; i < count; i += BATCH) {
    const objects = ids.slice(i, i + BATCH).map((id, j) => ({
      class: className,
      id,
      properties: { title: `object ${i + j}`, n: i + j },
      vector: [(i + j) / count, 0.25, 0.5, 1 - (i + j) / count],
    }))
    const answer = (await rest(url, 'POST', '/batch/objects', { objects }, apiKey)) as Array<{ result?: { errors?: unknown } }>
    const failed = answer.find((a) => a.result?.errors !== undefined)
    if (failed !== undefined) throw new Error(`seeding failed: ${JSON.stringify(failed.result)}`)
  }
  if (references) {
    for (let i = 0; i < count; i += BATCH) {
      const refs = ids.slice(i, i + BATCH).flatMap((id, j) =>
        (i + j) % 3 === 0 ? [] : [{ from: `weaviate://localhost/${className}/${id}/next`, to: `weaviate://localhost/${className}/${ids[(i + j + 1) % count] ?? ''}` }],
      )
      await rest(url, 'POST', '/batch/references', refs, apiKey)
    }
  }
  return { className, ids }
}

/** An object as read back: id, properties with references reduced to their target ids, vector. */
export interface StoredObject {
  readonly id: string
  readonly properties: Record<string, unknown>
  readonly vector: readonly number[] | undefined
}

/** Every object of a class in UUID order, read with the `after` cursor and plain undici (with `apiKey`, default the test server's key). */
export const readClass = async (url: string, className: string, apiKey: string | undefined = apiKeyFor(url)): Promise<StoredObject[]> => {
  const all: StoredObject[] = []
  let after: string | undefined
  for (;;) {
    const page = (await rest(
      url,
      'GET',
      `/objects?class=${className}&limit=1000&include=vector${after === undefined ? '' : `&after=${after}`}`,
      undefined,
      apiKey,
    )) as { objects: Array<{ id: string; properties?: Record<string, unknown>; vector?: number[] }> }
    for (const o of page.objects) {
      const properties = { ...(o.properties ?? {}) }
      if (Array.isArray(properties['next'])) {
        properties['next'] = (properties['next'] as Array<{ beacon: string }>).map((r) => r.beacon.split('/').at(-1))
      }
      all.push({ id: o.id, properties, vector: o.vector })
    }
    const last = page.objects.at(-1)
    if (last === undefined) return all
    after = last.id
  }
}

/** A URL where nothing listens: a port that was free a moment ago. */
export const freeUrl = async (): Promise<string> => {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}

/** Deletes a class (a missing class is fine). */
export const dropClass = async (url: string, className: string): Promise<void> => {
  await rest(url, 'DELETE', `/schema/${className}`)
}

/** What a run of the command gave. */
export interface CliRun {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

/**
 * The environment a user of the test servers runs the command with: `WEAVIATE_API_KEY` of the
 * server named by the first `--url` or `--from` (none when it needs no key).
 */
const keyEnv = (argv: readonly string[]): Record<string, string> => {
  const at = argv.findIndex((arg) => arg === '--url' || arg === '--from')
  const url = at === -1 ? undefined : argv[at + 1]
  const key = url === undefined ? undefined : apiKeyFor(url)
  return key === undefined ? {} : { WEAVIATE_API_KEY: key }
}

/**
 * Runs the command in this process with captured output; `stdin` is fed from the given text. The
 * environment is `env` if given, else the API key of the server the command names (see `keyEnv`).
 */
export const runCli = async (argv: readonly string[], options: { readonly stdin?: string; readonly env?: Record<string, string> } = {}): Promise<CliRun> => {
  const stdout = new PassThrough()
  const stderr = new PassThrough()
  const out: Buffer[] = []
  const err: Buffer[] = []
  stdout.on('data', (b: Buffer) => out.push(b))
  stderr.on('data', (b: Buffer) => err.push(b))
  const code = await main(argv, { stdin: Readable.from([options.stdin ?? '']), stdout, stderr, env: options.env ?? keyEnv(argv) })
  return { code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }
}

const ROOT = path.resolve(__dirname, '..', '..')

/** Starts the command as a child process (ts-node, transpile only), as a user runs it, with `env` (default: the key of the server it names). */
export const spawnCli = (argv: readonly string[], env: Record<string, string> = keyEnv(argv)): ChildProcess =>
  spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', path.join(ROOT, 'lib', 'cli', 'main.ts'), ...argv], {
    cwd: ROOT,
    env: { ...process.env, WEAVIATE_API_KEY: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })

/** The exit of a child: its code, or the signal that ended it; and what it wrote. */
export const exitOf = (child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> => {
  const err: Buffer[] = []
  child.stderr?.on('data', (b: Buffer) => err.push(b))
  child.stdout?.resume()
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, stderr: Buffer.concat(err).toString('utf8') })))
}
