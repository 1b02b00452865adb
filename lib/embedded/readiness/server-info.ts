/**
 * What a started server says about itself: its version (`GET /v1/meta`) and the nodes it sees
 * (`GET /v1/nodes`). When the caller's environment turns on API-key authentication the first
 * allowed key is sent, because both endpoints need auth whenever anonymous access is off.
 *
 * @packageDocumentation
 */
import { Agent } from 'undici'
import { probe } from './probe'

/**
 * One entry of `GET /v1/nodes` (the fields this module reads).
 *
 * @example
 * ```ts
 * const healthy = (s: NodeStatus) => s.status === 'HEALTHY'
 * ```
 */
export interface NodeStatus {
  readonly name: string
  /** `HEALTHY`, `UNHEALTHY`, `UNAVAILABLE` or `TIMEOUT`. */
  readonly status: string
}

/**
 * The `Authorization` header for a server started with `env`, if it needs one.
 *
 * @example
 * ```ts
 * authHeaders({ AUTHENTICATION_APIKEY_ENABLED: 'true', AUTHENTICATION_APIKEY_ALLOWED_KEYS: 'k1,k2' })
 * // { authorization: 'Bearer k1' }
 * ```
 */
export const authHeaders = (env: Readonly<Record<string, string>> | undefined): Record<string, string> => {
  if (env?.['AUTHENTICATION_APIKEY_ENABLED']?.toLowerCase() !== 'true') return {}
  const key = env['AUTHENTICATION_APIKEY_ALLOWED_KEYS']?.split(',')[0]
  return key === undefined || key === '' ? {} : { authorization: `Bearer ${key}` }
}

const getJson = async (url: string, env: Readonly<Record<string, string>> | undefined): Promise<unknown> => {
  const agent = new Agent()
  try {
    const r = await probe(agent, url, authHeaders(env))
    return r.ok && r.status === 200 ? r.body : undefined
  } finally {
    await agent.close()
  }
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null

/**
 * `version` from `GET <url>/v1/meta`, or undefined when it cannot be read (e.g. OIDC-only auth).
 *
 * @example
 * ```ts
 * await readServerVersion('http://127.0.0.1:8080', undefined) // '1.39.0'
 * ```
 */
export const readServerVersion = async (
  url: string,
  env: Readonly<Record<string, string>> | undefined,
): Promise<string | undefined> => {
  const body = await getJson(`${url}/v1/meta`, env)
  const version = isObject(body) && 'version' in body ? body.version : undefined
  return typeof version === 'string' ? version : undefined
}

/**
 * The nodes `GET <url>/v1/nodes` lists, or undefined when the call fails.
 *
 * @example
 * ```ts
 * await readNodeStatuses('http://127.0.0.1:8080', undefined) // [{ name: 'weaviate-a', status: 'HEALTHY' }, ...]
 * ```
 */
export const readNodeStatuses = async (
  url: string,
  env: Readonly<Record<string, string>> | undefined,
): Promise<NodeStatus[] | undefined> => {
  const body = await getJson(`${url}/v1/nodes`, env)
  const nodes = isObject(body) && 'nodes' in body ? body.nodes : undefined
  if (!Array.isArray(nodes)) return undefined
  return nodes.flatMap((node: unknown) =>
    isObject(node) && 'name' in node && typeof node.name === 'string'
      ? [{ name: node.name, status: 'status' in node && typeof node.status === 'string' ? node.status : 'UNKNOWN' }]
      : [],
  )
}
