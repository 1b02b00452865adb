/**
 * How the command reaches a Weaviate: the connection options every command shares, declared once
 * (`--url` or `--from`/`--to`, the API keys, `--timeout`), resolved into `connect()` options, and
 * the client itself. The commands use the client's public API and nothing else.
 *
 * @packageDocumentation
 */
import { connect, type Client } from '../index'
import { integer, text, urls, type OptionSpec } from './options/option-table'

/**
 * How to reach one Weaviate.
 *
 * @example
 * ```ts
 * const target: CliConnection = { url: ['http://127.0.0.1:8080'], apiKey: '', timeoutSeconds: 30 }
 * ```
 */
export interface CliConnection {
  readonly url: readonly string[]
  /** Sent as a bearer token; none when empty. */
  readonly apiKey: string
  readonly timeoutSeconds: number
}

/**
 * The options of one side, e.g. `side('from', 'source Weaviate')`: `--from URL` (repeatable) and
 * `--from-api-key KEY`. The one side of `export` and `import` is `side('url', ...)`, whose key is
 * `--api-key` alone.
 *
 * @example
 * ```ts
 * const OPTIONS = { ...side('from', 'source Weaviate'), ...side('to', 'target Weaviate'), ...SHARED_CONNECTION_OPTIONS }
 * ```
 */
export const side = <S extends string>(name: S, help: string) =>
  ({
    [name]: urls(help),
    [`${name}-api-key`]: text('KEY', `API key of --${name} only`),
  }) as { readonly [K in S]: OptionSpec<readonly string[]> } & { readonly [K in `${S}-api-key`]: OptionSpec<string | undefined> }

/**
 * The connection options of every command.
 *
 * @example
 * ```ts
 * const OPTIONS = { url: urls('Weaviate base URL'), ...SHARED_CONNECTION_OPTIONS }
 * ```
 */
export const SHARED_CONNECTION_OPTIONS = {
  'api-key': text('KEY', 'API key (default: env WEAVIATE_API_KEY); never printed'),
  timeout: integer('SECONDS', 'time limit of one request attempt', { default: 30, max: 3600 }),
} as const

/**
 * The connection of one side: its URLs, and the API key from its own option, else `--api-key`,
 * else the environment variable `WEAVIATE_API_KEY`.
 *
 * @example
 * ```ts
 * const source = connectionOf({ urls: values.from, sideKey: values.fromApiKey, apiKey: values.apiKey, timeout: values.timeout }, io.env)
 * ```
 */
export const connectionOf = (
  given: { readonly urls: readonly string[]; readonly sideKey?: string | undefined; readonly apiKey: string | undefined; readonly timeout: number },
  env: Readonly<Record<string, string | undefined>>,
): CliConnection => ({
  url: given.urls,
  apiKey: given.sideKey ?? given.apiKey ?? env['WEAVIATE_API_KEY'] ?? '',
  timeoutSeconds: given.timeout,
})

/**
 * A client for the connection.
 *
 * @example
 * ```ts
 * const client = connectTo(connection)
 * await client.close()
 * ```
 */
export const connectTo = (connection: CliConnection): Client =>
  connect({
    url: connection.url,
    // The whole operation (with its retries) may take a few attempts' time, at least the default 120 s.
    timeout: { attemptMs: connection.timeoutSeconds * 1000, totalMs: Math.max(120_000, connection.timeoutSeconds * 4000) },
    ...(connection.apiKey === '' ? {} : { apiKey: connection.apiKey }),
  })
