/**
 * The first Weaviate version with each security-relevant setting the embedded server uses, read
 * from the server's source (usecases/config/environment.go of each tag):
 * - `AUTHENTICATION_APIKEY_ENABLED`: v1.18.0 (environment.go:89); v1.17.6 has none.
 * - gRPC (`GRPC_PORT`): v1.19.0 (environment.go:252).
 * - `CLUSTER_BASIC_AUTH_USERNAME` / `_PASSWORD`: v1.21.2 (environment.go:487-488).
 * - `GO_PROFILING_DISABLE`: v1.26.0 (environment.go:179); before it every server binds Go's
 *   profiler on `:6060` unconditionally (configure_api.go `http.ListenAndServe(":6060", nil)`).
 * - `CLUSTER_BIND_ADDR` (gossip on 127.0.0.1): v1.31.19 (environment.go:1373).
 *
 * @packageDocumentation
 */
import { compareVersions, parseVersion } from '../../server/version'

/**
 * The settings above, each with the first version that reads it.
 */
export const SECURITY_FEATURES = {
  apiKeys: '1.18.0',
  grpc: '1.19.0',
  clusterBasicAuth: '1.21.2',
  profilingSwitch: '1.26.0',
  gossipBindAddress: '1.31.19',
} as const

/**
 * One of {@link SECURITY_FEATURES}.
 */
export type SecurityFeature = keyof typeof SECURITY_FEATURES

/**
 * True when Weaviate `version` has `feature`; an unparsable version counts as the newest.
 */
export const hasFeature = (version: string, feature: SecurityFeature): boolean => {
  const v = parseVersion(version)
  const since = parseVersion(SECURITY_FEATURES[feature])
  return v === undefined || since === undefined || compareVersions(v, since) >= 0
}
