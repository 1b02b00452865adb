/**
 * How the command reaches a Weaviate: the connection options every command shares, declared once
 * (`--url` or `--from`/`--to`, their gRPC addresses, the API keys, `--transport`, `--timeout`),
 * resolved into `connect()` options, and the client itself. The commands use the client's public API and nothing else.
 *
 * @packageDocumentation
 */
import { connect, type Client, type TransportMode } from '../../index'
import { UsageError } from '../terminal/command-errors'
import { choice, integer, optionalUrls, text, urls, type OptionSpec } from './option-table'

/**
 * How to reach one Weaviate.
 *
 * @example
 * ```ts
 * const target: CliConnection = { url: ['http://127.0.0.1:8080'], grpcUrl: [], apiKey: '', transport: 'auto', timeoutSeconds: 30 }
 * ```
 */
export interface CliConnection {
  readonly url: readonly string[]
  /** One gRPC URL, or one per `url`; none for the library's default (port 50051 only for a `url` on port 8080; else REST). */
  readonly grpcUrl: readonly string[]
  readonly transport: TransportMode
  /** Sent as a bearer token; none when empty. */
  readonly apiKey: string
  readonly timeoutSeconds: number
}

const grpcUrls = (of: string): OptionSpec<readonly string[]> =>
  optionalUrls(`gRPC address of ${of} (default: its host, port 50051, only when ${of} is on port 8080; otherwise gRPC needs this); one, or one per ${of}`)

/**
 * The one Weaviate of `export` and `import`: `--url URL` (repeatable) and `--grpc-url URL`; its key
 * is `--api-key` of {@link SHARED_CONNECTION_OPTIONS}.
 *
 * @example
 * ```ts
 * const OPTIONS = { ...ONE_WEAVIATE, class: requiredText('CLASS', 'the class'), ...SHARED_CONNECTION_OPTIONS }
 * ```
 */
export const ONE_WEAVIATE = {
  url: urls('Weaviate base URL'),
  'grpc-url': grpcUrls('--url'),
} as const

/**
 * The options of one side of `copy` and `verify`, e.g. `side('from', 'source Weaviate')`:
 * `--from URL` (repeatable), `--from-grpc-url URL` (repeatable) and `--from-api-key KEY` (default:
 * the environment variable `WEAVIATE_FROM_API_KEY`, see {@link sideKeyVariable}).
 *
 * @example
 * ```ts
 * const OPTIONS = { ...side('from', 'source Weaviate'), ...side('to', 'target Weaviate'), ...SHARED_CONNECTION_OPTIONS }
 * ```
 */
export const side = <S extends string>(name: S, help: string) =>
  ({
    [name]: urls(help),
    [`${name}-grpc-url`]: grpcUrls(`--${name}`),
    [`${name}-api-key`]: text('KEY', `API key of --${name} only (default: env ${sideKeyVariable(name)}); never printed`),
  }) as { readonly [K in S]: OptionSpec<readonly string[]> } & { readonly [K in `${S}-grpc-url`]: OptionSpec<readonly string[]> } & {
    readonly [K in `${S}-api-key`]: OptionSpec<string | undefined>
  }

/**
 * The environment variable of one side's key, e.g. `WEAVIATE_FROM_API_KEY` for `--from`: two
 * servers with different keys are reached without a key on the command line, where other users of
 * the machine see it (`ps`) and the shell's history keeps it.
 *
 * @example
 * ```ts
 * sideKeyVariable('to') // 'WEAVIATE_TO_API_KEY'
 * ```
 */
export const sideKeyVariable = (side: string): string => `WEAVIATE_${side.toUpperCase()}_API_KEY`

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
  transport: choice(
    'MODE',
    'auto: writes, and copy\'s reads of a class with vectors, over gRPC where the server has it (else REST, with a warning); other reads over REST (measured faster); grpc or rest: only that one',
    ['auto', 'grpc', 'rest'] as const,
    'auto',
  ),
  timeout: integer('SECONDS', 'time limit of one request attempt', { default: 30, max: 3600 }),
} as const

/** The side's key from its environment variable; an empty one is not set (the shared key applies). */
const sideKeyFrom = (side: string, env: Readonly<Record<string, string | undefined>>): string | undefined => {
  const key = side === 'url' ? undefined : env[sideKeyVariable(side)]
  return key === '' ? undefined : key
}

/**
 * The connection of one side: its URLs and gRPC URLs, the API key, and `--transport`. The key is
 * the side's own (`--from-api-key`, else `WEAVIATE_FROM_API_KEY`; `copy` and `verify` only), else
 * the shared one (`--api-key`, else `WEAVIATE_API_KEY`): an option before its environment
 * variable, a side's key before the shared one. Throws a
 * {@link UsageError} when the gRPC URLs are neither one nor one per URL.
 *
 * @example
 * ```ts
 * const source = connectionOf({ command: 'copy', side: 'from', urls: values.from, grpcUrls: values.fromGrpcUrl, sideKey: values.fromApiKey, ...values }, io.env)
 * ```
 */
export const connectionOf = (
  given: {
    readonly command: string
    /** The option naming the side's URLs (`url`, `from`, `to`). */
    readonly side: string
    readonly urls: readonly string[]
    readonly grpcUrls: readonly string[]
    readonly sideKey?: string | undefined
    readonly apiKey: string | undefined
    readonly transport: TransportMode
    readonly timeout: number
  },
  env: Readonly<Record<string, string | undefined>>,
): CliConnection => {
  if (given.grpcUrls.length > 1 && given.grpcUrls.length !== given.urls.length) {
    const grpcOption = given.side === 'url' ? 'grpc-url' : `${given.side}-grpc-url`
    throw new UsageError(
      `${given.command}: --${grpcOption} must be given once or once per --${given.side} (${given.urls.length}), but was given ${given.grpcUrls.length} times`,
    )
  }
  return {
    url: given.urls,
    grpcUrl: given.grpcUrls,
    apiKey: given.sideKey ?? sideKeyFrom(given.side, env) ?? given.apiKey ?? env['WEAVIATE_API_KEY'] ?? '',
    transport: given.transport,
    timeoutSeconds: given.timeout,
  }
}

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
    ...(connection.grpcUrl.length === 0 ? {} : { grpcUrl: connection.grpcUrl }),
    transport: connection.transport,
    // The whole operation (with its retries) may take a few attempts' time, at least the default 120 s.
    timeout: { attemptMs: connection.timeoutSeconds * 1000, totalMs: Math.max(120_000, connection.timeoutSeconds * 4000) },
    ...(connection.apiKey === '' ? {} : { apiKey: connection.apiKey }),
  })
