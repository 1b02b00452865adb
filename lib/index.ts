/**
 * weaviate-rx: Weaviate's object, reference, batch and schema API where every operation is a cold
 * RxJS Observable of fp-ts `Either` values. This entry holds the client, its argument and result
 * types, the error union (narrow it on `_tag`; `isWeaviateError` for an unknown value) and the
 * Either kit; two subpath entries hold the toolkits:
 * `weaviate-rx/paging` (cursor paging, pacing, async iteration, UUID partitions) and
 * `weaviate-rx/embedded` (a real Weaviate on 127.0.0.1 for tests and development).
 *
 * @packageDocumentation
 */
export { connect } from './client'
export type { Client, ConnectOptions } from './client'
export type { BaseConnectOptions } from './build-client'
export type { TlsOptions } from './transport/tls'
export type { KeepaliveOptions } from './transport/grpc/keepalive'
export type { ProxyOption, ProxyOptions } from './transport/proxy'
export * from './public-api'
