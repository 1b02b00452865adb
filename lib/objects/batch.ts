/**
 * `objects.batch`: a sink that writes objects over gRPC where the client's transport choice says
 * so (`lib/context/transport-choice.ts`; `BatchStream` or `BatchObjects`, `lib/batch/grpc/batch-method.ts`), else
 * `POST /v1/batch/objects`, at the
 * server's pace, with one result per object, the same on both transports.
 *
 * Every object gets its UUID before it is sent (its own, the `uuidOf` option's, or a random v4),
 * and the endpoint upserts by UUID, so a request that failed in transit is sent again safely: the
 * requests are idempotent and the pipeline retries them (connection errors, timeouts,
 * 429/502/503/504). After the retries, every object that was not written is one `Left`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { Observable, finalize, map, mergeMap, of } from 'rxjs'
import { v4 as uuidv4, v5 as uuidv5 } from 'uuid'
import { BATCH_OPTION_KEYS, BatchOptions, ResolvedBatchOptions, resolveBatchOptions } from '../batch/options'
import { Serialised, runBatch, runSizer } from '../batch/run-batch'
import { Prepared } from '../batch/sink'
import { BatchSource, isBatchSource } from '../batch/source'
import { BATCH_OBJECT_KEYS, BatchObject, WellFormedObject, uuidFor, wellFormedObjects } from '../batch/well-formed-object'

export type { BatchObject } from '../batch/well-formed-object'
import { OperationContext } from '../context/context'
import { operation } from '../core/operation'
import { ArgumentError, ArgumentValueError, BatchObjectError, UnsupportedVersionError, WeaviateError } from '../core/errors'
import { GrpcObjectPayload, prepareGrpcObject } from '../batch/grpc/batch-object'
import { BatchGrpcMethod, batchGrpcMethod, versionDecides, writeMethod } from '../batch/grpc/batch-method'
import { sendBatchObjects } from '../batch/grpc/batch-send'
import { batchStreamSender } from '../batch/grpc/batch-stream'
import { streamRequestsInFlight } from '../batch/grpc/batch-stream-framing'
import { withBatchObjectsFallback } from '../batch/grpc/batch-stream-fallback'
import { TransportMode, transportMode } from '../input/transport-mode'
import { argsObject, argumentKeys, knownKeys, name, optional, typeError } from '../input/check'
import { checkInput } from '../core/operation'
import { className } from '../input/names'
import { uuid as checkUuid } from '../input/uuid'
import { isFiniteArray, namedVectors, vector } from '../input/vectors'
import { ObservableEither } from '../core/observable-either'
import { ServerVersion, requireFeature } from '../server/version'
import { ifVectorsWritable } from '../input/vector-writes'

/**
 * Options of `objects.batch`.
 *
 * @example
 * ```ts
 * const NAMESPACE = 'a3c0e1f4-8c4d-4b8e-9f1e-2b7d5c6a9e10' // any fixed UUID of your own
 * client.objects.batch(objects, { uuidOf: (object) => uuidFromKey(NAMESPACE, String(object.dataObject['sku'])) })
 * ```
 */
export interface ObjectBatchOptions extends BatchOptions {
  /**
   * The UUID of an object that does not carry one, e.g. {@link uuidFromKey} of a natural key, so a
   * re-run of the same import overwrites instead of duplicating. Default: a random v4.
   */
  readonly uuidOf?: (object: BatchObject, index: number) => string
  /** This call's transport, over the client's `transport` (see `ConnectOptions.transport`). */
  readonly transport?: TransportMode
  /**
   * Over gRPC, the method that writes: `BatchObjects` (`'unary'`) or server-side batching
   * (`'stream'`, `BatchStream`, servers from 1.36.0). Default `'auto'`: see {@link BatchGrpcMethod}.
   */
  readonly grpcMethod?: BatchGrpcMethod
  /**
   * A rate limit: at most this many objects are sent over any minute, spread evenly (a request
   * about every second, the batch size lowered to a second's worth of objects where it is larger),
   * on every transport. For a vectorizer's or a server's quota; an item retry is not counted again.
   * A positive finite number. Default: no limit.
   */
  readonly objectsPerMinute?: number
}

/**
 * A written object: its position in the source and its UUID.
 *
 * @example
 * ```ts
 * const written: BatchWritten = { index: 0, uuid: '36ddd591-2dee-4e7e-a3cc-eb86d30a4303' }
 * ```
 */
