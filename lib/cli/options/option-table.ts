/**
 * A command's options, declared once: each entry says how the option is spelled on the command
 * line (`node:util` `parseArgs`), how it is described in `--help`, and how its raw text becomes a
 * typed value. Parsing, help text and the typed values of a command all come from its table.
 *
 * @packageDocumentation
 */
import { parseArgs } from 'node:util'
import { UsageError } from '../terminal/command-errors'

/** What `parseArgs` hands over for one option. */
type Raw = string | boolean | ReadonlyArray<string | boolean> | undefined

/**
 * One option: its command-line shape, its help line and how its value is read.
 *
 * @example
 * ```ts
 * const pageSize: OptionSpec<number> = integer('N', 'objects per request', { default: 500, max: 10_000 })
 * ```
 */
export interface OptionSpec<T> {
  readonly type: 'string' | 'boolean'
  readonly multiple?: boolean
  readonly short?: string
  /** The value's placeholder in `--help` (`URL`, `N`); none for a flag. */
  readonly placeholder?: string
  readonly help: string
  /** The typed value; throws a {@link UsageError} naming `--<name>` when the text is wrong. */
  readonly read: (raw: Raw, at: OptionAt) => T
}

/** Which option of which command is being read, for the messages. */
export interface OptionAt {
  readonly command: string
  readonly name: string
}

/**
 * A command's options by their command-line name (`batch-size`).
 *
 * @example
 * ```ts
 * const table = { class: requiredText('CLASS', 'the class') } satisfies OptionTable
 * ```
 */
export type OptionTable = Readonly<Record<string, OptionSpec<unknown>>>

type Camel<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S

/**
 * The typed values of a table, by camel-cased name (`--batch-size` is `batchSize`).
 *
 * @example
 * ```ts
 * type V = OptionValues<{ 'page-size': OptionSpec<number> }> // { readonly pageSize: number }
 * ```
 */
export type OptionValues<T extends OptionTable> = {
  readonly [K in keyof T & string as Camel<K>]: T[K] extends OptionSpec<infer V> ? V : never
}

const camel = (name: string): string => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())

const usage = (at: OptionAt, reason: string): UsageError => new UsageError(`${at.command}: ${reason} (see 'weaviate-rx ${at.command} --help')`)

const last = (raw: Raw): string | undefined => {
  const v: unknown = Array.isArray(raw) ? raw.at(-1) : raw
  return typeof v === 'string' && v !== '' ? v : undefined
}

/**
 * A boolean flag.
 *
 * @example
 * ```ts
 * const table = { 'with-vector': flag("include each object's vector") }
 * ```
 */
export const flag = (help: string, short?: string): OptionSpec<boolean> => ({
  type: 'boolean',
  help,
  ...(short === undefined ? {} : { short }),
  read: (raw) => raw === true,
})

/**
 * A text value that may be absent.
 *
 * @example
 * ```ts
 * const table = { tenant: text('TENANT', 'one tenant of a multi-tenant class') }
 * ```
 */
export const text = (placeholder: string, help: string, short?: string): OptionSpec<string | undefined> => ({
  type: 'string',
  placeholder,
  help,
  ...(short === undefined ? {} : { short }),
  read: last,
})

/**
 * A text value that must be given.
 *
 * @example
 * ```ts
 * const table = { class: requiredText('CLASS', 'the class to export') }
 * ```
 */
export const requiredText = (placeholder: string, help: string): OptionSpec<string> => ({
  type: 'string',
  placeholder,
  help: `${help} (required)`,
  read: (raw, at) => {
    const v = last(raw)
    if (v === undefined) throw usage(at, `missing --${at.name}`)
    return v
  },
})

/**
 * A whole number from 1 to `max`, with a default.
 *
 * @example
 * ```ts
 * const table = { partitions: integer('N', 'UUID ranges read at once', { default: 1, max: 4096 }) }
 * ```
 */
export const integer = (placeholder: string, help: string, range: { readonly default: number; readonly max: number }): OptionSpec<number> => ({
  type: 'string',
  placeholder,
  help: `${help} (default ${range.default})`,
  read: (raw, at) => {
    const v = last(raw)
    if (v === undefined) return range.default
    const n = Number(v)
    if (!/^\d+$/.test(v) || !Number.isSafeInteger(n) || n < 1 || n > range.max) {
      throw new UsageError(`${at.command}: --${at.name} must be an integer from 1 to ${range.max}, but was: ${v}`)
    }
    return n
  },
})

/**
 * One of a few words, with a default.
 *
 * @example
 * ```ts
 * const table = { progress: choice('MODE', 'how to show progress', ['auto', 'json', 'none'] as const, 'auto') }
 * ```
 */
