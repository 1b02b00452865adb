/**
 * The server versions every `npm test` runs against, and where each one is: jest's global setup
 * starts (or finds through the environment) one server per version and publishes its URL as
 * `WEAVIATE_URL` (1.39.0) and `WEAVIATE_URL_<major>_<minor>_<patch>` (the others).
 */

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
