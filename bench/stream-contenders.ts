/**
 * The contenders of the stream benchmark (bench/stream.ts), each streaming a whole class and
 * returning how many objects it saw, optionally running a consumer on every object:
 *
 * - ours: `lastValueFrom(client.objects.stream(args).pipe(count()))` (default prefetch 1);
 * - ours-for-await: `for await (const item of client.objects.iterate(args))`, counting;
 * - ours-pages: `objects.streamPages(args)`, one value per page, the page lengths summed;
 * - undici-seq: the minimal loop a user writes: undici `request()`, `await body.json()`, count,
 *   next page after the last id, one request at a time;
 * - undici-prefetch: the same loop with one page prefetched by hand (the request for page n+1 is
 *   started before page n is counted), which is what our stream does;
 * - undici-cursor-first: not a loop a user writes, the ceiling of prefetching: the next cursor read
 *   from page n's raw text before page n is parsed;
 * - weaviate-ts-client 2.x: its cursor, `data.getter().withAfter(id).withLimit(n).do()`.
 *
 * Each sends the server's key (server-key.ts). Also the CPU-burning consumer ({@link consume}) and
 * the helpers every stream group shares.
 */
import * as E from 'fp-ts/Either'
import { count, lastValueFrom, reduce, tap } from 'rxjs'
import { request } from 'undici'
import { Client } from '../lib'
import { Call, medians } from './harness'
import type { BenchServer } from './server-env'
import { authHeaders, type PeerClient } from './server-key'

/** CPU the "busy" consumer spends per object. */
export const CONSUMER_US = 20

/**
 * What every stream group runs against: a class of `total` objects, our client and the peer's,
 * and how many timed runs each comparison gets.
 */
export interface StreamBenchContext {
  readonly server: BenchServer
  readonly className: string
  readonly total: number
  readonly ours: Client
  readonly peer: PeerClient
  readonly runs: number
}

/** Warm-up runs before the timed ones. */
export const WARMUP = 1

/**
 * Pages every contender streams before group 1's first timed run: V8 compiles a stream's per-page
 * functions only after about 2,400 pages on this machine (`--trace-opt`; docs/decisions/0015-how-the-bench-measures.md), so
 * fewer would time some contenders' code half compiled.
 */
export const WARMUP_PAGES = 3_000

/** Warm-up passes over a class of `total` objects at `pageSize` that stream at least WARMUP_PAGES pages. */
export const warmupPasses = (total: number, pageSize: number): number => Math.max(WARMUP, Math.ceil(WARMUP_PAGES / Math.ceil(total / pageSize)))

/** `100k` for 100000, the number itself otherwise. */
export const label = (n: number): string => (n % 1000 === 0 ? `${n / 1000}k` : `${n}`)

const CONSUMER_NS = BigInt(CONSUMER_US * 1_000)

/** Busy-waits ~CONSUMER_US of CPU: the "work" done per object. */
export const consume = (): void => {
  const end = process.hrtime.bigint() + CONSUMER_NS
  while (process.hrtime.bigint() < end) {
    // spin
  }
}

/** Fails unless a contender streamed exactly `total` objects. */
export const expectAll = (n: number, who: string, total: number): void => {
  if (n !== total) throw new Error(`${who}: streamed ${n} objects, expected ${total}`)
}

interface ObjectsPage {
  readonly objects: ReadonlyArray<{ readonly id: string }>
}

const isObjectsPage = (body: unknown): body is ObjectsPage =>
  typeof body === 'object' && body !== null && Array.isArray((body as { objects?: unknown }).objects)

/** The URL of one cursor page. */
const pageUrl = (server: BenchServer, className: string, pageSize: number, after: string | undefined): string =>
  `${server.url}/v1/objects?class=${className}&limit=${pageSize}${after === undefined ? '' : `&after=${after}`}`

/** One page the way a user writes it: undici `request()`, `body.json()`, the status checked. */
const undiciPage = async (server: BenchServer, className: string, pageSize: number, after: string | undefined): Promise<ObjectsPage> => {
  const res = await request(pageUrl(server, className, pageSize, after), { headers: authHeaders(server) })
  const body: unknown = await res.body.json()
  if (res.statusCode !== 200 || !isObjectsPage(body)) throw new Error(`undici: ${res.statusCode}`)
  return body
}

/** Counts a page's objects (running the consumer on each); the cursor for the next page, if any. */
const countPage = (page: ObjectsPage, pageSize: number, onObject: (() => void) | undefined): { n: number; next: string | undefined } => {
  const objects = page.objects
  if (onObject !== undefined) for (let i = 0; i < objects.length; i++) onObject()
  const last = objects[objects.length - 1]
  return { n: objects.length, next: last === undefined || objects.length < pageSize ? undefined : last.id }
}

/** The minimal loop: request a page, count it, request the next after the last id. */
export const undiciSequential = async (server: BenchServer, className: string, pageSize: number, onObject?: () => void): Promise<number> => {
  let n = 0
  let after: string | undefined
  do {
    const page = countPage(await undiciPage(server, className, pageSize, after), pageSize, onObject)
    n += page.n
    after = page.next
  } while (after !== undefined)
  return n
}

