/**
 * Jest globalSetup: one real Weaviate per version of spec/helpers/versions.ts for the whole run,
 * built one version after the other when missing, then all started at once. For each version, a URL in its environment variable (`WEAVIATE_URL` for
 * 1.39.0, `WEAVIATE_URL_1_13_2`, `WEAVIATE_URL_1_14_1`, `WEAVIATE_URL_1_18_6`) is used as is and
 * nothing is started; otherwise an embedded server of that version is started (built into the
 * cache on first use), its URL put into the variable (workers inherit it), its API key (random per
 * start, on versions with keys) into `WEAVIATE_API_KEY` / `WEAVIATE_API_KEY_1_18_6`, and its handle
 * kept for global-teardown.ts. Beside them, one server per row of `CONFIGURED_SERVERS` (a version with its
 * environment: GraphQL disabled, the offline modules, ...) is started the same way under its own
 * variables (`WEAVIATE_URL_<NAME>`, `WEAVIATE_API_KEY_<NAME>`, `WEAVIATE_GRPC_URL_<NAME>`): one for
 * the run per configuration, shared by every spec file that needs it. A server given by URL is used
 * with whatever key its variable holds (none by default).
 */
import { resolveBinary, startEmbedded, type EmbeddedOptions, type EmbeddedWeaviate } from '../../lib/embedded'
import { retryOnPortClash } from '../helpers/embedded-fixtures'
import { CONFIGURED_SERVERS, SERVER_VERSIONS, apiKeyVariable, configuredVariables, grpcUrlVariable, urlVariable, type ConfiguredServer } from '../helpers/versions'

/**
 * The handles global-teardown.ts stops; globalSetup and globalTeardown share this global.
 *
 * @example
 * ```ts
 * const servers = (globalThis as EmbeddedGlobal).__WEAVIATE_RX_EMBEDDED__ ?? []
 * ```
 */
export interface EmbeddedGlobal {
  __WEAVIATE_RX_EMBEDDED__?: EmbeddedWeaviate[]
}

/**
 * Starts the run's servers unless their variables name them.
 *
 * @example
 * ```ts
 * // jest.config.ts
 * globalSetup: '<rootDir>/spec/setup/global-setup.ts'
 * ```
 */
export default async function globalSetup(): Promise<void> {
  const given = (variable: string): boolean => {
    const value = process.env[variable]
    return value !== undefined && value !== ''
  }
  const servers: Array<{ readonly variables: { url: string; apiKey: string; grpcUrl: string }; readonly options: EmbeddedOptions & { readonly version: string } }> = [
    ...SERVER_VERSIONS.filter((version) => !given(urlVariable(version))).map((version) => ({
      variables: { url: urlVariable(version), apiKey: apiKeyVariable(version), grpcUrl: grpcUrlVariable(version) },
      options: { version },
    })),
    ...(Object.keys(CONFIGURED_SERVERS) as ConfiguredServer[])
      .filter((name) => !given(configuredVariables(name).url))
      .map((name) => {
        const row: { readonly version: string; readonly env: Readonly<Record<string, string>>; readonly rbac?: boolean } = CONFIGURED_SERVERS[name]
        return { variables: configuredVariables(name), options: { version: row.version, env: { ...row.env }, ...(row.rbac === undefined ? {} : { rbac: row.rbac }) } }
      }),
  ]
  // The binaries first, one version at a time: a missing one is built, and two Go builds at once
  // only fight over 2 cores. Then every server at once: a start mostly waits for the server to
  // come up, and a start that picked a port another one took starts over with new ports.
  for (const version of new Set(servers.map(({ options }) => options.version))) await resolveBinary({ version })
  const started: EmbeddedWeaviate[] = []
  ;(globalThis as EmbeddedGlobal).__WEAVIATE_RX_EMBEDDED__ = started
  const outcomes = await Promise.allSettled(servers.map(({ options }) => retryOnPortClash(() => startEmbedded(options))))
  for (const outcome of outcomes) if (outcome.status === 'fulfilled') started.push(outcome.value)
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected')
  if (failed !== undefined) {
    await Promise.all(started.map((server) => server.stop()))
    throw failed.reason
  }
  servers.forEach(({ variables }, i) => {
    const server = started[i]
    if (server === undefined) return
    process.env[variables.url] = server.url
    const { apiKey } = server.connection
    if (apiKey === undefined) delete process.env[variables.apiKey]
    else process.env[variables.apiKey] = apiKey
    process.env[variables.grpcUrl] = server.grpcUrl
  })
}
