/**
 * A cross-process lock made of an exclusive `mkdir`, so two test runs never build or download the
 * same binary at the same time. The lock dir records its owner's pid; a lock whose owner is gone
 * (crashed, killed) is taken over.
 *
 * @packageDocumentation
 */
import { promises as fs } from 'node:fs'
import * as path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

/**
 * Options of {@link withDirLock}.
 */
export interface DirLockOptions {
  /** Called once when the lock is held by another live process and we start waiting. */
  readonly onWait?: (ownerPid: number | undefined) => void
  /** Poll interval while waiting. Default 1 s. */
  readonly pollMs?: number
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

const readOwner = async (lockDir: string): Promise<number | undefined> => {
  try {
    const pid = Number.parseInt(await fs.readFile(path.join(lockDir, 'owner'), 'utf8'), 10)
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

const tryAcquire = async (lockDir: string): Promise<boolean> => {
  try {
    await fs.mkdir(lockDir)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw e
  }
  await fs.writeFile(path.join(lockDir, 'owner'), String(process.pid))
  return true
}

/**
 * Runs `task` while holding the lock `lockDir` (its parent must exist), waiting for other holders.
 */
export const withDirLock = async <A>(
  lockDir: string,
  task: () => Promise<A>,
  options: DirLockOptions = {},
): Promise<A> => {
  let announced = false
  let ownerless = 0
  while (!(await tryAcquire(lockDir))) {
    const owner = await readOwner(lockDir)
    // a dir without an owner file is either being created right now or left by a crash
    ownerless = owner === undefined ? ownerless + 1 : 0
    if ((owner !== undefined && !isAlive(owner)) || ownerless > 5) {
      await fs.rm(lockDir, { recursive: true, force: true })
      continue
    }
    if (!announced) {
      announced = true
      options.onWait?.(owner)
    }
    await sleep(options.pollMs ?? 1000)
  }
  try {
    return await task()
  } finally {
    await fs.rm(lockDir, { recursive: true, force: true })
  }
}
