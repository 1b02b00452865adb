/**
 * The consistency level as gRPC carries it: the one map from the client's `ConsistencyLevel` to
 * the wire enum, for searches, stream pages and batch writes alike.
 *
 * @packageDocumentation
 */
import type { ConsistencyLevel } from '../input/check'
import { ConsistencyLevel as WireConsistency } from '../proto/static/requests/weaviate/v1/common'

/** `ConsistencyLevel` -> gRPC's `weaviate.v1.ConsistencyLevel`. */
export const WIRE_CONSISTENCY: Readonly<Record<ConsistencyLevel, WireConsistency>> = {
  ONE: WireConsistency.ONE,
  QUORUM: WireConsistency.QUORUM,
  ALL: WireConsistency.ALL,
}
