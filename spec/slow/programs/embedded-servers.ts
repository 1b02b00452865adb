/**
 * A program for spec/slow/watchdog.spec.ts, run with ts-node as
 * `embedded-servers.ts wait|stop <dir>`: it starts one embedded server and a 3-node embedded
 * cluster on temp data dirs, and one more server on `<dir>` (a caller's dir, which is never
 * removed), prints one JSON line (its pid, the servers' pids, their temp data dirs), and then
 * - `wait`: waits for its end (the spec kills it with SIGKILL), kept alive by a timer;
 * - `stop`: on a line on stdin stops both, prints `stopped`, and ends by itself: nothing it
 *   started keeps it alive.
 */
import * as path from 'node:path'
import { startEmbedded, startEmbeddedCluster } from '../../../lib/embedded'
import { quietLog, retryOnPortClash } from '../../helpers/embedded-fixtures'

/** The program's first line. */
export interface StartedServers {
  readonly program: number
  readonly servers: readonly number[]
  /** The temp data dirs. */
  readonly dirs: readonly string[]
}

const main = async (mode: string | undefined, kept: string | undefined): Promise<void> => {
  if ((mode !== 'wait' && mode !== 'stop') || kept === undefined) {
    throw new Error(`usage: embedded-servers.ts wait|stop <dir>, got ${process.argv.slice(2).join(' ')}`)
  }
  const single = await retryOnPortClash(() => startEmbedded({ log: quietLog }))
  // a server on a dir of the caller's: no dir removal makes it fail, so only a kill ends it
  const own = await retryOnPortClash(() => startEmbedded({ log: quietLog, dataDir: kept }))
  const cluster = await retryOnPortClash(() => startEmbeddedCluster({ nodes: 3, log: quietLog }))
  const nodes = cluster.nodes.flatMap((node) => (node.pid === undefined ? [] : [node.pid]))
  const root = cluster.nodes[0] === undefined ? [] : [path.dirname(cluster.nodes[0].dataDir)]
  const started: StartedServers = { program: process.pid, servers: [single.pid, own.pid, ...nodes], dirs: [single.dataDir, ...root] }
  process.stdout.write(`${JSON.stringify(started)}\n`)
  if (mode === 'wait') {
    setInterval(() => undefined, 60_000)
    return
  }
  await new Promise((resolve) => process.stdin.once('data', resolve))
  process.stdin.destroy()
  await cluster.stop()
  await single.stop()
  await own.stop()
  process.stdout.write('stopped\n')
}

main(process.argv[2], process.argv[3]).catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`)
  process.exit(1)
})