export const choice = <C extends string>(placeholder: string, help: string, choices: readonly C[], fallback: C): OptionSpec<C> => ({
  type: 'string',
  placeholder,
  help: `${help} (default ${fallback})`,
  read: (raw, at) => {
    const v = last(raw)
    if (v === undefined) return fallback
    const found = choices.find((c) => c === v)
    if (found === undefined) throw new UsageError(`${at.command}: --${at.name} must be ${choices.slice(0, -1).join(', ')} or ${choices.at(-1) ?? ''}, but was: ${v}`)
    return found
  },
})

/**
 * One or more http(s) URLs (the option repeats: several nodes of one cluster); required.
 *
 * @example
 * ```ts
 * const table = { url: urls('Weaviate base URL') } // --url http://a:8080 --url http://b:8080
 * ```
 */
export const urls = (help: string): OptionSpec<readonly string[]> => ({
  type: 'string',
  multiple: true,
  placeholder: 'URL',
  help: `${help}; repeat for several nodes of one cluster`,
  read: (raw, at) => {
    const list = urlList(raw, at)
    if (list.length === 0) throw usage(at, `missing --${at.name}`)
    return list
  },
})

/**
 * Like {@link urls}, but may be absent (an empty list).
 *
 * @example
 * ```ts
 * const table = { 'grpc-url': optionalUrls('gRPC address of --url') } // --grpc-url http://a:50051 --grpc-url http://b:50051
 * ```
 */
export const optionalUrls = (help: string): OptionSpec<readonly string[]> => ({
  type: 'string',
  multiple: true,
  placeholder: 'URL',
  help,
  read: urlList,
})

/** The http(s) URLs given, in order; throws a {@link UsageError} naming the first that is not one. */
const urlList = (raw: Raw, at: OptionAt): readonly string[] => {
  const list = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).filter((u): u is string => typeof u === 'string' && u !== '')
  for (const u of list) {
    if (!URL.canParse(u) || !['http:', 'https:'].includes(new URL(u).protocol)) {
      throw new UsageError(`${at.command}: --${at.name} must be an http(s) URL, but was: ${u}`)
    }
  }
  return list
}

/** Every command takes `--help`. */
const HELP = flag('this help', 'h')

/**
 * What a command's argv gave: `help` when `--help` was asked for (nothing else is read then), else
 * the typed values and the positionals.
 *
 * @example
 * ```ts
 * const parsed = parseOptions('export', table, ['--class', 'Article'], false)
 * if (parsed.help) io.stdout.write(helpText)
 * ```
 */
export type ParsedOptions<T extends OptionTable> =
  | { readonly help: true }
  | { readonly help: false; readonly values: OptionValues<T>; readonly positionals: readonly string[] }

/**
 * Parses a command's arguments with its table: unknown options and missing values are
 * {@link UsageError}s naming the command's help.
 *
 * @example
 * ```ts
 * const parsed = parseOptions('verify', VERIFY_OPTIONS, argv, false)
 * ```
 */
export const parseOptions = <T extends OptionTable>(command: string, table: T, args: readonly string[], positionals: boolean): ParsedOptions<T> => {
  const config = Object.fromEntries(
    Object.entries({ ...table, help: HELP }).map(([name, spec]) => [
      name,
      { type: spec.type, ...(spec.multiple === true ? { multiple: true } : {}), ...(spec.short === undefined ? {} : { short: spec.short }) },
    ]),
  )
  let parsed: { readonly values: Readonly<Record<string, Raw>>; readonly positionals: readonly string[] }
  try {
    parsed = parseArgs({ args: [...args], options: config, strict: true, allowPositionals: positionals })
  } catch (e) {
    const first = (e instanceof Error ? e.message : String(e)).split('\n')[0] ?? ''
    // Node's message, without the `TypeError [ERR_PARSE_ARGS_...]: ` prefix some runtimes add.
    const reason = first.replace(/^\w*Error \[[A-Z_]+\]: /, '').replace(/\. To specify a positional argument.*$/, '')
    throw new UsageError(`${command}: ${reason} (see 'weaviate-rx ${command} --help')`)
  }
  if (parsed.values['help'] === true) return { help: true }
  const values = Object.fromEntries(Object.entries(table).map(([name, spec]) => [camel(name), spec.read(parsed.values[name], { command, name })]))
  return { help: false, values: values as OptionValues<T>, positionals: parsed.positionals }
}

/**
 * The options part of `--help`, one aligned line per option, in table order, then `-h, --help`.
 *
 * @example
 * ```ts
 * optionsHelp({ class: requiredText('CLASS', 'the class') }) // '  --class CLASS    the class (required)\n  -h, --help ...'
 * ```
 */
export const optionsHelp = (table: OptionTable): string => {
  const rows = Object.entries({ ...table, help: HELP }).map(([name, spec]) => {
    const left = `${spec.short === undefined ? '' : `-${spec.short}, `}--${name}${spec.placeholder === undefined ? '' : ` ${spec.placeholder}`}`
    return [left, spec.help] as const
  })
  const width = Math.max(...rows.map(([left]) => left.length)) + 2
  return rows.map(([left, help]) => `  ${left.padEnd(width)}${help}\n`).join('')
}
