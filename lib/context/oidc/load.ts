/**
 * Loads `openid-client` (6.x, an ES module) from this CommonJS package, once, on the first sign-in.
 *
 * `import()` works in Node (every supported version), Bun and Deno. A CommonJS test runner's
 * sandbox may refuse `import()` (jest without `--experimental-vm-modules` throws "A dynamic import
 * callback was invoked without --experimental-vm-modules"); then `require` loads it, which in
 * jest is jest's own loader: it needs openid-client and its dependencies transformed to CommonJS
 * (this repository's jest.config.ts; docs/oidc.md, "Runtimes"). In Node outside jest the fallback
 * is not reached; were it, Node 20.19+ and 22.12+ `require()` an ES module without top-level await.
 *
 * @packageDocumentation
 */
import { createRequire } from 'node:module'
import type { OpenIdClient } from './session'

export type { OpenIdClient } from './session'

let loading: Promise<OpenIdClient> | undefined

/** `import()`, its synchronous refusal (jest's sandbox throws at the call) made a rejection. */
const viaImport = async (): Promise<OpenIdClient> => import('openid-client')

/** openid-client, loaded on the first call; the same promise afterwards. */
export const loadOpenIdClient = (): Promise<OpenIdClient> => {
  loading ??= viaImport().catch((refused: unknown) => {
    try {
      return createRequire(__filename)('openid-client') as OpenIdClient
    } catch {
      loading = undefined
      throw refused
    }
  })
  return loading
}
