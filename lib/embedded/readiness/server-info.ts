/**
 * What a started server says about itself: its version (`GET /v1/meta`) and the nodes it sees
 * (`GET /v1/nodes`). The server's API key, if it has one, is sent: both endpoints need it whenever
 * anonymous access is off.
 *
 * @packageDocumentation
 */
import { probe, probeAgent, type ProbeTls } from './probe'

/**
 * One entry of `GET /v1/nodes` (the fields this module reads).
 */
export interface NodeStatus {
  readonly name: string
  /** `HEALTHY`, `UNHEALTHY`, `UNAVAILABLE` or `TIMEOUT`. */
  readonly status: string
}

const authHeaders = (apiKey: string | undefined): Record<string, string> =>
  apiKey === undefined ? {} : { authorization: `Bearer ${apiKey}` }

const getJson = async (url: string, apiKey: string | undefined, tls: ProbeTls | undefined): Promise<unknown> => {
  const agent = probeAgent(tls)
  try {
    const r = await probe(agent, url, authHeaders(apiKey))
    return r.ok && r.status === 200 ? r.body : undefined
  } finally {
    await agent.close()
  }
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null

/**
 * `version` from `GET <url>/v1/meta`, or undefined when it cannot be read (e.g. OIDC-only auth).
 */
export const readServerVersion = async (
  url: string,
  apiKey: string | undefined,
  tls?: ProbeTls,
): Promise<string | undefined> => {
  const body = await getJson(`${url}/v1/meta`, apiKey, tls)
  const version = isObject(body) && 'version' in body ? body.version : undefined
  return typeof version === 'string' ? version : undefined
}

/**
 * The nodes `GET <url>/v1/nodes` lists, or undefined when the call fails.
 */
export const readNodeStatuses = async (
  url: string,
  apiKey: string | undefined,
  tls?: ProbeTls,
): Promise<NodeStatus[] | undefined> => {
  const body = await getJson(`${url}/v1/nodes`, apiKey, tls)
  const nodes = isObject(body) && 'nodes' in body ? body.nodes : undefined
  if (!Array.isArray(nodes)) return undefined
  return nodes.flatMap((node: unknown) =>
    isObject(node) && 'name' in node && typeof node.name === 'string'
      ? [{ name: node.name, status: 'status' in node && typeof node.status === 'string' ? node.status : 'UNKNOWN' }]
      : [],
  )
}
