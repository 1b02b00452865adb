/**
 * Jest globalTeardown: stops the servers global-setup.ts started, if it started any.
 */
import type { EmbeddedGlobal } from './global-setup'
import { NO_GRAPHQL_SERVER, apiKeyVariable, urlVariable } from '../helpers/versions'

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
      if (process.env[NO_GRAPHQL_SERVER.urlVariable] === server.url) {
        delete process.env[NO_GRAPHQL_SERVER.urlVariable]
        delete process.env[NO_GRAPHQL_SERVER.apiKeyVariable]
        delete process.env[NO_GRAPHQL_SERVER.grpcUrlVariable]
      }
    }),
  )
}
