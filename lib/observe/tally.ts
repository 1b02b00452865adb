/**
 * What every watcher of an operation counts the same way: attempts, retries, objects read and
 * written, failed batch items, and where and over what the last attempt went.
 *
 * @packageDocumentation
 */
import type { AttemptStart, TransportName } from './probe'

/** The operations that write objects: each `Right` is one object written, each item `Left` one batch error. */
const WRITES: ReadonlySet<string> = new Set(['objects.batch', 'references.batch'])

/** The operations that emit one object per value (a stream's objects, a read of one object: `null` when absent). */
const ONE_PER_VALUE: ReadonlySet<string> = new Set(['objects.stream', 'objects.get', 'objects.getById'])

/** The counts of one operation. */
export interface Tally {
  attempts: number
  retries: number
  read: number
  written: number
  batchErrors: number
  transport: TransportName | undefined
  serverAddress: string | undefined
  serverPort: number | undefined
}

export const newTally = (): Tally => ({ attempts: 0, retries: 0, read: 0, written: 0, batchErrors: 0, transport: undefined, serverAddress: undefined, serverPort: undefined })

/** Whether the operation `name` writes objects. */
export const writes = (name: string): boolean => WRITES.has(name)

/** Counts a `Right` value of operation `name`: objects read (an array, a search result's `objects`, a stream's object) or written. */
export const countValue = (tally: Tally, name: string, value: unknown): void => {
  if (WRITES.has(name)) tally.written += 1
  else if (Array.isArray(value)) tally.read += value.length
  else if (ONE_PER_VALUE.has(name)) tally.read += value === null ? 0 : 1
  else if (typeof value === 'object' && value !== null) {
    const objects = (value as { readonly objects?: unknown }).objects
    if (Array.isArray(objects)) tally.read += objects.length
  }
}

/** The last URL's server: a client's attempts go to its few nodes, so most attempts find it here. */
let last: { readonly origin: string; readonly server: { readonly address: string; readonly port: number } | undefined } | undefined

/** The host and port of a URL (the scheme's default port when it names none). */
export const serverOf = (url: string): { readonly address: string; readonly port: number } | undefined => {
  if (last !== undefined && url.startsWith(last.origin) && url.charAt(last.origin.length) === '/') return last.server
  const server = parseServer(url)
  if (server !== undefined) last = { origin: new URL(url).origin, server }
  return server
}

const parseServer = (url: string): { readonly address: string; readonly port: number } | undefined => {
  try {
    const parsed = new URL(url)
    const port = parsed.port === '' ? (parsed.protocol === 'https:' ? 443 : 80) : Number(parsed.port)
    return { address: parsed.hostname.replace(/^\[(.*)\]$/, '$1'), port }
  } catch {
    return undefined
  }
}

/** Counts an attempt's start. */
export const countAttempt = (tally: Tally, start: AttemptStart): { readonly address: string; readonly port: number } | undefined => {
  tally.attempts += 1
  tally.transport = start.transport
  const server = serverOf(start.url)
  tally.serverAddress = server?.address
  tally.serverPort = server?.port
  return server
}
