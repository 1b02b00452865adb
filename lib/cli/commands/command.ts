/**
 * A subcommand of `weaviate-rx`: its name, its help text and its options table, and the work it
 * does with the typed values. `--help` and parsing come from the table (see `option-table.ts`).
 *
 * @packageDocumentation
 */
import { EXIT } from '../terminal/command-errors'
import type { CliIo } from '../terminal/io'
import { choice, optionsHelp, parseOptions, type OptionTable, type OptionValues } from '../options/option-table'

/**
 * `--progress`, which every command takes.
 *
 * @example
 * ```ts
 * const OPTIONS = { class: requiredText('CLASS', 'the class'), progress: PROGRESS }
 * ```
 */
export const PROGRESS = choice('MODE', 'auto (a bar when stderr is a terminal), json (a line a second) or none', ['auto', 'json', 'none'] as const, 'auto')

/**
 * How a command is declared.
 *
 * @example
 * ```ts
 * defineCommand({ name: 'verify', summary: 'compare a class', usage: '--from URL --to URL --class CLASS [options]', about: '...', options, run })
 * ```
 */
export interface CommandSpec<T extends OptionTable> {
  readonly name: string
  /** One line for `weaviate-rx --help`. */
  readonly summary: string
  /** What follows `Usage: weaviate-rx <name> `. */
  readonly usage: string
  /** The paragraph between the usage line and the options. */
  readonly about: string
  readonly options: T
  /** Whether the command takes positional arguments (import's FILE). */
  readonly positionals?: boolean
  /** Printed after the options. */
  readonly notes?: string
  readonly run: (values: OptionValues<T>, positionals: readonly string[], io: CliIo) => Promise<number>
}

/**
 * A command ready to run.
 *
 * @example
 * ```ts
 * const code = await exportCommand.run(['--url', url, '--class', 'Article'], io)
 * ```
 */
export interface Command {
  readonly name: string
  readonly summary: string
  readonly help: string
  /** Runs with the arguments after the command's name; resolves to the exit code. */
  readonly run: (args: readonly string[], io: CliIo) => Promise<number>
}

/**
 * The command of a declaration.
 *
 * @example
 * ```ts
 * export const verifyCommand = defineCommand({ name: 'verify', ... })
 * ```
 */
export const defineCommand = <T extends OptionTable>(spec: CommandSpec<T>): Command => {
  const help = `Usage: weaviate-rx ${spec.name} ${spec.usage}\n\n${spec.about}\n\nOptions:\n${optionsHelp(spec.options)}${spec.notes === undefined ? '' : `\n${spec.notes}`}`
  return {
    name: spec.name,
    summary: spec.summary,
    help,
    run: async (args, io) => {
      const parsed = parseOptions(spec.name, spec.options, args, spec.positionals === true)
      if (parsed.help) {
        io.stdout.write(help)
        return EXIT.ok
      }
      return spec.run(parsed.values, parsed.positionals, io)
    },
  }
}
