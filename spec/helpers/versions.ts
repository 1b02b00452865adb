/**
 * The server versions every `npm test` runs against, and where each one is: jest's global setup
 * starts (or finds through the environment) one server per version and publishes its URL as
 * `WEAVIATE_URL` (1.39.0) and `WEAVIATE_URL_<major>_<minor>_<patch>` (the others), and its API key
 * beside it as `WEAVIATE_API_KEY` / `WEAVIATE_API_KEY_<major>_<minor>_<patch>` (versions with keys).
 */

import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Where the `PROVIDERS` server reads its BPE token tables (`TIKTOKEN_CACHE_DIR`): the OpenAI-style
 * vectorizers count tokens with tiktoken before a batch, and tiktoken downloads its tables from
 * openaipublic.blob.core.windows.net unless this directory holds them. No network is reached here,
 * and a failed download makes Weaviate 1.39.0 panic on every batch of the class
 * (usecases/modulecomponents/batch/tokenization.go: a nil encoder), so the spec that imports
 * through text2vec-openai (spec/provider-end-to-end.spec.ts) writes a table there first.
 */
export const PROVIDERS_TIKTOKEN_DIR = join(tmpdir(), 'weaviate-rx-tiktoken')

/**
 * The run's servers beyond one per version: each is Weaviate `version` started with `env`, one for
 * the whole run, shared by every spec file that needs that configuration. Each publishes its URL,
 * API key and gRPC URL under `WEAVIATE_URL_<NAME>`, `WEAVIATE_API_KEY_<NAME>` and
 * `WEAVIATE_GRPC_URL_<NAME>` (a URL given in the first is used as is, with the key in the second).
 * Add a row here for a new configuration; never start a second server of the same one.
 * - `NO_GRAPHQL`: `DISABLE_GRAPHQL=true`, as new Weaviate Cloud clusters run;
 * - `MODULES`: the modules that need no outside service (`text2vec-bigram`, `generative-dummy`,
 *   `reranker-dummy`, `ref2vec-centroid`), and `text2vec-transformers` registered with a closed
 *   loopback port as its inference API (it can vectorize nothing; every call to it is refused at
 *   127.0.0.1): a class that names it beside a bigram named vector gets the `nearText` argument
 *   bigram does not declare, so nearText runs on the bigram vector (spec/query/near-text.spec.ts).
 * - `RBAC`: role-based access control with database users (`startEmbedded`'s `rbac: true`); the
 *   published key is the root user's. Also what a browser or a Worker is tested against (spec/web/):
 *   a read-only database user's key, and `generative-dummy`; CORS as Weaviate ships it (every
 *   origin, the variables `CORS_ALLOW_ORIGIN`, `CORS_ALLOW_METHODS`, `CORS_ALLOW_HEADERS` unset:
 *   usecases/config/environment.go parseCORSConfig at v1.39.0), which the page's cross-origin
 *   requests go through.
 * - `INDEXING`: what the index and time-to-live features need on 1.39.0 (read in the server's source
 *   at v1.39.0): `ASYNC_INDEXING=true` for a `dynamic` vector index; `OBJECTS_TTL_DELETE_SCHEDULE`
 *   (a go-cron schedule, here every second; without it an enabled `objectTtlConfig` is refused,
 *   adapters/repos/db/ttl/config.go) with `OBJECTS_TTL_MINIMUM_DEFAULT_TTL=1s` (the default minimum
 *   TTL is a minute); `ENABLE_EXPERIMENTAL_ALTER_SCHEMA_DROP_VECTOR_INDEX_ENDPOINT=true` for
 *   `schema.deleteVectorIndex` (usecases/schema/property.go DeleteClassVectorIndex).
 * - `PROVIDERS`: the provider modules whose settings the client types (lib/codecs/provider-config.ts:
 *   OpenAI, Cohere, Weaviate Embeddings, Anthropic, Ollama, Google, AWS, Mistral, VoyageAI, Jina AI,
 *   NVIDIA, Hugging Face, Databricks and xAI vectorizers, generative and reranker modules). None calls its provider until something is vectorized or generated, and the server
 *   validates their settings at class creation without calling out, so its validation is the
 *   oracle of the client's checks (spec/provider-config.spec.ts). No key is configured: any call to
 *   a provider fails, but for the OpenAI-compatible endpoint spec/provider-end-to-end.spec.ts starts
 *   on 127.0.0.1 and names as a class's `baseURL`, with its key in a header. `TIKTOKEN_CACHE_DIR`:
 *   see {@link PROVIDERS_TIKTOKEN_DIR}.
 * - `NAMESPACES`: `NAMESPACES_ENABLED=true` for `client.cluster.namespaces`, with what the server
 *   requires beside it (v1.39.0 usecases/config/config_handler.go Validate): RBAC (`rbac: true`; the
 *   published key is the root user's) and `DISABLE_GRAPHQL=true`; and `REPLICATION_MAXIMUM_FACTOR=1`,
 *   without which it stops a second after it is ready (adapters/handlers/rest/configure_api.go).
 * - `REST_SEARCH`: the modules of `MODULES`, with GraphQL disabled and the experimental REST Search
 *   API turned on (`EXPERIMENTAL_REST_SEARCH_ENABLED=true`, read in v1.39.0
 *   usecases/config/environment.go): nearText over REST without GraphQL (`connect({ restSearch })`).
 * A row's `rbac` is passed to `startEmbedded` as is (it makes its own key, which `env` cannot).
 */
