/**
 * The OIDC session of a client: discovery, the first token, and the next one before the current
 * expires, all with `openid-client` (no token code of our own but the timing). It is the client's
 * {@link BearerSource}: both transports ask it for the Authorization header before each call, and a
 * `BatchStream` asks it for a token in the first half of its life, with the time left until the
 * next (`forStream`), so that it reopens with the next token before its own expires.
 *
 * ```
 * GET /v1/.well-known/openid-configuration    the server names the provider (href) and clientId
 * -> openid-client discovery(href)             the provider's metadata (token endpoint, ...)
 * -> grant: client credentials | password      the first token (bearerToken: the caller's)
 * -> timer at the token's half-life            (at most 30 s before expiry) the next token:
 *      refresh_token grant when there is a refresh token, else the flow's grant again
 * ```
 *
 * A failed sign-in is a {@link SignInError} for the call that needed the token (the next call
 * tries again; nothing loops). A refresh token the provider rejects (`invalid_grant`: revoked or
 * expired) ends a `bearerToken` session with a {@link RefreshTokenRejectedError}, kept: every later
 * call gets it at once. The two credential flows sign in afresh instead.
 *
 * @packageDocumentation
 */
import type * as Oidc from 'openid-client' with { 'resolution-mode': 'import' }
import { RefreshTokenRejectedError, SignInError, WeaviateError, isWeaviateError, redactUrl } from '../../core/errors'
import type { BearerSource } from '../../transport/http/options'
import type { OidcAuth } from './options'

/** The openid-client module, as a build's loader gives it (`load.ts` on Node, `load-web.ts` elsewhere). */
export type OpenIdClient = typeof Oidc

/** A client's OIDC session: the Authorization header source, and its timer to stop. */
export interface OidcSession extends BearerSource {
  /** Stops the refresh timer; idempotent. */
  readonly close: () => void
}

/** What the session needs from the client. */
export interface SessionDeps {
  /** The body of the server's `GET /v1/.well-known/openid-configuration`; rejects with a WeaviateError. */
  readonly wellKnown: () => Promise<unknown>
  /** Loads openid-client, once, at the first sign-in (`load.ts` on Node, `load-web.ts` elsewhere). */
  readonly load: () => Promise<OpenIdClient>
  /** Test seam: the clock. Default `Date.now`. */
  readonly now?: () => number
}

interface Tokens {
  readonly accessToken: string
  readonly refreshToken: string | undefined
  readonly obtainedAt: number
  readonly expiresAt: number
}

interface Discovered {
  readonly oc: OpenIdClient
  readonly config: Oidc.Configuration
  readonly scope: string | undefined
}

/** Lifetime assumed when the provider does not say (`expires_in` absent), as for a bearer token without `expiresIn`. */
const DEFAULT_LIFETIME_S = 60
/** A token is renewed at its half-life, but never earlier than this before it expires. */
const RENEW_BEFORE_MS = 30_000
/** Hosts where the provider may be reached over plain http. */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

const header = (tokens: Tokens): string => `Bearer ${tokens.accessToken}`
const lifetime = (t: Tokens): number => t.expiresAt - t.obtainedAt
/** When the next token is fetched in the background. */
const renewAt = (t: Tokens): number => Math.max(t.obtainedAt + lifetime(t) / 2, t.expiresAt - RENEW_BEFORE_MS)
/** Until when a call may still go out with the token (a little before it expires). */
const usableUntil = (t: Tokens): number => t.expiresAt - Math.min(1000, lifetime(t) / 4)

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e))

/** The server's answer: `{ href, clientId, scopes? }`. */
const readWellKnown = (body: unknown): { readonly href: string; readonly clientId: string; readonly scopes: readonly string[] } | undefined => {
  if (typeof body !== 'object' || body === null) return undefined
  const { href, clientId, scopes } = body as Record<string, unknown>
  if (typeof href !== 'string' || typeof clientId !== 'string') return undefined
  const list = Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string' && s !== '') : []
  return { href, clientId, scopes: list }
}

/**
 * Creates the session; nothing is sent before the first call asks for a header.
 */
