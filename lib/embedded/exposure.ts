/**
 * What an embedded server leaves reachable from other machines without credentials, by version
 * (docs/embedded.md, "What listens where"). Weaviate binds some listeners on every interface with no setting
 * to change that: gRPC (`net.Listen("tcp", ":<port>")`, adapters/handlers/grpc/server.go), the
 * cluster data API (`":<port>"`, adapters/handlers/rest/clusterapi/serve.go), gossip before
 * `CLUSTER_BIND_ADDR`, and Go's profiler on `:6060` before `GO_PROFILING_DISABLE`. Each is listed
 * here unless a credential the embedded server sets closes it.
 *
 * @packageDocumentation
 */
import type { ServerPorts } from './process/ports'
import type { ServerAuth } from './auth/server-auth'
import { hasFeature } from './auth/server-features'

/** The Go profiler port old servers bind on every interface. */
export const PROFILING_PORT = 6060

/**
 * The listeners of a server's nodes that anyone on the network can use without credentials.
 */
export const openToNetwork = (version: string, nodes: readonly ServerPorts[], auth: ServerAuth): string[] => {
  const ports = (pick: (p: ServerPorts) => number): string => nodes.map(pick).join(', ')
  const keyed = auth.scheme !== 'anonymous'
  const open: string[] = []
  if (hasFeature(version, 'grpc') && !keyed) open.push(`gRPC ${ports((p) => p.grpc)} (every interface, anonymous access: reads and writes all data)`)
  if (!hasFeature(version, 'clusterBasicAuth')) {
    open.push(`cluster data API ${ports((p) => p.data)} (every interface, no authentication in this version: reads and writes all data)`)
  }
  if (!hasFeature(version, 'gossipBindAddress')) open.push(`gossip ${ports((p) => p.gossip)} TCP+UDP (every interface, memberlist without authentication)`)
  if (!hasFeature(version, 'profilingSwitch')) open.push(`Go profiler ${PROFILING_PORT} (every interface, no authentication; the first such server on the machine holds it)`)
  return open
}

/**
 * The one warning for a server that leaves listeners open, or undefined when it leaves none.
 */
export const exposureWarning = (version: string, nodes: readonly ServerPorts[], auth: ServerAuth): string | undefined => {
  const open = openToNetwork(version, nodes, auth)
  if (open.length === 0) return undefined
  const cause = hasFeature(version, 'apiKeys') && auth.scheme === 'anonymous' ? "auth: 'none'" : 'no setting of this version closes them'
  const rest = auth.scheme === 'anonymous' ? ' REST stays on 127.0.0.1 but takes anonymous requests from every local user.' : ''
  return (
    `warning: Weaviate ${version} is reachable from other machines without credentials (${cause}): ${open.join('; ')}.${rest} ` +
    'Run it only on a trusted network (docs/embedded.md, "What listens where").'
  )
}
