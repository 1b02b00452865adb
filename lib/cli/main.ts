#!/usr/bin/env node
/**
 * The `weaviate-rx` command: `export`, `import`, `copy` and `verify` a class. Built only on the
 * library's public API (see ./library.ts), so it is also an example of using it.
 *
 * @packageDocumentation
 */
import { runCopy } from './copy'
import { runExport } from './export'
import { describeFailure, EXIT, UsageError } from './failure'
import { runImport } from './import'
import type { CliIo } from './io'
import { cliLibrary, type CliConnection, type CliLibrary } from './library'
import { runVerify } from './verify'

/** `weaviate-rx --help`. */
export const MAIN_HELP = `Usage: weaviate-rx <command> [options]

Commands:
  export    write a class as NDJSON (schema line first, then one object a line)
  import    read that NDJSON into a class
  copy      copy a class from one Weaviate to another, with vectors and references
  verify    compare a class on two Weaviates (count, ids, content)

'weaviate-rx <command> --help' describes each. Exit codes: 0 done, 1 failed or different,
2 done but some objects failed, 64 wrong usage.
`

type Command = (args: readonly string[], io: CliIo, libraryFor: (c: CliConnection) => CliLibrary) => Promise<number>

const COMMANDS: Readonly<Record<string, Command>> = { export: runExport, import: runImport, copy: runCopy, verify: runVerify }

/**
 * Runs the command line `argv` (without `node` and the script); resolves to the exit code. Never
 * rejects: a failure is one line `weaviate-rx: <reason>` on stderr and a non-zero code.
 *
 * @example
 * ```ts
 * const code = await main(['verify', '--from', a, '--to', b, '--class', 'Article'], { stdin, stdout, stderr, env: process.env })
 * ```
 */
export const main = async (argv: readonly string[], io: CliIo, libraryFor: (c: CliConnection) => CliLibrary = cliLibrary): Promise<number> => {
  const [name, ...args] = argv
  try {
    if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
      io.stdout.write(MAIN_HELP)
      return name === undefined ? EXIT.usage : EXIT.ok
    }
    const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined
    if (command === undefined) throw new UsageError(`unknown command '${name}' (see 'weaviate-rx --help')`)
    return await command(args, io, libraryFor)
  } catch (e) {
    const { line, exitCode } = describeFailure(e)
    io.stderr.write(`weaviate-rx: ${line}\n`)
    return exitCode
  }
}

if (require.main === module) {
  void main(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env }).then((code) => {
    process.exitCode = code
  })
}
