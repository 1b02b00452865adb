/**
 * Jest globalTeardown: stops the servers global-setup.ts started, if it started any.
 */
import type { EmbeddedGlobal } from './global-setup'
import { CONFIGURED_SERVERS, apiKeyVariable, configuredVariables, urlVariable, type ConfiguredServer } from '../helpers/versions'

/**
 * Stops the servers global-setup.ts started; a no-op for the ones given by URL.
 *
 * @example
 * ```ts
 * // jest.config.ts
 * globalTeardown: '<rootDir>/spec/setup/global-teardown.ts'
 * ```
 */
export default async function globalTeardown(): Promise<void> {
  const holder = globalThis as EmbeddedGlobal
  const servers = holder.__WEAVIATE_RX_EMBEDDED__ ?? []
  delete holder.__WEAVIATE_RX_EMBEDDED__
  await Promise.all(
    servers.map(async (server) => {
      await server.stop()
      const name = urlVariable(server.version)
      if (process.env[name] === server.url) {
        delete process.env[name]
        delete process.env[apiKeyVariable(server.version)]
      }
      for (const configured of Object.keys(CONFIGURED_SERVERS) as ConfiguredServer[]) {
        const variables = configuredVariables(configured)
        if (process.env[variables.url] !== server.url) continue
        delete process.env[variables.url]
        delete process.env[variables.apiKey]
        delete process.env[variables.grpcUrl]
      }
    }),
  )
}
