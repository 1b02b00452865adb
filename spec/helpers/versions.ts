/**
 * The server versions every `npm test` runs against, and where each one is: jest's global setup
 * starts (or finds through the environment) one server per version and publishes its URL as
 * `WEAVIATE_URL` (1.39.0) and `WEAVIATE_URL_<major>_<minor>_<patch>` (the others), and its API key
 * beside it as `WEAVIATE_API_KEY` / `WEAVIATE_API_KEY_<major>_<minor>_<patch>` (versions with keys).
 */

/**
 * The run's fifth server: Weaviate 1.39.0 started with `DISABLE_GRAPHQL=true`, as new Weaviate
 * Cloud clusters run. Its URL, API key and gRPC URL have their own variables (a URL given in
 * `WEAVIATE_URL_NO_GRAPHQL` is used as is, with the key in `WEAVIATE_API_KEY_NO_GRAPHQL`).
 */
export const NO_GRAPHQL_SERVER = {
  version: '1.39.0',
  env: { DISABLE_GRAPHQL: 'true' },
  urlVariable: 'WEAVIATE_URL_NO_GRAPHQL',
  apiKeyVariable: 'WEAVIATE_API_KEY_NO_GRAPHQL',
  grpcUrlVariable: 'WEAVIATE_GRPC_URL_NO_GRAPHQL',
} as const

/** 1.13.2: before class namespaces; 1.14.1: first with them, no cursor; 1.18.6: first with the cursor; 1.39.0: current. */
export const SERVER_VERSIONS = ['1.13.2', '1.14.1', '1.18.6', '1.39.0'] as const

/**
 * One of {@link SERVER_VERSIONS}.
 *
 * @example
 * ```ts
 * const v: ServerVersionUnderTest = '1.14.1'
 * ```
 */
export type ServerVersionUnderTest = (typeof SERVER_VERSIONS)[number]

/** The current version, served at `WEAVIATE_URL`. */
export const CURRENT_VERSION: ServerVersionUnderTest = '1.39.0'

/**
 * The environment variable that holds the URL of `version`'s server.
 *
 * @example
 * ```ts
 * urlVariable('1.13.2') // 'WEAVIATE_URL_1_13_2'
 * ```
 */
export const urlVariable = (version: string): string =>
  version === CURRENT_VERSION ? 'WEAVIATE_URL' : `WEAVIATE_URL_${version.replace(/\./g, '_')}`

/**
 * The URL of the server of `version`; throws when the global setup published none.
 *
 * @example
 * ```ts
 * const url = serverUrl('1.14.1')
 * ```
 */
export const serverUrl = (version: ServerVersionUnderTest): string => {
  const name = urlVariable(version)
  const url = process.env[name]
  if (url === undefined || url === '') {
    throw new Error(`${name} is not set: run the specs through jest (its global setup starts Weaviate ${version}) or set it to a running ${version} server`)
  }
  return url
}

/**
 * The environment variable that holds the API key of `version`'s server: `WEAVIATE_API_KEY` for
 * 1.39.0, `WEAVIATE_API_KEY_<major>_<minor>_<patch>` for the others. Unset when the server takes
 * anonymous requests (versions before 1.18.0, or a server given by URL without a key).
 *
 * @example
 * ```ts
 * apiKeyVariable('1.18.6') // 'WEAVIATE_API_KEY_1_18_6'
 * ```
 */
export const apiKeyVariable = (version: string): string =>
  version === CURRENT_VERSION ? 'WEAVIATE_API_KEY' : `WEAVIATE_API_KEY_${version.replace(/\./g, '_')}`

const nonEmpty = (value: string | undefined): string | undefined => (value === undefined || value === '' ? undefined : value)

/**
 * The API key of `version`'s server, or undefined when it needs none.
 *
 * @example
 * ```ts
 * connect({ url: serverUrl('1.18.6'), apiKey: serverApiKey('1.18.6') })
 * ```
 */