export const CONFIGURED_SERVERS = {
  NO_GRAPHQL: { version: '1.39.0', env: { DISABLE_GRAPHQL: 'true' } },
  MODULES: {
    version: '1.39.0',
    env: {
      ENABLE_MODULES: 'text2vec-bigram,generative-dummy,reranker-dummy,ref2vec-centroid,text2vec-transformers',
      TRANSFORMERS_INFERENCE_API: 'http://127.0.0.1:1',
      TRANSFORMERS_WAIT_FOR_STARTUP: 'false',
    },
  },
  RBAC: { version: '1.39.0', env: { ENABLE_MODULES: 'generative-dummy' }, rbac: true },
  // Weaviate's own tracing (usecases/telemetry/opentelemetry/config.go, v1.39.0): its spans join the
  // client's trace (a parent-based sampler) and its answers carry their traceparent; the exporter's
  // endpoint is closed, so the spans are dropped.
  OTEL: {
    version: '1.39.0',
    env: { EXPERIMENTAL_OTEL_ENABLED: 'true', EXPERIMENTAL_OTEL_EXPORTER_OTLP_PROTOCOL: 'http', EXPERIMENTAL_OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:1' },
  },
  PROVIDERS: {
    version: '1.39.0',
    env: {
      ENABLE_MODULES:
        'text2vec-openai,text2vec-cohere,text2vec-weaviate,text2vec-ollama,text2vec-google,multi2vec-google,text2vec-aws,text2vec-mistral,text2vec-voyageai,text2vec-jinaai,text2vec-nvidia,text2vec-huggingface,text2vec-databricks,' +
        'generative-openai,generative-anthropic,generative-cohere,generative-ollama,generative-google,generative-aws,generative-mistral,generative-databricks,generative-nvidia,generative-xai,reranker-cohere',
      TIKTOKEN_CACHE_DIR: PROVIDERS_TIKTOKEN_DIR,
    },
  },
  INDEXING: {
    version: '1.39.0',
    env: {
      ASYNC_INDEXING: 'true',
      OBJECTS_TTL_DELETE_SCHEDULE: '@every 1s',
      OBJECTS_TTL_MINIMUM_DEFAULT_TTL: '1s',
      ENABLE_EXPERIMENTAL_ALTER_SCHEMA_DROP_VECTOR_INDEX_ENDPOINT: 'true',
    },
  },
  REST_SEARCH: {
    version: '1.39.0',
    env: {
      ENABLE_MODULES: 'text2vec-bigram,text2vec-transformers',
      TRANSFORMERS_INFERENCE_API: 'http://127.0.0.1:1',
      TRANSFORMERS_WAIT_FOR_STARTUP: 'false',
      DISABLE_GRAPHQL: 'true',
      EXPERIMENTAL_REST_SEARCH_ENABLED: 'true',
    },
  },
  NAMESPACES: { version: '1.39.0', env: { NAMESPACES_ENABLED: 'true', DISABLE_GRAPHQL: 'true', REPLICATION_MAXIMUM_FACTOR: '1' }, rbac: true },
} as const satisfies Record<string, { readonly version: string; readonly env: Readonly<Record<string, string>>; readonly rbac?: boolean }>

/** A name of {@link CONFIGURED_SERVERS}. */
export type ConfiguredServer = keyof typeof CONFIGURED_SERVERS

/**
 * The three environment variables of a configured server.
 *
 * @example
 * ```ts
 * configuredVariables('NO_GRAPHQL').url // 'WEAVIATE_URL_NO_GRAPHQL'
 * ```
 */
export const configuredVariables = (name: ConfiguredServer): { url: string; apiKey: string; grpcUrl: string } => ({
  url: `WEAVIATE_URL_${name}`,
  apiKey: `WEAVIATE_API_KEY_${name}`,
  grpcUrl: `WEAVIATE_GRPC_URL_${name}`,
})

/** The GraphQL-disabled server's row of {@link CONFIGURED_SERVERS}, under its variables. */
export const NO_GRAPHQL_SERVER = {
  ...CONFIGURED_SERVERS.NO_GRAPHQL,
  urlVariable: configuredVariables('NO_GRAPHQL').url,
  apiKeyVariable: configuredVariables('NO_GRAPHQL').apiKey,
  grpcUrlVariable: configuredVariables('NO_GRAPHQL').grpcUrl,
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
  const configured = (Object.keys(CONFIGURED_SERVERS) as ConfiguredServer[]).find(
    (name) => nonEmpty(process.env[configuredVariables(name).url])?.replace(/\/+$/, '') === trimmed,
  )
  if (configured !== undefined) return nonEmpty(process.env[configuredVariables(configured).apiKey])
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

const published = (server: ConfiguredServer, name: string): string => {
  const value = nonEmpty(process.env[name])
  if (value === undefined) {
    const { version, env } = CONFIGURED_SERVERS[server]
    throw new Error(`${name} is not set: run the specs through jest (its global setup starts Weaviate ${version} with ${JSON.stringify(env)})`)
  }
  return value
}

/**
 * Where a configured server of {@link CONFIGURED_SERVERS} runs: its URL, API key (undefined when it
 * needs none) and gRPC URL; throws when the global setup published none.
 *
 * @example
 * ```ts
 * const { url, apiKey, grpcUrl } = configuredServer('MODULES')
 * const client = connect({ url, apiKey, grpcUrl })
 * ```
 */
export const configuredServer = (name: ConfiguredServer): { url: string; apiKey: string | undefined; grpcUrl: string } => {
  const variables = configuredVariables(name)
  return {
    url: published(name, variables.url).replace(/\/+$/, ''),
    apiKey: nonEmpty(process.env[variables.apiKey]),
    grpcUrl: published(name, variables.grpcUrl),
  }
}

/**
 * The URL of the run's GraphQL-disabled server; throws when the global setup published none.
 *
 * @example
 * ```ts
 * const client = connect({ url: noGraphqlUrl(), ...apiKeyOption(noGraphqlUrl()) })
 * ```
 */
export const noGraphqlUrl = (): string => configuredServer('NO_GRAPHQL').url

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
export const noGraphqlGrpcUrl = (): string => configuredServer('NO_GRAPHQL').grpcUrl
