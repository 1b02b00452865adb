/**
 * HTTP benchmark, public API against public API: GET /v1/meta against a loopback node:http server
 * (in a child process, like a real Weaviate, so it does not share the client's event loop)
 * answering a fixed small JSON body.
 *
 * Contenders, each reading and parsing the JSON body:
 * - ours: `connect({ url, connections: 16 }).meta.get()` through `firstValueFrom`, the answer
 *   decoded and checked (`Right`), retry and timeouts on (the defaults);
 * - undici: `pool.request()` + `body.json()` on a keep-alive Pool with the same connection count;
 * - fetch: Node's global `fetch` + `res.json()`;
 * - weaviate-ts-client 2.x: `client.misc.metaGetter().do()`.
 *
 * Two shapes: sequential (one request at a time) and concurrent16 (16 loops at once). Each
 * contender runs RUNS times, interleaved with the others; a line prints the ratio of medians and
 * the spread: `bench: http <shape> ours/<peer> = <ratio> (spread a-b)` (below 1: ours is faster).
 *
 * Run: `npx ts-node --transpile-only bench/http.ts`
 */
import * as E from 'fp-ts/Either'
import { firstValueFrom } from 'rxjs'
import { Pool } from 'undici'
import { spawn } from 'node:child_process'
import weaviate from 'weaviate-ts-client'
import { connect } from '../lib'
import { Call, measure, medians } from './harness'
import { reportRatio, sizeFromEnv } from './report'

const SEQUENTIAL = sizeFromEnv('HTTP_SEQUENTIAL', 2_000)
const CONCURRENCY = 16
const CONCURRENT_TOTAL = sizeFromEnv('HTTP_CONCURRENT', 4_000)
const RUNS = sizeFromEnv('HTTP_RUNS', 7)
const WARMUP = 300
const SETTLE = 300

const SERVER = `
const { createServer } = require('node:http')
const body = Buffer.from(JSON.stringify({ hostname: 'http://[::]:8080', modules: {}, version: '1.39.0', grpcMaxMessageSize: 104858000 }))
const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length })
  res.end(body)
})
server.keepAliveTimeout = 60_000
server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'))
`

const startServer = async (): Promise<{ url: string; stop: () => Promise<void> }> => {
  const child = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] })
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString('utf8').trim())))
    child.once('error', reject)
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => {
      child.kill()
      return exited
    },
  }
}

/**
 * Runs the benchmark and prints `bench: http ...` lines.
 *
 * @example
 * ```ts
 * await benchHttp() // bench: http sequential ours/undici = 1.04 (spread 0.98-1.07) ...
 * ```
 */
export async function benchHttp(): Promise<void> {
  const server = await startServer()
  const ours = connect({ url: server.url, connections: CONCURRENCY })
  const pool = new Pool(server.url, { connections: CONCURRENCY })
  const legacy = weaviate.client({ scheme: 'http', host: server.url.replace('http://', '') })
  const metaUrl = `${server.url}/v1/meta`

  const calls: Record<string, Call> = {
    ours: async () => {
      const meta = await firstValueFrom(ours.meta.get())
      if (E.isLeft(meta)) throw meta.left
      return meta.right
    },
    undici: async () => {
      const res = await pool.request({ path: '/v1/meta', method: 'GET' })
      return res.body.json()
    },
    fetch: async () => (await fetch(metaUrl)).json(),
    'weaviate-ts-client': (): Promise<unknown> => legacy.misc.metaGetter().do() as Promise<unknown>,
  }
  try {
    for (const [shape, total, lanes] of [
      ['sequential', SEQUENTIAL, 1],
      [`concurrent${CONCURRENCY}`, CONCURRENT_TOTAL, CONCURRENCY],
    ] as const) {
      const times = await measure(calls, { total, lanes, runs: RUNS, warmup: WARMUP, settle: SETTLE })
      for (const peer of ['undici', 'fetch', 'weaviate-ts-client']) reportRatio(`http ${shape}`, times, peer)
      if (process.env['BENCH_VERBOSE'] !== undefined) {
        for (const [name, ms] of Object.entries(medians(times))) console.log(`  ${shape} ${name}: ${((ms * 1000) / total).toFixed(1)} µs/request`)
      }
    }
  } finally {
    await ours.close()
    await pool.close()
    await server.stop()
  }
}

if (require.main === module) {
  benchHttp().catch((e: unknown) => {
    console.error(e)
    process.exitCode = 1
  })
}