export const serverApiKey = (version: ServerVersionUnderTest): string | undefined => nonEmpty(process.env[apiKeyVariable(version)])

/**
 * The API key published for the test server at `url` (any version), or undefined for a URL that
 * is not one of them or needs no key.
 *
 * @example
 * ```ts
 * apiKeyFor(serverUrl('1.14.1')) // undefined: 1.14.1 has no API keys
 * ```
 */
export const apiKeyFor = (url: string): string | undefined => {
  const trimmed = url.replace(/\/+$/, '')
  if (nonEmpty(process.env[NO_GRAPHQL_SERVER.urlVariable])?.replace(/\/+$/, '') === trimmed) return noGraphqlApiKey()
  const version = SERVER_VERSIONS.find((v) => nonEmpty(process.env[urlVariable(v)])?.replace(/\/+$/, '') === trimmed)
  return version === undefined ? undefined : serverApiKey(version)
}

/**
 * The `apiKey` option for a client of the test server at `url`: `{ apiKey }` or `{}`.
 *
 * @example
 * ```ts
 * const client = connect({ url, ...apiKeyOption(url) })
 * ```
 */
export const apiKeyOption = (url: string): { apiKey?: string } => {
  const apiKey = apiKeyFor(url)
  return apiKey === undefined ? {} : { apiKey }
}

/**
 * The environment variable that holds the gRPC URL of `version`'s server.
 *
 * @example
 * ```ts
 * grpcUrlVariable('1.39.0') // 'WEAVIATE_GRPC_URL'
 * ```
 */
export const grpcUrlVariable = (version: string): string => urlVariable(version).replace('WEAVIATE_URL', 'WEAVIATE_GRPC_URL')

/**
 * The gRPC URL (`http://127.0.0.1:<port>`) of the server of `version`; throws when the global
 * setup published none (a server given by URL alone has none).
 *
 * @example
 * ```ts
 * const client = connect({ url: serverUrl('1.39.0'), grpcUrl: grpcServerUrl('1.39.0') })
 * ```
 */
export const grpcServerUrl = (version: ServerVersionUnderTest): string => {
  const name = grpcUrlVariable(version)
  const url = process.env[name]
  if (url === undefined || url === '') throw new Error(`${name} is not set: run the specs through jest (its global setup starts Weaviate ${version} and publishes its gRPC port)`)
  return url
}

const published = (name: string): string => {
  const value = nonEmpty(process.env[name])
  if (value === undefined) throw new Error(`${name} is not set: run the specs through jest (its global setup starts Weaviate ${NO_GRAPHQL_SERVER.version} with DISABLE_GRAPHQL=true)`)
  return value
}

/**
 * The URL of the run's GraphQL-disabled server ({@link NO_GRAPHQL_SERVER}); throws when the global
 * setup published none.
 *
 * @example
 * ```ts
 * const client = connect({ url: noGraphqlUrl(), ...apiKeyOption(noGraphqlUrl()) })
 * ```
 */
export const noGraphqlUrl = (): string => published(NO_GRAPHQL_SERVER.urlVariable).replace(/\/+$/, '')

/**
 * The API key of the GraphQL-disabled server, or undefined when it needs none.
 *
 * @example
 * ```ts
 * connect({ url: noGraphqlUrl(), apiKey: noGraphqlApiKey() })
 * ```
 */
export const noGraphqlApiKey = (): string | undefined => nonEmpty(process.env[NO_GRAPHQL_SERVER.apiKeyVariable])

/**
 * The gRPC URL of the GraphQL-disabled server; throws when the global setup published none.
 *
 * @example
 * ```ts
 * const client = connect({ url: noGraphqlUrl(), grpcUrl: noGraphqlGrpcUrl() })
 * ```
 */
export const noGraphqlGrpcUrl = (): string => published(NO_GRAPHQL_SERVER.grpcUrlVariable)
