/**
 * How each kind of contender sends the bench server's API key (server-env.ts), the way a user
 * of that tool sends it: ours through `connect()`'s `apiKey`, plain REST loops (undici, fetch)
 * and plain grpc-js loops as an `authorization: Bearer <key>` header / metadata entry (what the
 * library sends on both transports, lib/transport/http/options.ts and lib/transport/grpc/metadata.ts),
 * weaviate-ts-client 2.x through its own `apiKey: new ApiKey(key)`. Without a key nothing is sent.
 */
import { Metadata } from '@grpc/grpc-js'
import weaviate, { ApiKey } from 'weaviate-ts-client'
import type { BenchServer } from './server-env'

/** `{ authorization: 'Bearer <key>' }`, or no header without a key: spread into a request's headers. */
export const authHeaders = (server: BenchServer): Record<string, string> =>
  server.apiKey === undefined ? {} : { authorization: `Bearer ${server.apiKey}` }

/** A call's metadata with `authorization: Bearer <key>` (empty without a key): a new one per call, as `new Metadata()` was. */
export const authMetadata = (server: BenchServer): Metadata => {
  const metadata = new Metadata()
  if (server.apiKey !== undefined) metadata.set('authorization', `Bearer ${server.apiKey}`)
  return metadata
}

/** weaviate-ts-client 2.x's client. */
export type PeerClient = ReturnType<typeof weaviate.client>

/** A weaviate-ts-client 2.x client of the server's REST address, with the key as its `apiKey`. */
export const peerClient = (server: BenchServer): PeerClient =>
  weaviate.client({ scheme: 'http', host: new URL(server.url).host, ...(server.apiKey === undefined ? {} : { apiKey: new ApiKey(server.apiKey) }) })
