/**
 * Jest globalTeardown: stops the server global-setup.ts started, if it started one.
 */
import type { EmbeddedGlobal } from './global-setup'

/**
 * Stops the server global-setup.ts started; a no-op with `WEAVIATE_URL` given.
 *
 * @example
 * ```ts
 * // jest.config.ts
 * globalTeardown: '<rootDir>/spec/setup/global-teardown.ts'
 * ```
 */
export default async function globalTeardown(): Promise<void> {
  const holder = globalThis as EmbeddedGlobal
  const server = holder.__WEAVIATE_RX_EMBEDDED__
  if (server === undefined) return
  delete holder.__WEAVIATE_RX_EMBEDDED__
  await server.stop()
  if (process.env['WEAVIATE_URL'] === server.url) delete process.env['WEAVIATE_URL']
}
