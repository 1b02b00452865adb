/**
 * Loads `openid-client` (6.x, fetch-based) in the web build, once, on the first sign-in: a plain
 * `import()`, which a bundler splits into a chunk of its own, so a page without `auth` does not
 * carry it. Node's loader (`load.ts`) has a `require` fallback for CommonJS test sandboxes.
 *
 * @packageDocumentation
 */
import type { OpenIdClient } from './session'

let loading: Promise<OpenIdClient> | undefined

/** openid-client, loaded on the first call; the same promise afterwards (a failed load is asked again). */
export const loadOpenIdClientWeb = (): Promise<OpenIdClient> => {
  loading ??= import('openid-client').catch((refused: unknown) => {
    loading = undefined
    throw refused
  })
  return loading
}