export interface BatchWritten {
  readonly index: number
  readonly uuid: string
}

/**
 * A deterministic UUID (v5) of a key within a namespace UUID: the same key always gives the same
 * UUID, which makes an import re-runnable.
 *
 * @example
 * ```ts
 * const NAMESPACE = '6ba7b811-9dad-11d1-80b4-00c04fd430c8'
 * uuidFromKey(NAMESPACE, 'sku-123') === uuidFromKey(NAMESPACE, 'sku-123') // true
 * ```
 */
export const uuidFromKey = (namespace: string, key: string): string => uuidv5(key, checkUuid('namespace', namespace))

const OBJECT_BATCH_KEYS = argumentKeys<ObjectBatchOptions>('objects.batch', {
  ...BATCH_OPTION_KEYS,
  uuidOf: true,
  transport: true,
  grpcMethod: true,
  objectsPerMinute: true,
})

interface Payload extends Serialised {
  readonly uuid: string
  readonly className: string
}

/**
 * Checks one object and serialises it as the endpoint takes it: the reference path, which names
 * the offending argument in its error. {@link preparedFast} takes every well-formed object first.
 */
const preparedChecked = (
  uuidOf: ObjectBatchOptions['uuidOf'],
  version: ServerVersion | undefined,
  item: unknown,
  index: number,
): E.Either<ArgumentError | UnsupportedVersionError, Prepared<Payload>> => {
  const checked = checkInput(() => {
    const at = `objects[${index}]`
    const a = argsObject(at, item)
    knownKeys(BATCH_OBJECT_KEYS, a, at)
    const data = a['dataObject']
    if (typeof data !== 'object' || data === null || Array.isArray(data)) typeError(`${at}.dataObject`, 'object', data)
    const klass = className(`${at}.className`, a['className'])
    const given = optional(checkUuid, `${at}.uuid`, a['uuid'])
    const id = given ?? (uuidOf === undefined ? uuidv4() : checkUuid(`${at} uuidOf`, uuidOf(item as BatchObject, index)))
    const vec = optional(vector, `${at}.vector`, a['vector'])
    const vecs = optional(namedVectors, `${at}.vectors`, a['vectors'])
    const tenant = optional(name, `${at}.tenant`, a['tenant'])
    const json = JSON.stringify({
      class: klass,
      id,
      properties: data,
      ...(vec === undefined ? {} : { vector: vec }),
      ...(vecs === undefined ? {} : { vectors: vecs }),
      ...(tenant === undefined ? {} : { tenant }),
    })
    return { prepared: { index, payload: { uuid: id, className: klass, json }, bytes: json.length }, vectors: vecs }
  })
  return ifVectorsWritable(version, checked)
}

const isFiniteVector = (u: unknown): u is readonly number[] => Array.isArray(u) && isFiniteArray(u)

/**
 * The hot path of an import: a well-formed object (`wellFormedObjects`) serialised without
 * intermediate objects (the same JSON as {@link preparedChecked}: `class`, `id`, `properties`,
 * then `vector` and `tenant` when given). `undefined` for anything unusual: {@link preparedChecked}
 * then decides, with the same outcome as before. `uuidOf` is called last, once, only when nothing
 * else sends the object down the checked path.
 */
const preparedFast = (
  fields: WellFormedObject | undefined,
  uuidOf: ObjectBatchOptions['uuidOf'],
  item: unknown,
  index: number,
): E.Either<ArgumentError, Prepared<Payload>> | undefined => {
  if (fields === undefined) return undefined
  const { vector: rawVector, tenant } = fields
  if (rawVector !== undefined && !isFiniteVector(rawVector)) return undefined
  const properties = JSON.stringify(fields.data)
  const id = uuidFor(fields.uuid, uuidOf, item, index)
  if (E.isLeft(id)) return id
  // A checked class name and a canonical UUID need no escaping.
  const json = `{"class":"${fields.className}","id":"${id.right}","properties":${properties}${rawVector === undefined ? '' : `,"vector":${JSON.stringify(rawVector)}`}${
    tenant === undefined ? '' : `,"tenant":${JSON.stringify(tenant)}`
  }}`
  return E.right({ index, payload: { uuid: id.right, className: fields.className, json }, bytes: json.length })
}

/**
 * Checks one object and serialises it as the endpoint takes it: the fast path, else the checked one.
 * With the server's `version`, an object whose vectors it would drop fails (`vector-writes.ts`).
 */
