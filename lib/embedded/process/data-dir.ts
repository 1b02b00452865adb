/**
 * Data directories: a fresh temp dir that belongs to the server (removed on stop, on Node's exit
 * if nobody stopped it, and by the program's watchdog, ./watchdog.ts, if the program dies by a
 * signal no exit hook sees), or a caller's dir that is only ever created, never removed.
 *
 * @packageDocumentation
 */
import { promises as fs, rmSync } from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { onProcessExit } from './exit-hook'
import { leaseWatchdog } from './watchdog'

/**
 * A data directory and how to let go of it.
 */
export interface DataDir {
  readonly path: string
  /** Removes the dir if it was created as a temp dir; a caller's dir is left alone. Idempotent. */
  release(): Promise<void>
}

/**
 * The caller's `dir` (created if missing), or a new temp dir `weaviate-rx-<prefix>-XXXXXX`.
 */
export const acquireDataDir = async (dir: string | undefined, prefix: string): Promise<DataDir> => {
  if (dir !== undefined) {
    const resolved = path.resolve(dir)
    await fs.mkdir(resolved, { recursive: true })
    return { path: resolved, release: () => Promise.resolve() }
  }
  const watchdog = await leaseWatchdog()
  const temp = await fs.mkdtemp(path.join(os.tmpdir(), `weaviate-rx-${prefix}-`)).catch(async (e: unknown) => {
    await watchdog.close()
    throw e
  })
  const unguard = watchdog.guardDir(temp)
  const unregister = onProcessExit(() => rmSync(temp, { recursive: true, force: true }))
  let released: Promise<void> | undefined
  return {
    path: temp,
    release: () => {
      released ??= fs.rm(temp, { recursive: true, force: true }).finally(() => {
        unregister()
        unguard()
        return watchdog.close()
      })
      return released
    },
  }
}
