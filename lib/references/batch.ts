/**
 * `references.batch`: a sink that writes references through `POST /v1/batch/references`, with the
 * same flushing, backpressure and per-item results as `objects.batch`. Adding the same reference
 * twice stores it twice, so a request that failed in transit is not sent again unless the call
 * says `idempotent: true` (pass it when duplicates do not matter, e.g. right after a fresh import).
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { BATCH_OPTION_KEYS, BatchOptions, resolveBatchOptions } from '../batch/options'
import { Serialised, runBatch } from '../batch/run-batch'
import { Prepared } from '../batch/sink'
import { BatchSource, isBatchSource } from '../batch/source'
import { OperationContext, withVersion } from '../context/context'
import { operation } from '../core/operation'
import { ArgumentError, BatchReferenceError, WeaviateError } from '../core/errors'
import { argsObject, argumentKeys, boolean, knownKeys, name, optional, typeError } from '../input/check'
import { checkInput } from '../core/operation'
import { className, propertyName } from '../input/names'
import { uuid } from '../input/uuid'
import { ObservableEither } from '../core/observable-either'
import { Routes, referenceSource, routesFor } from '../server/routes'

/**
 * One reference for `references.batch`.
 *
 * @example
 * ```ts
 * const ref: BatchReference = { fromClassName: 'Article', fromUuid, fromPropertyName: 'writtenBy', toClassName: 'Author', toUuid }
 * ```
 */
export interface BatchReference {
  /** Required here: the batch endpoint addresses the source by class. */
  readonly fromClassName: string
  readonly fromUuid: string
  readonly fromPropertyName: string
  readonly toUuid: string
  /** Strongly recommended from server 1.14 (the target beacon carries it). */
  readonly toClassName?: string
  readonly tenant?: string
}

/**
 * Options of `references.batch`.
 *
 * @example
 * ```ts
 * client.references.batch(refs, { batchSize: 500, idempotent: true })
 * ```
 */
export interface ReferenceBatchOptions extends BatchOptions {
  /**
   * Resend a request that failed in transit. Off by default: a reference written by a request whose
   * answer was lost would be stored twice.
   * @default false
   */
  readonly idempotent?: boolean
}

/**
 * A written reference: its position in the source.
 *
 * @example
 * ```ts
 * const written: ReferenceWritten = { index: 4 }
 * ```
 */
export interface ReferenceWritten {
  readonly index: number
}

const BATCH_REFERENCE_KEYS = argumentKeys<BatchReference>('a reference of references.batch', {
  fromClassName: true,
  fromUuid: true,
  fromPropertyName: true,
  toUuid: true,
  toClassName: true,
  tenant: true,
})

const REFERENCE_BATCH_KEYS = argumentKeys<ReferenceBatchOptions>('references.batch', { ...BATCH_OPTION_KEYS, idempotent: true })

interface Payload extends Serialised {
  readonly from: string
  readonly to: string
}

/**
 * Checks one reference and serialises it. `at` names the reference in an error; the hot path
 * passes `undefined` (no argument names built per reference) and, only when a check fails, the
 * checks run again with the names (they are pure, so they fail the same way).
 */
const serialiseReference = (routes: Routes, item: unknown, index: number, at: string | undefined): Prepared<Payload> => {
  const named = (field: string): string => (at === undefined ? field : `${at}.${field}`)
  const a = argsObject(at ?? 'references[]', item)
  knownKeys(BATCH_REFERENCE_KEYS, a, at ?? 'references[]')
  const fromClass = className(named('fromClassName'), a['fromClassName'])
  const fromUuid = uuid(named('fromUuid'), a['fromUuid'])
  const property = propertyName(named('fromPropertyName'), a['fromPropertyName'])
  const toUuid = uuid(named('toUuid'), a['toUuid'])
  const toClass = optional(className, named('toClassName'), a['toClassName'])
  const tenant = optional(name, named('tenant'), a['tenant'])
  const from = referenceSource(fromClass, fromUuid, property)
  const to = routes.beacon(toClass, toUuid)
  const json = JSON.stringify({ from, to, ...(tenant === undefined ? {} : { tenant }) })
  return { index, payload: { from, to, json }, bytes: json.length }
}

const prepareReference =
  (routes: Routes) =>
  (item: unknown, index: number): E.Either<ArgumentError, Prepared<Payload>> => {
    const fast = checkInput(() => serialiseReference(routes, item, index, undefined))
    return E.isRight(fast) ? fast : checkInput(() => serialiseReference(routes, item, index, `references[${index}]`))
  }

/**
 * Writes every reference of `source` through the batch endpoint; emits one value per reference,
 * as the requests complete, each only when final: `right({ index })` or `left(BatchReferenceError)`
 * with the reference's `index` and the server's messages (a missing property, an unknown class);
 * its `cause` is the request's failure, or the ArgumentError of a malformed reference (not sent). `onProgress` reports `settledThrough` as for `objects.batch`.
 */
export const batchReferences =
  (ctx: OperationContext) =>
  (source: BatchSource<BatchReference>, options?: ReferenceBatchOptions): ObservableEither<WeaviateError, ReferenceWritten> =>
    operation(
      () => {
        if (!isBatchSource(source)) typeError('source', 'Observable | AsyncIterable | Iterable', source)
        const resolved = resolveBatchOptions(REFERENCE_BATCH_KEYS, options)
        const idempotent = optional(boolean, 'idempotent', options?.idempotent) ?? false
        return { resolved, idempotent }
      },
      ({ resolved, idempotent }) =>
        withVersion(ctx, resolved.call, (version) =>
          runBatch<Payload, ReferenceWritten>(ctx, resolved, source as BatchSource<unknown>, {
            prepare: prepareReference(routesFor(version, ctx.deprecations)),
            request: (items) => ({
              method: 'POST',
              path: '/batch/references',
              query: [['consistency_level', resolved.consistencyLevel]],
              bodyText: `[${items.map((item) => item.payload.json).join(',')}]`,
              expect: [200],
              idempotent,
            }),
            written: (index) => ({ index }),
            failed: (index, payload, messages, cause) => new BatchReferenceError({
                index,
                ...(payload === undefined ? {} : { from: payload.from, to: payload.to }),
                messages,
                ...(cause === undefined ? {} : { cause }),
              }),
          }),
        ),
    )
