/**
 * startEmbedded's `rbac` option as server settings (`planAuth`), per version: the generated key is
 * the root user's, RBAC and database users are switched on with the setting names each version
 * reads (usecases/config/environment.go at v1.28.0, v1.28.3, v1.28.5, v1.30.0), and the option
 * refuses what contradicts it. The server started with it is spec/access.spec.ts's `RBAC` server.
 */
import { planAuth } from '../../lib/embedded/auth/server-auth'

const plan = (version: string, rbac: boolean | { rootUser?: string }, extraEnv?: Record<string, string>, mode: 'apiKey' | 'none' = 'apiKey') =>
  planAuth({ mode, version, extraEnv, rbac })

describe("startEmbedded's rbac option", () => {
  it('on 1.39.0 makes the generated key the root user and turns on RBAC and database users, without the admin list', () => {
    const auth = plan('1.39.0', true)
    expect(auth.scheme).toBe('generatedKey')
    expect(auth.env).toMatchObject({
      AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED: 'false',
      AUTHENTICATION_APIKEY_ENABLED: 'true',
      AUTHENTICATION_APIKEY_ALLOWED_KEYS: auth.apiKey,
      AUTHENTICATION_APIKEY_USERS: 'embedded-admin',
      AUTHORIZATION_RBAC_ENABLED: 'true',
      AUTHORIZATION_RBAC_ROOT_USERS: 'embedded-admin',
      AUTHENTICATION_DB_USERS_ENABLED: 'true',
    })
    expect(Object.keys(auth.env).filter((k) => k.startsWith('AUTHORIZATION_ADMIN'))).toEqual([])
  })

  it('names the root user as asked', () => {
    expect(plan('1.39.0', { rootUser: 'admin' }).env).toMatchObject({ AUTHENTICATION_APIKEY_USERS: 'admin', AUTHORIZATION_RBAC_ROOT_USERS: 'admin' })
  })

  it.each([
    ['1.28.0', { AUTHORIZATION_ENABLE_RBAC: 'true', AUTHORIZATION_ADMIN_USERS: 'embedded-admin' }],
    ['1.28.3', { AUTHORIZATION_RBAC_ENABLED: 'true', AUTHORIZATION_ADMIN_USERS: 'embedded-admin' }],
    ['1.28.5', { AUTHORIZATION_RBAC_ENABLED: 'true', AUTHORIZATION_RBAC_ROOT_USERS: 'embedded-admin' }],
    ['1.29.9', { AUTHORIZATION_RBAC_ENABLED: 'true', AUTHORIZATION_RBAC_ROOT_USERS: 'embedded-admin' }],
  ])('on %s uses the setting names that version reads, and no database users before 1.30', (version, names) => {
    const env = plan(version, true).env
    expect(env).toMatchObject(names)
    expect(env['AUTHENTICATION_DB_USERS_ENABLED']).toBeUndefined()
  })

  it.each<[string, () => unknown]>([
    ["auth: 'none'", () => plan('1.39.0', true, undefined, 'none')],
    ['AUTHENTICATION_* in env', () => plan('1.39.0', true, { AUTHENTICATION_APIKEY_ENABLED: 'true' })],
    ['AUTHORIZATION_* in env', () => plan('1.39.0', true, { AUTHORIZATION_ADMINLIST_ENABLED: 'true' })],
    ['a server before 1.28.0', () => plan('1.27.9', true)],
    ['a root user with a comma', () => plan('1.39.0', { rootUser: 'a,b' })],
    ['an empty root user', () => plan('1.39.0', { rootUser: '' })],
  ])('refuses %s as InvalidOptions', (_, make) => {
    let thrown: unknown
    try {
      make()
    } catch (e) {
      thrown = e
    }
    expect(thrown).toMatchObject({ _tag: 'EmbeddedError', reason: 'InvalidOptions' })
  })

  it('rbac: false is the plain generated key', () => {
    expect(plan('1.39.0', false).env['AUTHORIZATION_RBAC_ENABLED']).toBeUndefined()
  })
})
