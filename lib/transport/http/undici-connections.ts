/**
 * The Node implementation of the client's connections (`exchange.ts`): undici's pools
 * (`pools.ts`), one exchange a `DispatchHandler` on the pool of its origin (`transport.ts`). The
 * pools are shared with the gRPC-Web carrier (`lib/transport/grpc-web/undici-exchange.ts`).
 *
 * @packageDocumentation
 */
import type { Connections } from './exchange'
import { BearerSource, HttpOptions, ResolvedOptions, resolveOptions } from './options'
import { HttpEffect, HttpInternals, createHttp } from './pipeline'
import { Pools, createPools } from './pools'
import { transport } from './transport'

/**
 * Connections over undici, with the pools they send on.
 */
export interface UndiciConnections extends Connections {
  readonly pools: Pools
}

/**
 * The connections of a client with these settings: pools made on first use, one per origin, or
 * the injected `dispatcher`.
 */
export const undiciConnections = (settings: Pick<ResolvedOptions, 'connections' | 'dispatcher' | 'tls' | 'proxy'>): UndiciConnections => {
  const pools = createPools(settings)
  return {
    transport: (target) => transport({ ...target, dispatcher: pools.for(target.origin) }),
    via: (origin) => pools.via(origin),
    get closed() {
      return pools.closed
    },
    close: () => pools.close(),
    pools,
  }
}

/**
 * The HttpEffect over undici for these options, and its pools: what Node's `connect` makes.
 */
export const createUndiciHttp = (
  options: HttpOptions & { readonly bearer?: BearerSource | undefined },
  internals: HttpInternals = {},
): HttpEffect & { readonly pools: Pools } => {
  const connections = undiciConnections(resolveOptions(options))
  return { ...createHttp(options, connections, internals), pools: connections.pools }
}
