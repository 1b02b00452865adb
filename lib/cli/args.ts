/**
 * Command-line parsing with `node:util` `parseArgs`, and the checks of the values every
 * subcommand shares (URLs, API key, positive integers). Resolved once, at the boundary.
 *
 * @packageDocumentation
 */
import { parseArgs, type ParseArgsConfig } from 'node:util'
import { UsageError } from './failure'
import type { CliConnection } from './library'

type Options = NonNullable<ParseArgsConfig['options']>

/** The values `parseArgs` returns for an options table. */
export type Values = Readonly<Record<string, string | boolean | ReadonlyArray<string | boolean> | undefined>>

/**
 * The parsed options and positionals of one subcommand.
 *
 * @example
 * ```ts
 * const { values, positionals } = parse('import', IMPORT_OPTIONS, argv, true)
 * ```
 */
export interface Parsed {
  readonly values: Values
  readonly positionals: readonly string[]
}

/** Options every subcommand takes. */
export const COMMON_OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  'api-key': { type: 'string' },
  progress: { type: 'string' },
} as const satisfies Options

/**
 * Parses a subcommand's arguments; unknown options and missing values are {@link UsageError}s
 * naming the subcommand's help.
 *
 * @example
 * ```ts
 * parse('export', { ...COMMON_OPTIONS, url: { type: 'string', multiple: true } }, ['--url', 'http://x'], false)
 * ```
 */
export const parse = (command: string, options: Options, args: readonly string[], positionals: boolean): Parsed => {
  try {
    const parsed = parseArgs({ args: [...args], options, strict: true, allowPositionals: positionals })
    return { values: parsed.values, positionals: parsed.positionals }
  } catch (e) {
    const first = (e instanceof Error ? e.message : String(e)).split('\n')[0] ?? ''
    // Node's parseArgs message, without an `TypeError [ERR_PARSE_ARGS_...]: ` prefix some runtimes add.
    const reason = first.replace(/^\w*Error \[[A-Z_]+\]: /, '').replace(/\. To specify a positional argument.*$/, '')
    throw new UsageError(`${command}: ${reason} (see 'weaviate-rx ${command} --help')`)
  }
}

const single = (values: Values, name: string): string | undefined => {
  const v = values[name]
  if (v === undefined) return undefined
  if (typeof v === 'string') return v
  if (Array.isArray(v)) {
    const last: unknown = v.at(-1)
    return typeof last === 'string' ? last : undefined
  }
  return undefined
}

/**
 * A string option that must be given.
 *
 * @example
 * ```ts
 * const className = required('export', values, 'class')
 * ```
 */
export const required = (command: string, values: Values, name: string): string => {
  const v = single(values, name)
  if (v === undefined || v === '') throw new UsageError(`${command}: missing --${name} (see 'weaviate-rx ${command} --help')`)
  return v
}

/**
 * A string option that may be absent.
 *
 * @example
 * ```ts
 * const tenant = optionalString(values, 'tenant')
 * ```
 */
export const optionalString = (values: Values, name: string): string | undefined => {
  const v = single(values, name)
  return v === '' ? undefined : v
}

/**
 * A positive integer option with a default.
 *
 * @example
 * ```ts
 * const partitions = positiveInteger('export', values, 'partitions', 1, 4096)
 * ```
 */
export const positiveInteger = (command: string, values: Values, name: string, fallback: number, max: number): number => {
  const v = single(values, name)
  if (v === undefined) return fallback
  const n = Number(v)
  if (!/^\d+$/.test(v) || !Number.isSafeInteger(n) || n < 1 || n > max) {
    throw new UsageError(`${command}: --${name} must be an integer from 1 to ${max}, but was: ${v}`)
  }
  return n
}

/**
 * The URLs of a repeatable option (several nodes of one cluster), each checked to be http(s).
 *
 * @example
 * ```ts
 * const urls = urlList('copy', values, 'from') // --from http://a:8080 --from http://b:8080
 * ```
 */
export const urlList = (command: string, values: Values, name: string): readonly string[] => {
  const v = values[name]
  const list = (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((u): u is string => typeof u === 'string' && u !== '')
  if (list.length === 0) throw new UsageError(`${command}: missing --${name} (see 'weaviate-rx ${command} --help')`)
  for (const u of list) {
    let ok: boolean
    try {
      const parsed = new URL(u)
      ok = parsed.protocol === 'http:' || parsed.protocol === 'https:'
    } catch {
      ok = false
    }
    if (!ok) throw new UsageError(`${command}: --${name} must be an http(s) URL, but was: ${u}`)
  }
  return list
}

/**
 * The connection of one side: its URLs and the API key from `--<prefix>api-key`, else
 * `--api-key`, else the environment variable `WEAVIATE_API_KEY` (the key is never printed).
 *
 * @example
 * ```ts
 * const source = connection('copy', values, 'from', env, 'from-api-key')
 * ```
 */
export const connection = (
  command: string,
  values: Values,
  urlOption: string,
  env: Readonly<Record<string, string | undefined>>,
  keyOption?: string,
): CliConnection => ({
  url: urlList(command, values, urlOption),
  apiKey:
    (keyOption === undefined ? undefined : optionalString(values, keyOption)) ??
    optionalString(values, 'api-key') ??
    env['WEAVIATE_API_KEY'] ??
    '',
})

/**
 * `--progress`: `auto` (a bar on stderr when it is a TTY; the default), `json` (one JSON line a
 * second on stderr) or `none`.
 *
 * @example
 * ```ts
 * const mode = progressMode('export', values)
 * ```
 */
export const progressMode = (command: string, values: Values): 'auto' | 'json' | 'none' => {
  const v = optionalString(values, 'progress') ?? 'auto'
  if (v === 'auto' || v === 'json' || v === 'none') return v
  throw new UsageError(`${command}: --progress must be auto, json or none, but was: ${v}`)
}
