/**
 * What a `BatchStream` run sends and how much it lets wait: the request messages, encoded
 * (`Start`, `Data` cut by size and class from the objects' encoded bytes, `Stop`) and the window policy ({@link STREAM_WINDOW_OBJECTS},
 * {@link streamRequestsInFlight}). The session that sends them is `batch-stream.ts`.
 *
 * @packageDocumentation
 */
import type { ConsistencyLevel } from '../../input/check'
import type { BatchStreamRequest } from '../../proto/static/requests/weaviate/v1/batch_stream'
import type { Prepared } from '../sink'
import type { GrpcObjectPayload } from './batch-object'
import { WIRE_CONSISTENCY } from '../../codecs/consistency'
import { dataMessageBytes, streamRequestBytes } from './encoded-messages'

/**
 * The fewest objects a stream run whose call gives no `concurrency` lets wait for their results
 * (0: `batchSize` x the default concurrency): two messages of the largest batch size 1.39.0 asks
 * for (`Backoff`: 100 to 1000, from 200; adapters/handlers/grpc/v1/batch/queues.go), as a client
 * that keeps two such messages ahead of the server's results
 * (docs/decisions/0008-batch-stream-by-default.md).
 */
export const STREAM_WINDOW_OBJECTS = 2_000

/**
 * The requests a stream run keeps in flight: the `concurrency` the call gives (one request at a
 * time keeps writes in source order), else the default, or more when that many requests of
 * `batchSize` hold fewer than {@link STREAM_WINDOW_OBJECTS} objects.
 */
export const streamRequestsInFlight = (batchSize: number, concurrency: number, given: boolean): number =>
  given ? concurrency : Math.max(concurrency, Math.ceil(STREAM_WINDOW_OBJECTS / batchSize))

const message = (value: NonNullable<BatchStreamRequest['message']>): Uint8Array => streamRequestBytes({ message: value })

/** The first message of a stream: the run's consistency level, if it has one. */
export const startMessage = (level: ConsistencyLevel | undefined): Uint8Array =>
  message({ $case: 'start', value: level === undefined ? {} : { consistencyLevel: WIRE_CONSISTENCY[level] } })

/** One `Data` message: the encoded objects of `values`. */
export const dataMessage = (values: ReadonlyArray<Uint8Array>): Uint8Array => dataMessageBytes(values)

/** The client's last message on a stream before it half-closes it (the same bytes every time). */
const STOP = message({ $case: 'stop', value: {} })
export const stopMessage = (): Uint8Array => STOP

/**
 * The `Data` messages that carry the items of `objects` (each object's encoded bytes): at most
 * `size` objects each, and objects of one class each. 1.39.0 gives no result to an object whose
 * class autoschema has yet to create when the object shares a message with objects of another
 * class (with three new classes mixed, a third of the objects got no result and waited for the
 * attempt timeout); alone with its class it gets one.
 */
export const dataMessages = (objects: ReadonlyArray<{ readonly item: Prepared<GrpcObjectPayload> }>, size: number): Uint8Array[][] => {
  const messages: Uint8Array[][] = []
  let values: Uint8Array[] = []
  let className: string | undefined
  for (const { item } of objects) {
    const { payload } = item
    if (values.length === size || (values.length > 0 && payload.className !== className)) {
      messages.push(values)
      values = []
    }
    className = payload.className
    values.push(payload.encoded)
  }
  if (values.length > 0) messages.push(values)
  return messages
}
