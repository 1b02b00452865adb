/**
 * Why the command stops: a {@link UsageError} (exit 64) or a {@link CommandFailure} (exit 1),
 * each with a one-line reason printed as `weaviate-rx: <reason>`.
 *
 * @packageDocumentation
 */
import { isWeaviateError } from '../../index'

/**
 * Exit codes: 0 done, 1 failed (or `verify` found differences), 2 done but some objects failed,
 * 64 wrong usage.
 *
 * @example
 * ```ts
 * process.exitCode = EXIT.someFailed
 * ```
 */
export const EXIT = { ok: 0, failed: 1, someFailed: 2, usage: 64 } as const

/**
 * The command line is wrong: unknown subcommand or option, a missing or invalid value.
 *
 * @example
 * ```ts
 * throw new UsageError("missing --class (see 'weaviate-rx export --help')")
 * ```
 */
export class UsageError extends Error {
  readonly exitCode = EXIT.usage
}

/**
 * The command could not do its work (unreachable server, refused key, unreadable file).
 *
 * @example
 * ```ts
 * throw new CommandFailure('class Article does not exist on http://127.0.0.1:8080')
 * ```
 */
export class CommandFailure extends Error {
  readonly exitCode = EXIT.failed
}

/**
 * The one-line reason and exit code of anything thrown while the command ran.
 *
 * @example
 * ```ts
 * const { line, exitCode } = describeFailure(e)
 * ```
 */
export const describeFailure = (e: unknown): { readonly line: string; readonly exitCode: number } => {
  const oneLine = (s: string) => s.replace(/\s*\n\s*/g, ' ').trim()
  if (e instanceof UsageError || e instanceof CommandFailure) return { line: oneLine(e.message), exitCode: e.exitCode }
  if (isWeaviateError(e)) return { line: oneLine(e.message), exitCode: EXIT.failed }
  if (e instanceof Error) return { line: oneLine(e.message), exitCode: EXIT.failed }
  return { line: oneLine(String(e)), exitCode: EXIT.failed }
}

/**
 * The message of anything thrown, in one line.
 *
 * @example
 * ```ts
 * throw new CommandFailure(`cannot read ${file}: ${reasonOf(e)}`)
 * ```
 */
export const reasonOf = (e: unknown): string => {
  const text = e instanceof Error ? e.message : typeof e === 'string' ? e : (JSON.stringify(e) ?? 'unknown error')
  return text.replace(/\s*\n\s*/g, ' ').trim()
}
