/**
 * Running a command from a spec: its output when it succeeds, an error that carries its output
 * when it does not, or the outcome either way for a command expected to fail.
 */
import { execFile } from 'node:child_process'

/**
 * How a command ended.
 *
 * @example
 * ```ts
 * const { code, stderr }: CommandOutcome = await outcome('node', ['-e', 'process.exit(3)'], { cwd })
 * ```
 */
export interface CommandOutcome {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

/**
 * Where and how to run a command.
 *
 * @example
 * ```ts
 * const options: CommandOptions = { cwd: project, env: { ...process.env, WEAVIATE_URL: url } }
 * ```
 */
export interface CommandOptions {
  readonly cwd: string
  readonly env?: NodeJS.ProcessEnv
}

/**
 * Runs `command` and resolves with how it ended, whatever its exit code.
 *
 * @example
 * ```ts
 * expect((await outcome('npx', ['weaviate-rx', 'nope'], { cwd })).code).toBe(64)
 * ```
 */
export const outcome = (command: string, args: readonly string[], options: CommandOptions): Promise<CommandOutcome> =>
  new Promise((resolve) => {
    execFile(command, args, { cwd: options.cwd, env: options.env ?? process.env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1
      resolve({ code, stdout, stderr })
    })
  })

/**
 * Runs `command` and resolves with its output; rejects with an error naming the command, its exit
 * code, stdout and stderr when it exits non-zero.
 *
 * @example
 * ```ts
 * const { stdout } = await sh('npm', ['pack', '--json'], { cwd: ROOT })
 * ```
 */
export const sh = async (command: string, args: readonly string[], options: CommandOptions): Promise<CommandOutcome> => {
  const ended = await outcome(command, args, options)
  if (ended.code !== 0) {
    throw new Error(`${command} ${args.join(' ')} (in ${options.cwd}) exited ${ended.code}\n${ended.stdout}\n${ended.stderr}`)
  }
  return ended
}
