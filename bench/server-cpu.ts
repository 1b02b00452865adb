/**
 * The CPU the bench's server uses (all its threads, user + system, from Linux's /proc), so a write
 * benchmark can say what each contender costs the server per object, not only the client: on two
 * shared cores the server's CPU is what bounds an import.
 */
import { promises as fs } from 'node:fs'
import type { BenchServer } from './server-env'

/** USER_HZ: the unit of the CPU times in /proc/<pid>/stat (100 on Linux for every architecture). */
const USER_HZ = 100

/**
 * The pid of the local `weaviate-server` that serves `server`'s REST port (the embedded start
 * passes `--port <n>` on its command line), or undefined (no /proc, or a server started elsewhere).
 */
export const serverPid = async (server: BenchServer): Promise<number | undefined> => {
  const port = new URL(server.url).port
  const entries = await fs.readdir('/proc').catch(() => [] as string[])
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue
    const args = (await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')).split('\0')
    const at = args.indexOf('--port')
    if (at >= 0 && args[at + 1] === port && args.some((a) => a.includes('weaviate'))) return Number(entry)
  }
  return undefined
}

/** The CPU µs process `pid` has used so far (every thread), NaN when it cannot be read. */
export const cpuMicrosOf = async (pid: number | undefined): Promise<number> => {
  if (pid === undefined) return Number.NaN
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[11]) + Number(fields[12])) / USER_HZ) * 1e6
  } catch {
    return Number.NaN
  }
}
