/**
 * The program's watchdog: one small Node process (lib/embedded/process/watchdog-script.ts) that
 * ends the program's servers and removes their temp data dirs when the program dies by a signal it
 * cannot catch (SIGKILL, the OOM killer), where the exit hooks (./exit-hook.ts) never run.
 *
 * One per program, not one per server: every server and dir of the program is guarded by the same
 * process, told about each over a socket pair, so a 3-node cluster costs one extra Node process
 * (not three or four), and a node restarted with a new pid is one more line. It lives while
 * something holds a {@link WatchdogLease}: the last `close()` closes the socket, and the watchdog,
 * with nothing left to guard, exits; the next lease starts a new one.
 *
 * How it learns that the program died: the kernel closes a dead process's sockets, so the
 * watchdog reads end of input within milliseconds of any death, with no polling and no pid that
 * may be reused (it also polls the program's pid once a second, as a fallback). Linux's
 * `PR_SET_PDEATHSIG` would do the first half, but Node has no binding to `prctl` nor a spawn option
 * for it, it fires when the spawning *thread* ends (libuv's threads come and go), it exists on
 * Linux only, and it could not remove a data dir.
 *
 * @packageDocumentation
 */
import { spawn } from 'node:child_process'
import { Socket } from 'node:net'
import { EmbeddedError } from '../errors'
import { LAUNCHER_SOURCE, WATCHDOG_SOURCE } from './watchdog-script'

/**
 * A hold on the program's watchdog; the watchdog runs while one is open.
 */
export interface WatchdogLease {
  /** The watchdog's pid. */
  readonly pid: number
  /** Has the watchdog end process `pid` (SIGTERM, SIGKILL after 3 s) if the program dies; returns the release. */
  guardProcess(pid: number): () => void
  /** Has the watchdog remove `dir` (after the processes ended) if the program dies; returns the release. */
  guardDir(dir: string): () => void
  /** Gives the lease back; the last one ends the watchdog and resolves once it has gone. Idempotent. */
  close(): Promise<void>
}

interface Watchdog {
  readonly pid: number
  readonly socket: Socket
  /** Settles when the watchdog has closed its end: it exited. */
  readonly gone: Promise<void>
}

interface Current {
  readonly watchdog: Promise<Watchdog>
  leases: number
}

/** How long a watchdog may take to start (two Node start-ups on a busy machine). */
const START_TIMEOUT_MS = 30_000
/** How long the last `close()` waits for the watchdog to go before it stops waiting. */
const GONE_TIMEOUT_MS = 5_000

let current: Current | undefined

const failed = (detail: string, cause?: unknown): EmbeddedError =>
  new EmbeddedError({ reason: 'StartFailed', detail: `could not start the watchdog process (${process.execPath}): ${detail}`, cause })

/**
 * Starts a watchdog: a launcher child whose fd 3 is our socket pair starts the watchdog detached
 * on it and exits; we resolve once the watchdog said `ready` and the launcher is reaped.
 */
const startWatchdog = (onGone: () => void): Promise<Watchdog> =>
  new Promise((resolve, reject) => {
    // env {}: no NODE_OPTIONS (a --require or --inspect of the program) reaches the two processes
    const launcher = spawn(process.execPath, ['-e', LAUNCHER_SOURCE, WATCHDOG_SOURCE, String(process.pid)], {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
      env: {},
      windowsHide: true,
    })
    const socket = launcher.stdio[3]
    if (!(socket instanceof Socket)) {
      launcher.kill('SIGKILL')
      reject(failed('no socket to it'))
      return
    }
    let pid: number | undefined
    let launcherDone = false
    let settled = false
    /** Settles with `problem`, or once the watchdog is ready and the launcher reaped. */
    const finish = (problem: Error | undefined): void => {
      if (settled) return
      if (problem !== undefined) {
        settled = true
        clearTimeout(timer)
        socket.destroy()
        reject(problem)
      } else if (pid !== undefined && launcherDone) {
        settled = true
        clearTimeout(timer)
        socket.off('data', onData)
        // from here on the socket must not keep the program alive
        socket.unref()
        socket.resume()
        resolve({ pid, socket, gone: new Promise((done) => socket.once('close', () => done())) })
      }
    }
    const timer = setTimeout(() => finish(failed(`not ready within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS)
    let heard = ''
    const onData = (chunk: Buffer): void => {
      heard += chunk.toString('utf8')
      const match = /^ready (\d+)\n/.exec(heard)
      if (match?.[1] !== undefined) {
        pid = Number(match[1])
        finish(undefined)
      }
    }
    socket.on('data', onData)
    // EPIPE after the watchdog went: the writes are best effort, the `close` below says it went
    socket.on('error', () => undefined)
    socket.once('close', () => {
      onGone()
      finish(failed('it closed its socket before it was ready'))
    })
    launcher.once('error', (e) => finish(failed(e.message, e)))
    launcher.once('exit', (code, signal) => {
      launcherDone = true
      if (code !== 0) finish(failed(`its launcher ${signal === null ? `exited with code ${code ?? '?'}` : `was killed by ${signal}`}`))
      else finish(undefined)
    })
  })

const forget = (entry: Current | undefined): void => {
  if (entry !== undefined && current === entry) current = undefined
}

/**
 * Takes a lease on the program's watchdog, starting it if none runs; rejects with a `StartFailed`
 * {@link EmbeddedError} if it cannot start.
 */
export const leaseWatchdog = async (): Promise<WatchdogLease> => {
  if (current === undefined) {
    // a watchdog that goes while leases are open (killed by someone) is forgotten, so the next
    // lease starts a new one; the open leases' writes then go nowhere
    const entry: Current = { watchdog: startWatchdog(() => forget(entry)), leases: 0 }
    entry.watchdog.catch(() => forget(entry))
    current = entry
  }
  const entry = current
  entry.leases += 1
  let watchdog: Watchdog
  try {
    watchdog = await entry.watchdog
  } catch (e) {
    entry.leases -= 1
    throw e
  }
  const send = (line: string): void => {
    if (!watchdog.socket.destroyed) watchdog.socket.write(`${line}\n`)
  }
  let closing: Promise<void> | undefined
  return {
    pid: watchdog.pid,
    guardProcess: (pid) => {
      send(`+p ${pid}`)
      return () => send(`-p ${pid}`)
    },
    guardDir: (dir) => {
      send(`+d ${JSON.stringify(dir)}`)
      return () => send(`-d ${JSON.stringify(dir)}`)
    },
    close: () => {
      closing ??= (async () => {
        entry.leases -= 1
        if (entry.leases > 0) return
        forget(entry)
        // held (ref) while we wait: a program whose last act is `await server.stop()` must not
        // end in the middle of it, before the code after the await ran
        watchdog.socket.ref()
        watchdog.socket.end()
        let timer: NodeJS.Timeout | undefined
        const waited = new Promise<void>((done) => {
          timer = setTimeout(done, GONE_TIMEOUT_MS)
        })
        await Promise.race([watchdog.gone, waited])
        clearTimeout(timer)
        watchdog.socket.destroy()
      })()
      return closing
    },
  }
}