const prepareObject = (uuidOf: ObjectBatchOptions['uuidOf'], version: ServerVersion | undefined) => {
  const read = wellFormedObjects()
  return (item: unknown, index: number): E.Either<ArgumentError | UnsupportedVersionError, Prepared<Payload>> =>
    preparedFast(read(item), uuidOf, item, index) ?? preparedChecked(uuidOf, version, item, index)
}

/**
 * Writes every object of `source` through the batch endpoint (gRPC where the server has it, see
 * `ConnectOptions.transport`: server-side batching from 1.36.0, see `grpcMethod`, else
 * `BatchObjects`; else REST); emits one value per object, in the
 * order the requests complete (input order within a request), each only when final (after its
 * retries): `right({ index, uuid })`, or `left(BatchObjectError)` with the object's `index` and
 * the server's messages; its `cause` is the request's failure when the whole request failed, the
 * ArgumentError of an object that is not well formed, or the UnsupportedVersionError of an object
 * whose `vectors` the server would drop (such an object is not sent; the others are).
 * `onProgress` reports `settledThrough`, the index below which every result has been emitted.
 */
export const batchObjects =
  (ctx: OperationContext) =>
  (source: BatchSource<BatchObject>, options?: ObjectBatchOptions): ObservableEither<WeaviateError, BatchWritten> =>
    operation(
      () => {
        if (!isBatchSource(source)) typeError('source', 'Observable | AsyncIterable | Iterable', source)
        const resolved = resolveBatchOptions(OBJECT_BATCH_KEYS, options)
        const uuidOf = options?.uuidOf
        if (uuidOf !== undefined && typeof uuidOf !== 'function') typeError('uuidOf', 'function', uuidOf)
        const transport = transportMode('transport', options?.transport)
        ctx.transports.requireAddress(transport)
        const method = batchGrpcMethod('grpcMethod', options?.grpcMethod)
        // Refused here when the call will run over gRPC-Web (forced, or decided); else when it does.
        if (method === 'stream' && ctx.grpc.carrier === 'web' && ctx.transports.settled(transport) === 'grpc') throw streamOverWeb()
        return {
          resolved,
          uuidOf,
          transport,
          method,
          streamConcurrency: streamRequestsInFlight(resolved.batchSize, resolved.concurrency, options?.concurrency !== undefined),
        }
      },
      ({ resolved, uuidOf, transport, method, streamConcurrency }) =>
        // A failure to decide (the server version unreadable) leaves this call on REST, whose
        // per-object results then report the failure as before.
        ctx.transports.choose(transport, resolved.call).pipe(
          mergeMap((chosen) =>
            vectorsVersion(ctx, resolved, chosen).pipe(
              mergeMap((version) =>
                E.isRight(chosen) && chosen.right === 'grpc'
                  ? grpcBatch(ctx, resolved, source, uuidOf, method, streamConcurrency, version)
                  : restBatch(ctx, resolved, source, uuidOf, version),
              ),
            ),
          ),
        ),
    )

/** `grpcMethod: 'stream'` on a client whose gRPC travels as gRPC-Web. */
const streamOverWeb = (): ArgumentValueError =>
  new ArgumentValueError({
    argument: 'grpcMethod',
    reason:
      "'stream' (BatchStream) has no gRPC-Web form, and this client's gRPC is gRPC-Web (grpc: 'web', or no gRPC address): " +
      "write with BatchObjects ('auto' or 'unary'), or pass the server's gRPC address as grpcUrl",
  })

/**
 * The server version the objects' vectors are checked against (`vector-writes.ts`), read once per
 * client; `undefined` when the transport could not be decided or the version is unreadable (the
 * requests then report the failure, and nothing is checked).
 */
const vectorsVersion = (
  ctx: OperationContext,
  resolved: ResolvedBatchOptions,
  chosen: E.Either<WeaviateError, unknown>,
): Observable<ServerVersion | undefined> =>
  E.isLeft(chosen) ? of(undefined) : ctx.versions.version(resolved.call).pipe(map(E.match(() => undefined, (v: ServerVersion) => v)))

