// A real OpenID provider (`oidc-provider` 9) for spec/slow/oidc.spec.ts, run as a child process:
// oidc-provider is ESM-only and jest's CommonJS sandbox (ts-jest) cannot load it in the spec's own
// process, so the spec starts this file with `node` and reads the issuer from its first line of
// stdout (`{"issuer":"http://127.0.0.1:<port>"}`); then one line per access token issued
// (`{"issued":"<client id>"}`).
//
// Environment: OIDC_TTL_S (access token lifetime in seconds), OIDC_USER / OIDC_PASSWORD (the one
// account of the password grant). Two clients: `weaviate` (confidential, client credentials, the
// client id Weaviate checks) and `weaviate-public` (public: the resource-owner password grant and
// refresh tokens). Every access token is a JWT for the resource `urn:weaviate` with audience
// `weaviate`, so Weaviate's client-id check (the `aud` claim) passes for both clients. The password
// grant, which OAuth 2.1 and oidc-provider 9 dropped, is registered here as a custom grant.
import { generateKeyPairSync } from 'node:crypto'
import { createServer } from 'node:http'
import Provider, { errors } from 'oidc-provider'

const TTL = Number(process.env.OIDC_TTL_S ?? '3')
const USER = process.env.OIDC_USER ?? 'ada'
const PASSWORD = process.env.OIDC_PASSWORD ?? 'lovelace'
const RESOURCE = 'urn:weaviate'
const SCOPE = 'weaviate'

const resourceServer = () => ({ scope: SCOPE, audience: 'weaviate', accessTokenTTL: TTL, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } })

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'spec', alg: 'RS256', use: 'sig' }

const server = createServer()
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
const address = server.address()
if (address === null || typeof address === 'string') throw new Error('no port')
const issuer = `http://127.0.0.1:${address.port}`

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: 'weaviate',
      client_secret: 'weaviate-secret',
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
      token_endpoint_auth_method: 'client_secret_post',
    },
    {
      client_id: 'weaviate-public',
      grant_types: ['password', 'refresh_token'],
      response_types: [],
      redirect_uris: [],
      token_endpoint_auth_method: 'none',
    },
  ],
  jwks: { keys: [jwk] },
  findAccount: (_ctx, sub) => (sub === USER ? { accountId: sub, claims: () => ({ sub }) } : undefined),
  features: {
    devInteractions: { enabled: false },
    clientCredentials: { enabled: true },
    revocation: { enabled: true },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => RESOURCE,
      useGrantedResource: () => true,
      getResourceServerInfo: (_ctx, resource) => {
        if (resource !== RESOURCE) throw new errors.InvalidTarget()
        return resourceServer()
      },
    },
  },
  scopes: ['openid', 'offline_access', SCOPE],
  ttl: { AccessToken: TTL, ClientCredentials: TTL, RefreshToken: 3600, Grant: 3600 },
})

// The resource-owner password grant: one account, a JWT access token and a refresh token that the
// provider's own refresh_token grant accepts (same grant, resource and account).
provider.registerGrantType(
  'password',
  async (ctx) => {
    const { username, password } = ctx.oidc.params
    if (username !== USER || password !== PASSWORD) throw new errors.InvalidGrant('wrong username or password')
    const { client } = ctx.oidc
    const grant = new provider.Grant({ accountId: USER, clientId: client.clientId })
    grant.addOIDCScope('offline_access')
    grant.addResourceScope(RESOURCE, SCOPE)
    const grantId = await grant.save()
    const at = new provider.AccessToken({ accountId: USER, client, grantId, gty: 'password', scope: SCOPE })
    at.resourceServer = new provider.ResourceServer(RESOURCE, resourceServer())
    const accessToken = await at.save()
    const rt = new provider.RefreshToken({ accountId: USER, client, grantId, gty: 'password', resource: RESOURCE, scope: `offline_access ${SCOPE}`, rotations: 0 })
    const refreshToken = await rt.save()
    ctx.body = { access_token: accessToken, token_type: 'Bearer', expires_in: at.expiration, refresh_token: refreshToken, scope: SCOPE }
  },
  ['username', 'password', 'scope'],
)

// One stdout line per token endpoint grant that succeeded, so the spec can count refreshes (JWT
// access tokens are never stored, so the `.saved` events do not fire for them).
provider.on('grant.success', (ctx) => process.stdout.write(`${JSON.stringify({ issued: ctx.oidc.client?.clientId })}\n`))

server.on('request', provider.callback())
process.stdout.write(`${JSON.stringify({ issuer })}\n`)
process.on('SIGTERM', () => process.exit(0))
