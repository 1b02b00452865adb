/**
 * Jest globalSetup: one real Weaviate for the whole run. With `WEAVIATE_URL` set, that server is
 * used and nothing is started; otherwise an embedded server is started once, its URL is put in
 * `process.env.WEAVIATE_URL` (workers inherit it) and its handle is kept for global-teardown.ts.
 */
import { startEmbedded, type EmbeddedWeaviate } from '../../lib/embedded'

/**
 * The handle global-teardown.ts stops; globalSetup and globalTeardown share this global.
 *
 * @example
 * ```ts
 * const server = (globalThis as EmbeddedGlobal).__WEAVIATE_RX_EMBEDDED__
 * ```
 */
export interface EmbeddedGlobal {
  __WEAVIATE_RX_EMBEDDED__?: EmbeddedWeaviate
}

/**
 * Starts the run's server unless `WEAVIATE_URL` names one.
 *
 * @example
 * ```ts
 * // jest.config.ts
 * globalSetup: '<rootDir>/spec/setup/global-setup.ts'
 * ```
 */
export default async function globalSetup(): Promise<void> {
  const given = process.env['WEAVIATE_URL']
  if (given !== undefined && given !== '') return
  const server = await startEmbedded()
  ;(globalThis as EmbeddedGlobal).__WEAVIATE_RX_EMBEDDED__ = server
  process.env['WEAVIATE_URL'] = server.url
}
