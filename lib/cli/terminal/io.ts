/**
 * The process around the command, injected so that tests can run `main` in-process.
 *
 * @packageDocumentation
 */

/**
 * The streams and environment the command reads and writes.
 *
 * @example
 * ```ts
 * const io: CliIo = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env }
 * ```
 */
export interface CliIo {
  readonly stdin: NodeJS.ReadableStream
  readonly stdout: NodeJS.WritableStream
  /** Progress bars are drawn only when `isTTY` is true. */
  readonly stderr: NodeJS.WritableStream & { readonly isTTY?: boolean; readonly columns?: number }
  readonly env: Readonly<Record<string, string | undefined>>
}