export const createOidcSession = (auth: OidcAuth, deps: SessionDeps): OidcSession => {
  const now = deps.now ?? Date.now
  const flow = auth.kind
  let tokens: Tokens | undefined =
    auth.kind === 'bearerToken'
      ? { accessToken: auth.accessToken, refreshToken: auth.refreshToken, obtainedAt: now(), expiresAt: now() + (auth.expiresIn ?? DEFAULT_LIFETIME_S) * 1000 }
      : undefined
  let discovering: Promise<Discovered> | undefined
  let renewing: Promise<Tokens> | undefined
  let final: WeaviateError | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let closed = false

  const discoveryError = (detail: string, cause: unknown): SignInError => new SignInError({ flow, step: 'discovery', detail, cause })

  const discover = async (): Promise<Discovered> => {
    let body: unknown
    try {
      body = await deps.wellKnown()
    } catch (e) {
      const missing = isWeaviateError(e) && e._tag === 'UnexpectedStatusError' && e.status === 404
      throw discoveryError(
        missing ? 'the server has no OIDC provider configured (404 from /v1/.well-known/openid-configuration)' : `reading /v1/.well-known/openid-configuration failed: ${messageOf(e)}`,
        e,
      )
    }
    const named = readWellKnown(body)
    if (named === undefined) throw discoveryError('/v1/.well-known/openid-configuration did not name an href and a clientId', undefined)
    let url: URL
    try {
      url = new URL(named.href)
    } catch (e) {
      throw discoveryError(`the server names a provider address that is not a URL: ${redactUrl(named.href)}`, e)
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
      throw discoveryError(`the provider ${redactUrl(url.href)} is not https (plain http is accepted on a loopback host only)`, undefined)
    }
    const oc = await deps.load()
    const clientAuth = auth.kind === 'clientCredentials' ? oc.ClientSecretPost(auth.clientSecret) : oc.None()
    try {
      const config = await oc.discovery(url, auth.clientId ?? named.clientId, undefined, clientAuth, url.protocol === 'http:' ? { execute: [oc.allowInsecureRequests] } : {})
      const scopes = auth.kind === 'bearerToken' ? [] : (auth.scopes ?? named.scopes)
      const all = auth.kind === 'password' && !scopes.includes('offline_access') ? [...scopes, 'offline_access'] : scopes
      return { oc, config, scope: all.length > 0 ? all.join(' ') : undefined }
    } catch (e) {
      throw discoveryError(`reading the provider's metadata at ${redactUrl(url.href)} failed: ${messageOf(e)}`, e)
    }
  }

  const discovered = (): Promise<Discovered> => {
    discovering ??= discover().catch((e: unknown) => {
      discovering = undefined
      throw e
    })
    return discovering
  }

  const tokenError = (oc: OpenIdClient, e: unknown): SignInError =>
    e instanceof oc.ResponseBodyError
      ? new SignInError({ flow, step: 'token', error: e.error, detail: e.error_description ?? e.message, cause: e })
      : new SignInError({ flow, step: 'token', detail: messageOf(e), cause: e })

  const fromResponse = (response: Oidc.TokenEndpointResponse, previousRefresh: string | undefined): Tokens => {
    const at = now()
    return {
      accessToken: response.access_token,
      refreshToken: response.refresh_token ?? previousRefresh,
      obtainedAt: at,
      expiresAt: at + (response.expires_in ?? DEFAULT_LIFETIME_S) * 1000,
    }
  }

  const grant = async ({ oc, config, scope }: Discovered): Promise<Tokens> => {
    const scoped: Record<string, string> = scope === undefined ? {} : { scope }
    try {
      switch (auth.kind) {
        case 'clientCredentials':
          return fromResponse(await oc.clientCredentialsGrant(config, scoped), undefined)
        case 'password':
          return fromResponse(await oc.genericGrantRequest(config, 'password', { ...scoped, username: auth.username, password: auth.password }), undefined)
        case 'bearerToken':
          throw new SignInError({ flow, step: 'token', detail: 'the access token expired and there is no refresh token to get another', cause: undefined })
      }
    } catch (e) {
      throw isWeaviateError(e) ? e : tokenError(oc, e)
    }
  }

  const acquire = async (): Promise<Tokens> => {
    const found = await discovered()
    const refreshToken = tokens?.refreshToken
    if (refreshToken === undefined) return grant(found)
    try {
      return fromResponse(await found.oc.refreshTokenGrant(found.config, refreshToken), refreshToken)
    } catch (e) {
      const rejected = e instanceof found.oc.ResponseBodyError && e.error === 'invalid_grant'
      if (!rejected) throw tokenError(found.oc, e)
      if (auth.kind === 'bearerToken') throw new RefreshTokenRejectedError({ error: e.error, detail: e.error_description ?? '', cause: e })
      // The credential flows sign in again.
      tokens = tokens === undefined ? undefined : { ...tokens, refreshToken: undefined }
      return grant(found)
    }
  }

  const schedule = (t: Tokens): void => {
    if (timer !== undefined) clearTimeout(timer)
    if (closed) return
    timer = setTimeout(() => {
      timer = undefined
      // A failure here is the next call's: it asks again (or gets the final error).
      renew().catch(() => undefined)
    }, Math.max(0, renewAt(t) - now()))
    timer.unref()
  }

  const renew = (): Promise<Tokens> => {
    if (final !== undefined) return Promise.reject(final)
    renewing ??= acquire().then(
      (next) => {
        renewing = undefined
        tokens = next
        schedule(next)
        return next
      },
      (e: unknown) => {
        renewing = undefined
        if (isWeaviateError(e) && e._tag === 'RefreshTokenRejectedError') final = e
        throw e
      },
    )
    return renewing
  }

  return {
    authorization: () => {
      if (final !== undefined) return Promise.reject(final)
      const t = tokens
      if (t !== undefined) {
        const at = now()
        // A bearer token without a refresh token is used as it is; the server judges it.
        if (at < usableUntil(t) || (auth.kind === 'bearerToken' && t.refreshToken === undefined)) {
          if (at >= renewAt(t) && timer === undefined && (t.refreshToken !== undefined || auth.kind !== 'bearerToken')) renew().catch(() => undefined)
          return header(t)
        }
      }
      return renew().then(header)
    },
    forStream: () => {
      if (final !== undefined) return Promise.reject(final)
      const t = tokens
      const at = now()
      if (t !== undefined) {
        // A bearer token without a refresh token is never renewed: used as it is, for as long as the server takes it.
        if (auth.kind === 'bearerToken' && t.refreshToken === undefined) return { authorization: header(t), renewInMs: undefined }
        if (at < renewAt(t)) return { authorization: header(t), renewInMs: renewAt(t) - at }
      }
      // Past its half-life the token is being renewed (or is about to be): the stream waits for the next.
      return renew().then((next) => ({ authorization: header(next), renewInMs: Math.max(0, renewAt(next) - now()) }))
    },
    close: () => {
      closed = true
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
    },
  }
}
