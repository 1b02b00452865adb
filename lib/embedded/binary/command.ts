/**
 * Runs a short-lived helper command (`go install`, `tar`, `unzip`) and reports its exit code and
 * the tail of its output, streaming each line to an optional callback.
 *
 * @packageDocumentation
 */
import { spawn } from 'node:child_process'
import { LineRing, forEachLine } from '../process/log-ring'

/**
 * How a helper command ended.
 */
export interface CommandResult {
  /** Exit code; null when killed by a signal. */
  readonly code: number | null
  /** The last lines of stdout and stderr, interleaved. */
  readonly tail: readonly string[]
}

/**
 * Options of {@link runCommand}.
 */
export interface CommandOptions {
  readonly env?: NodeJS.ProcessEnv
  readonly cwd?: string
  /** Called for every output line as it arrives. */
  readonly onLine?: (line: string) => void
  /** Called for every line of stdout only (e.g. to collect `go mod download -json`). */
  readonly onStdoutLine?: (line: string) => void
}

/**
 * Runs `command args...` to completion. Rejects only when it cannot be spawned at all.
 */
export const runCommand = (
  command: string,
  args: readonly string[],
  options: CommandOptions = {},
): Promise<CommandResult> =>
  new Promise((resolve, reject) => {
    const ring = new LineRing(40)
    const child = spawn(command, args, {
      env: options.env ?? process.env,
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const onLine = (line: string): void => {
      ring.push(line)
      options.onLine?.(line)
    }
    forEachLine(child.stdout, (line) => {
      onLine(line)
      options.onStdoutLine?.(line)
    })
    forEachLine(child.stderr, onLine)
    child.once('error', reject)
    child.once('close', (code) => resolve({ code, tail: ring.lines() }))
  })
