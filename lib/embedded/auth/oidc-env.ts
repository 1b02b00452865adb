/**
 * The server environment of an embedded server's `oidc` option (the variables of Weaviate's
 * `usecases/config/environment.go`: `AUTHENTICATION_OIDC_ENABLED`, `_ISSUER`, `_CLIENT_ID`,
 * `_USERNAME_CLAIM`, `_GROUPS_CLAIM`, `_SCOPES` (comma-separated), `_SKIP_CLIENT_ID_CHECK`).
 *
 * @packageDocumentation
 */
import { EmbeddedError } from '../errors'
import type { EmbeddedOidc, ServerOptions } from '../options'

const oidcEnv = (oidc: EmbeddedOidc): Record<string, string> => {
  let issuer: URL | undefined
  try {
    issuer = new URL(oidc.issuer)
  } catch {
    issuer = undefined
  }
  if (issuer === undefined || (issuer.protocol !== 'http:' && issuer.protocol !== 'https:')) {
    throw new EmbeddedError({ reason: 'InvalidOptions', detail: `oidc.issuer must be an http(s) URL, got ${String(oidc.issuer)}` })
  }
  if (typeof oidc.clientId !== 'string' || oidc.clientId === '') {
    throw new EmbeddedError({ reason: 'InvalidOptions', detail: 'oidc.clientId must be a non-empty string' })
  }
  return {
    AUTHENTICATION_OIDC_ENABLED: 'true',
    AUTHENTICATION_OIDC_ISSUER: oidc.issuer,
    AUTHENTICATION_OIDC_CLIENT_ID: oidc.clientId,
    AUTHENTICATION_OIDC_USERNAME_CLAIM: oidc.usernameClaim ?? 'sub',
    ...(oidc.groupsClaim === undefined ? {} : { AUTHENTICATION_OIDC_GROUPS_CLAIM: oidc.groupsClaim }),
    ...(oidc.scopes === undefined || oidc.scopes.length === 0 ? {} : { AUTHENTICATION_OIDC_SCOPES: oidc.scopes.join(',') }),
    ...(oidc.skipClientIdCheck === true ? { AUTHENTICATION_OIDC_SKIP_CLIENT_ID_CHECK: 'true' } : {}),
    AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED: 'false',
  }
}

/**
 * The options with the `oidc` option turned into `env` (the caller's own `env` over it), so the
 * rest of the start sees authentication the caller configured; the options as given without it.
 */
export const withOidcEnv = <O extends ServerOptions>(options: O): O =>
  options.oidc === undefined ? options : { ...options, env: { ...oidcEnv(options.oidc), ...options.env } }
