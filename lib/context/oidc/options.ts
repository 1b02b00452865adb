/**
 * The `auth` option of `connect`: OIDC sign-in with one of three flows, named as the official
 * clients name them (weaviate/typescript-client `src/connection/auth.ts`:
 * `AuthClientCredentials`, `AuthUserPasswordCredentials`, `AuthAccessTokenCredentials`; the Python
 * client's `Auth.client_credentials`, `Auth.client_password`, `Auth.bearer_token`). Checked once,
 * at `connect`.
 *
 * @packageDocumentation
 */
import { ArgumentValueError } from '../../core/errors'

/**
 * OIDC sign-in: the client reads the provider and the client id from the server's
 * `/v1/.well-known/openid-configuration`, gets a token with the chosen flow, sends it as
 * `Authorization: Bearer <token>` over REST and gRPC alike, and gets the next one before it
 * expires (docs/oidc.md).
 *
 * - `clientCredentials`: a service signs in as itself with the client secret (no refresh token:
 *   the grant is repeated before the token expires).
 * - `password`: the resource-owner password grant (with `offline_access`, so the provider may
 *   hand out a refresh token; without one the grant is repeated).
 * - `bearerToken`: a token obtained elsewhere, refreshed with its refresh token; without one it
 *   is used until it expires.
 *
 * @example
 * ```ts
 * const auth: OidcAuth = { kind: 'clientCredentials', clientSecret: process.env['OIDC_SECRET'] ?? '' }
 * const client = connect({ url: 'https://weaviate.example.com', auth })
 * ```
 */
export type OidcAuth =
  | {
      readonly kind: 'clientCredentials'
      readonly clientSecret: string
      /** Scopes to ask for; default the server's `scopes` (`AUTHENTICATION_OIDC_SCOPES`). */
      readonly scopes?: readonly string[]
      /** The OAuth client id; default the server's `clientId`. */
      readonly clientId?: string
    }
  | {
      readonly kind: 'password'
      readonly username: string
      readonly password: string
      /** Scopes to ask for, besides `offline_access`; default the server's `scopes`. */
      readonly scopes?: readonly string[]
      /** The OAuth client id; default the server's `clientId`. */
      readonly clientId?: string
    }
  | {
      readonly kind: 'bearerToken'
      readonly accessToken: string
      /** Seconds the access token is valid from now. @default 60 */
      readonly expiresIn?: number
      /** Refreshes the access token before it expires; without it the token is used until it expires. */
      readonly refreshToken?: string
      /** The OAuth client id the tokens were issued to; default the server's `clientId`. */
      readonly clientId?: string
    }

/** {@link OidcAuth}'s `kind`. */
export type OidcFlow = OidcAuth['kind']

const KINDS: readonly string[] = ['clientCredentials', 'password', 'bearerToken'] satisfies OidcFlow[]

const nonEmpty = (argument: string, value: unknown): void => {
  if (typeof value !== 'string' || value === '') throw new ArgumentValueError({ argument, reason: `'${argument}' must be a non-empty string` })
}

const optionalNonEmpty = (argument: string, value: unknown): void => {
  if (value !== undefined) nonEmpty(argument, value)
}

const scopesOk = (value: unknown): void => {
  if (value !== undefined && !(Array.isArray(value) && value.every((s) => typeof s === 'string' && s !== '' && !/\s/.test(s)))) {
    throw new ArgumentValueError({ argument: 'auth.scopes', reason: "'auth.scopes' must be an array of scope names without spaces" })
  }
}

/**
 * Checks the `auth` option; throws an {@link ArgumentValueError} naming the first bad field.
 */
export const checkAuth = (auth: OidcAuth): OidcAuth => {
  if (typeof auth !== 'object' || auth === null || !KINDS.includes((auth as { kind: unknown }).kind as string)) {
    throw new ArgumentValueError({ argument: 'auth.kind', reason: `'auth.kind' must be one of ${KINDS.join(', ')}` })
  }
  optionalNonEmpty('auth.clientId', auth.clientId)
  switch (auth.kind) {
    case 'clientCredentials':
      nonEmpty('auth.clientSecret', auth.clientSecret)
      scopesOk(auth.scopes)
      return auth
    case 'password':
      nonEmpty('auth.username', auth.username)
      nonEmpty('auth.password', auth.password)
      scopesOk(auth.scopes)
      return auth
    case 'bearerToken':
      nonEmpty('auth.accessToken', auth.accessToken)
      optionalNonEmpty('auth.refreshToken', auth.refreshToken)
      if (auth.expiresIn !== undefined && !(Number.isFinite(auth.expiresIn) && auth.expiresIn > 0)) {
        throw new ArgumentValueError({ argument: 'auth.expiresIn', reason: "'auth.expiresIn' must be a positive number of seconds" })
      }
      return auth
  }
}