/** The same loop with one page prefetched: the request for page n+1 starts before page n is counted. */
export const undiciPrefetch = async (server: BenchServer, className: string, pageSize: number, onObject?: () => void): Promise<number> => {
  let n = 0
  let page: ObjectsPage | undefined = await undiciPage(server, className, pageSize, undefined)
  while (page !== undefined) {
    const last: { readonly id: string } | undefined = page.objects[page.objects.length - 1]
    const next: Promise<ObjectsPage> | undefined =
      last !== undefined && page.objects.length === pageSize ? undiciPage(server, className, pageSize, last.id) : undefined
    n += countPage(page, pageSize, onObject).n
    page = next === undefined ? undefined : await next
  }
  return n
}

/** A page's text the way a user writes it, undici `request()` and `body.text()`, the status checked. */
const undiciPageText = async (server: BenchServer, className: string, pageSize: number, after: string | undefined): Promise<string> => {
  const res = await request(pageUrl(server, className, pageSize, after), { headers: authHeaders(server) })
  const text = await res.body.text()
  if (res.statusCode !== 200) throw new Error(`undici: ${res.statusCode}`)
  return text
}

/**
 * The most overlap a cursor loop can get: the next cursor is read from page n's raw text (its last
 * `"id":"…"`; the bench objects have no nested `id`) before page n is parsed, the request for
 * page n+1 is sent (one event-loop turn, so undici writes it), and only then is page n parsed and
 * counted. Every page's parsed last id is checked against the cursor taken from its text. Not a
 * loop a user writes: it measures the ceiling of prefetching on this machine.
 */
export const undiciCursorFirst = async (server: BenchServer, className: string, pageSize: number): Promise<number> => {
  let n = 0
  let pending: Promise<string> | undefined = undiciPageText(server, className, pageSize, undefined)
  while (pending !== undefined) {
    const text: string = await pending
    const at = text.lastIndexOf('"id":"')
    const cursor = at < 0 ? undefined : text.slice(at + 6, at + 42)
    pending = cursor === undefined ? undefined : undiciPageText(server, className, pageSize, cursor)
    await new Promise<void>((resolve) => setImmediate(resolve))
    const page: unknown = JSON.parse(text)
    if (!isObjectsPage(page)) throw new Error('undici-cursor-first: not an objects page')
    n += page.objects.length
    if (page.objects.length < pageSize) {
      // A short page ends the class; the request already sent after it must come back empty.
      if (pending !== undefined && (JSON.parse(await pending) as ObjectsPage).objects.length !== 0) throw new Error('undici-cursor-first: objects after the last page')
      pending = undefined
    } else if (page.objects[page.objects.length - 1]?.id !== cursor) throw new Error('undici-cursor-first: the cursor read from the text is not the last id')
  }
  return n
}

/** weaviate-ts-client 2.x's cursor: getter().withClassName().withLimit().withAfter().do() in a loop. */
export const peerLoop = async (peer: PeerClient, className: string, pageSize: number, onObject?: () => void): Promise<number> => {
  let n = 0
  let after: string | undefined
  for (;;) {
    const getter = peer.data.getter().withClassName(className).withLimit(pageSize)
    const page = await (after === undefined ? getter : getter.withAfter(after)).do()
    const objects = page.objects ?? []
    if (onObject !== undefined) for (let i = 0; i < objects.length; i++) onObject()
    n += objects.length
    const last = objects[objects.length - 1]
    if (last?.id === undefined || objects.length < pageSize) return n
    after = last.id
  }
}

/** Ours, the RxJS way: the stream counted to completion (Lefts are not counted, so they fail the check). */
export const oursCount = (client: Client, className: string, pageSize: number, partitions = 1): Promise<number> =>
  lastValueFrom(client.objects.stream({ className, pageSize, partitions }).pipe(count(E.isRight)))

/** Ours a page at a time (`objects.streamPages`): the throughput form, one value per page. */
export const oursPagesCount = (client: Client, className: string, pageSize: number): Promise<number> =>
  lastValueFrom(client.objects.streamPages({ className, pageSize }).pipe(reduce((n, page) => n + (E.isRight(page) ? page.right.length : 0), 0)))

/** Ours with a synchronous subscriber doing the work (default prefetch 1: the next page is in flight meanwhile). */
export const oursConsumer = (client: Client, className: string, pageSize: number): Promise<number> =>
  lastValueFrom(
    client.objects.stream({ className, pageSize }).pipe(
      tap((item) => {
        if (E.isRight(item)) consume()
      }),
      count(E.isRight),
    ),
  )

/** Ours through `for await`, counting (or running the consumer on each object). */
export const oursForAwait = async (client: Client, className: string, pageSize: number, onObject?: () => void): Promise<number> => {
  let n = 0
  for await (const item of client.objects.iterate({ className, pageSize })) {
    if (E.isLeft(item)) throw item.left
    onObject?.()
    n += 1
  }
  return n
}

/** A contender as a harness call that fails unless it streamed exactly `total` objects. */
export const checked =
  (who: string, total: number, run: () => Promise<number>): Call =>
  async () =>
    expectAll(await run(), who, total)

/** `name <median> ms, ...` for a group's console line. */
export const formatMs = (times: Readonly<Record<string, readonly number[]>>): string =>
  Object.entries(medians(times))
    .map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`)
    .join(', ')
