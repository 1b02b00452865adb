/**
 * One running `weaviate-server` child process: its output kept in a ring buffer (never printed),
 * its exit as a promise, a SIGTERM-then-SIGKILL stop, a SIGKILL on Node's exit if nobody
 * stopped it, and the program's watchdog (./watchdog.ts) told to end it if the program dies by a
 * signal no exit hook sees.
 *
 * @packageDocumentation
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { EmbeddedError } from '../errors'
import { onProcessExit } from './exit-hook'
import { LineRing, forEachLine } from './log-ring'
import { leaseWatchdog } from './watchdog'

/**
 * How a server process ended.
 */
export interface ExitStatus {
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
}

/**
 * A spawned server.
 */
export interface ServerProcess {
  readonly pid: number
  /** The last lines of its stdout and stderr. */
  readonly logs: LineRing
  /** Settles when the process has exited and its output is drained. */
  readonly exited: Promise<ExitStatus>
  /** True until the process has exited. */
  isRunning(): boolean
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it has exited. Idempotent. */
  stop(graceMs: number): Promise<void>
}

const LOG_LINES = 200

/**
 * Describes an exit for error messages, e.g. `exited with code 1` or `was killed by SIGKILL`.
 */
export const describeExit = (status: ExitStatus): string =>
  status.signal !== null ? `was killed by ${status.signal}` : `exited with code ${status.code ?? '?'}`

const spawned = (child: ChildProcess, binary: string): Promise<number> =>
  new Promise((resolve, reject) => {
    child.once('spawn', () => {
      if (child.pid === undefined) reject(new EmbeddedError({ reason: 'StartFailed', detail: `${binary} started without a pid` }))
      else resolve(child.pid)
    })
    child.once('error', (e: NodeJS.ErrnoException) =>
      reject(new EmbeddedError({ reason: 'StartFailed', detail: `could not start ${binary}: ${e.message}`, cause: e })),
    )
  })

/**
 * Spawns `binary args...` with exactly `env` (attached, stdin closed, output captured).
 */
export const spawnServer = async (
  binary: string,
  args: readonly string[],
  env: Readonly<Record<string, string>>,
): Promise<ServerProcess> => {
  // the watchdog runs before the server does, and is told its pid right after the fork
  const watchdog = await leaseWatchdog()
  const child = spawn(binary, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: false })
  const unguard = child.pid === undefined ? () => undefined : watchdog.guardProcess(child.pid)
  const logs = new LineRing(LOG_LINES)
  forEachLine(child.stdout, (line) => logs.push(line))
  forEachLine(child.stderr, (line) => logs.push(line))
  let running = true
  const exited = new Promise<ExitStatus>((resolve) =>
    // 'close' comes after 'exit' once stdout/stderr are drained, so the ring holds the last words
    child.once('close', (code, signal) => {
      running = false
      resolve({ code, signal })
    }),
  )
  const unregister = onProcessExit(() => child.kill('SIGKILL'))
  const released = exited.then(() => {
    unregister()
    unguard()
    return watchdog.close()
  })
  const pid = await spawned(child, binary).catch(async (e: unknown) => {
    unregister()
    unguard()
    await watchdog.close()
    throw e
  })

  let stopping: Promise<void> | undefined
  const stop = (graceMs: number): Promise<void> => {
    stopping ??= (async () => {
      if (!running) return
      child.kill('SIGTERM')
      const escalate = setTimeout(() => child.kill('SIGKILL'), graceMs)
      try {
        await exited
      } finally {
        clearTimeout(escalate)
      }
      await released
    })()
    return stopping
  }

  return { pid, logs, exited, isRunning: () => running, stop }
}
