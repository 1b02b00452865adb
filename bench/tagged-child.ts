/**
 * A bench file run again in a child process to measure something on its own (its own heap, its own
 * JIT state, node flags of its own), the result handed back as one tagged JSON line on its stdout.
 */
import { spawn } from 'node:child_process'
import { runArgs } from './paths'

/** How to run the child: `file` with `args`, after `nodeFlags`, with `env` added to this process's. */
export interface TaggedChild {
  readonly file: string
  readonly args: readonly string[]
  readonly nodeFlags?: readonly string[]
  readonly env?: Readonly<Record<string, string>>
  /** The prefix of the one line whose rest is the result's JSON. */
  readonly tag: string
}

/**
 * Runs the child and gives the JSON of its tagged line; rejects when it exits with an error or
 * prints no such line (the message holds its whole output).
 *
 * @example
 * ```ts
 * const times: unknown = await taggedChildResult({ file: __filename, args: ['--settle'], tag: 'settle ' })
 * ```
 */
export const taggedChildResult = (child: TaggedChild): Promise<unknown> =>
  new Promise((resolve, reject) => {
    const running = spawn(process.execPath, [...(child.nodeFlags ?? []), ...runArgs(child.file), child.file, ...child.args], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...child.env },
    })
    let out = ''
    running.stdout.setEncoding('utf8')
    running.stdout.on('data', (chunk: string) => {
      out += chunk
    })
    running.on('error', reject)
    running.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith(child.tag))
      if (code !== 0 || line === undefined) reject(new Error(`child ${child.file} ${child.args.join(' ')} exited with ${code}: ${out}`))
      else resolve(JSON.parse(line.slice(child.tag.length)))
    })
  })
