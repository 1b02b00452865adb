/**
 * `cluster.waitForVectorIndexing`: `GET /v1/nodes[/<Class>]?output=verbose` read until every
 * shard's vector queue is empty, or a deadline.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { defer, map } from 'rxjs'
import { NodesStatusCodec } from '../codecs/cluster'
import { decode } from '../codecs/decode'
import { OperationContext } from '../context/context'
import { TimeoutError, WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { pollUntilDone } from '../core/poll'
import { nodesPath } from '../server/routes'
import { CheckedWaitForIndexing, ShardIndexingState, VectorIndexingState, checkWaitForIndexing } from './args'
import { whenSupported } from './request'

/** The status of a shard whose vector index is still taking in its queue. */
const INDEXING = 'INDEXING'

/** Every shard of a verbose node status, with its queue; a shard with no queue reported has none. */
const toState = (nodes: typeof NodesStatusCodec._A['nodes']): VectorIndexingState => {
  const shards: ShardIndexingState[] = nodes.flatMap((n) =>
    (n.shards ?? []).map((s) => ({
      node: n.name,
      className: s.class ?? '',
      shard: s.name ?? '',
      vectorQueueLength: s.vectorQueueLength ?? 0,
      vectorIndexingStatus: s.vectorIndexingStatus ?? '',
    })),
  )
  const queued = shards.reduce((sum, s) => sum + s.vectorQueueLength, 0)
  return { shards, queued, done: queued === 0 && shards.every((s) => s.vectorIndexingStatus !== INDEXING) }
}

/** A state with the URL that answered it (for the deadline's error). */
interface Read {
  readonly url: string
  readonly state: VectorIndexingState
}

const sameQueues = (a: Read, b: Read): boolean =>
  a.state.done === b.state.done &&
  a.state.shards.length === b.state.shards.length &&
  a.state.shards.every((s, i) => s.vectorQueueLength === b.state.shards[i]?.vectorQueueLength && s.vectorIndexingStatus === b.state.shards[i]?.vectorIndexingStatus)

/**
 * The vector indexing of a class's shards (or every class's), read every `pollIntervalMs` until
 * every queue is empty and no shard is `INDEXING`; each read that differs from the one before is
 * emitted, the last one `done`. Past `timeoutMs` the stream ends with a `TimeoutError` (phase
 * `'total'`).
 */
export const waitForVectorIndexing =
  (ctx: OperationContext) =>
  (args?: unknown): ObservableEither<WeaviateError, VectorIndexingState> =>
    operation(
      () => checkWaitForIndexing(args),
      (input: CheckedWaitForIndexing) =>
        defer(() => {
          let lastUrl = `/v1${nodesPath(input.className)}`
          const read = (): ObservableEither<WeaviateError, Read> =>
            whenSupported(ctx, input.features, input.call, { method: 'GET', path: nodesPath(input.className), query: [['output', 'verbose']], expect: [200] }, (res) => {
              lastUrl = res.url
              return E.map((r: typeof NodesStatusCodec._A): Read => ({ url: res.url, state: toState(r.nodes) }))(decode(NodesStatusCodec, res.body, res))
            })
          return pollUntilDone<WeaviateError, Read>({
            first: read(),
            read,
            done: (r) => r.state.done,
            same: sameQueues,
            intervalMs: input.pollIntervalMs,
            deadline: { ms: input.timeoutMs, error: () => new TimeoutError({ method: 'GET', url: lastUrl, phase: 'total', timeoutMs: input.timeoutMs }) },
          }).pipe(map(E.map((r: Read) => r.state)))
        }),
    )