/** `objects.batch` over gRPC: `BatchObjects`, or `BatchStream` where `method` and the server say so. */
const grpcBatch = (
  ctx: OperationContext,
  resolved: ResolvedBatchOptions,
  source: BatchSource<BatchObject>,
  uuidOf: ObjectBatchOptions['uuidOf'],
  method: BatchGrpcMethod,
  /** The requests in flight over `BatchStream` (`streamRequestsInFlight`). */
  streamConcurrency: number,
  /** The server's version for the objects' vectors (`vector-writes.ts`), when known. */
  version: ServerVersion | undefined,
): ObservableEither<WeaviateError, BatchWritten> => {
  const prepare = prepareGrpcObject(uuidOf as ((object: unknown, index: number) => string) | undefined, version)
  const written = (index: number, payload: GrpcObjectPayload): BatchWritten => ({ index, uuid: payload.uuid })
  const sendUnary = sendBatchObjects(ctx.grpc, resolved.call, resolved.consistencyLevel)
  const unary = (): ObservableEither<WeaviateError, BatchWritten> =>
    runBatch<GrpcObjectPayload, BatchWritten>(ctx, resolved, source as BatchSource<unknown>, {
      prepare,
      sendItems: sendUnary,
      written,
      failed: failedObject,
    })
  const stream = (): ObservableEither<WeaviateError, BatchWritten> => {
    const sizer = runSizer(resolved, false)
    const sender = batchStreamSender({
      grpc: ctx.grpc,
      call: resolved.call,
      consistencyLevel: resolved.consistencyLevel,
      batchSize: resolved.batchSize,
      scheduler: resolved.scheduler,
      ...(sizer === undefined ? {} : { onBackoff: (n: number) => sizer.serverAsks(n) }),
    })
    const window = { ...resolved, concurrency: streamConcurrency }
    return runBatch<GrpcObjectPayload, BatchWritten>(ctx, window, source as BatchSource<unknown>, {
      prepare,
      // 'auto' writes with BatchObjects what a server without BatchStream refuses; 'stream' does not.
      sendItems: method === 'auto' ? withBatchObjectsFallback(sender.sendItems, sendUnary, ctx.streamRefusal, resolved.concurrency) : sender.sendItems,
      written,
      failed: failedObject,
    }, sizer).pipe(finalize(sender.close))
  }
  // gRPC-Web has no bidirectional calls: BatchObjects, whatever the server's version.
  if (ctx.grpc.carrier === 'web') return method === 'stream' ? of(E.left(streamOverWeb())) : unary()
  if (!versionDecides(method)) return unary()
  // An unreadable version leaves the run on BatchObjects, whose per-object results then report
  // the failure (as an undecided transport leaves it on REST).
  return ctx.versions.version(resolved.call).pipe(
    mergeMap((version) => {
      if (E.isLeft(version) || writeMethod(method, version.right) === 'unary') return unary()
      // 'auto' on a server that refused BatchStream before (batch-stream-fallback.ts): BatchObjects
      // from the start, with the call's concurrency rather than the stream's window.
      if (method === 'auto' && ctx.streamRefusal.reason() !== undefined) return unary()
      const supported = requireFeature(version.right, 'grpcBatchStream')
      return E.isLeft(supported) ? of(supported) : stream()
    }),
  )
}

/** `objects.batch` over `POST /v1/batch/objects`. */
const restBatch = (
  ctx: OperationContext,
  resolved: ResolvedBatchOptions,
  source: BatchSource<BatchObject>,
  uuidOf: ObjectBatchOptions['uuidOf'],
  version: ServerVersion | undefined,
): ObservableEither<WeaviateError, BatchWritten> =>
  runBatch<Payload, BatchWritten>(ctx, resolved, source as BatchSource<unknown>, {
    prepare: prepareObject(uuidOf, version),
    request: (items) => ({
      method: 'POST',
      path: '/batch/objects',
      query: [['consistency_level', resolved.consistencyLevel]],
      bodyText: `{"objects":[${items.map((item) => item.payload.json).join(',')}]}`,
      expect: [200],
      // Every object carries its UUID and the endpoint upserts: sending again is safe.
      idempotent: true,
    }),
    written: (index, payload) => ({ index, uuid: payload.uuid }),
    failed: failedObject,
  })

/** The error of an object that was not written (no payload for a malformed one), on either transport. */
const failedObject = (
  index: number,
  payload: { readonly uuid: string; readonly className: string } | undefined,
  messages: readonly string[],
  cause: WeaviateError | undefined,
): WeaviateError =>
  new BatchObjectError({
    index,
    ...(payload === undefined ? {} : { uuid: payload.uuid, className: payload.className }),
    messages,
    ...(cause === undefined ? {} : { cause }),
  })
