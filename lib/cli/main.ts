#!/usr/bin/env node
/**
 * The `weaviate-rx` command: `export`, `import`, `copy` and `verify` a class, and print its `types`. Built only on the
 * library's public API, so it is also an example of using it. Each command is one file in
 * ./commands, with its options declared once in a table.
 *
 * @packageDocumentation
 */
import { describeFailure, EXIT, UsageError } from './terminal/command-errors'
import type { Command } from './commands/command'
import { copyCommand } from './commands/copy'
import { exportCommand } from './commands/export'
import { importCommand } from './commands/import'
import { typesCommand } from './commands/types'
import { verifyCommand } from './commands/verify'
import type { CliIo } from './terminal/io'

const COMMANDS: readonly Command[] = [exportCommand, importCommand, copyCommand, verifyCommand, typesCommand]

/** `weaviate-rx --help`. */
export const MAIN_HELP = `Usage: weaviate-rx <command> [options]

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(10)}${c.summary}\n`).join('')}
'weaviate-rx <command> --help' describes each. Exit codes: 0 done, 1 failed or different,
2 done but some objects failed, 64 wrong usage.
`

/**
 * Runs the command line `argv` (without `node` and the script); resolves to the exit code. Never
 * rejects: a failure is one line `weaviate-rx: <reason>` on stderr and a non-zero code.
 *
 * @example
 * ```ts
 * const code = await main(['verify', '--from', a, '--to', b, '--class', 'Article'], { stdin, stdout, stderr, env: process.env })
 * ```
 */
export const main = async (argv: readonly string[], io: CliIo): Promise<number> => {
  const [name, ...args] = argv
  try {
    if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
      io.stdout.write(MAIN_HELP)
      return name === undefined ? EXIT.usage : EXIT.ok
    }
    const command = COMMANDS.find((c) => c.name === name)
    if (command === undefined) throw new UsageError(`unknown command '${name}' (see 'weaviate-rx --help')`)
    return await command.run(args, io)
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
