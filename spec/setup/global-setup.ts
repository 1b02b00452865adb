/**
 * Jest globalSetup: one real Weaviate per version of spec/helpers/versions.ts for the whole run,
 * started one after the other (each in about half a second once built). For each version, a URL in its environment variable (`WEAVIATE_URL` for
 * 1.39.0, `WEAVIATE_URL_1_13_2`, `WEAVIATE_URL_1_14_1`, `WEAVIATE_URL_1_18_6`) is used as is and
 * nothing is started; otherwise an embedded server of that version is started (built into the
 * cache on first use), its URL put into the variable (workers inherit it), its API key (random per
 * start, on versions with keys) into `WEAVIATE_API_KEY` / `WEAVIATE_API_KEY_1_18_6`, and its handle
 * kept for global-teardown.ts. Then one server per row of `CONFIGURED_SERVERS` (a version with its
 * environment: GraphQL disabled, the offline modules, ...) is started the same way under its own
 * variables (`WEAVIATE_URL_<NAME>`, `WEAVIATE_API_KEY_<NAME>`, `WEAVIATE_GRPC_URL_<NAME>`): one for
 * the run per configuration, shared by every spec file that needs it. A server given by URL is used
 * with whatever key its variable holds (none by default).
 */
import { startEmbedded, type EmbeddedWeaviate } from '../../lib/embedded'
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
  const missing = SERVER_VERSIONS.filter((version) => {
    const given = process.env[urlVariable(version)]
    return given === undefined || given === ''
  })
  // One at a time: a missing binary is built first (two Go builds at once only fight over 2 cores),
  // and a built server starts in about half a second.
  const started: EmbeddedWeaviate[] = []
  ;(globalThis as EmbeddedGlobal).__WEAVIATE_RX_EMBEDDED__ = started
  for (const version of missing) {
    const server = await startEmbedded({ version })
    started.push(server)
    process.env[urlVariable(version)] = server.url
    const { apiKey } = server.connection
    if (apiKey === undefined) delete process.env[apiKeyVariable(version)]
    else process.env[apiKeyVariable(version)] = apiKey
    process.env[grpcUrlVariable(version)] = server.grpcUrl
  }
  for (const name of Object.keys(CONFIGURED_SERVERS) as ConfiguredServer[]) {
    const variables = configuredVariables(name)
    const given = process.env[variables.url]
    if (given !== undefined && given !== '') continue
    const row: { readonly version: string; readonly env: Readonly<Record<string, string>>; readonly rbac?: boolean } = CONFIGURED_SERVERS[name]
    const server = await startEmbedded({ version: row.version, env: { ...row.env }, ...(row.rbac === undefined ? {} : { rbac: row.rbac }) })
    started.push(server)
    process.env[variables.url] = server.url
    const { apiKey } = server.connection
    if (apiKey === undefined) delete process.env[variables.apiKey]
    else process.env[variables.apiKey] = apiKey
    process.env[variables.grpcUrl] = server.grpcUrl
  }
}
