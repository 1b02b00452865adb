/**
 * `client.classifications`: schedule a classification and follow it, read one.
 *
 * @packageDocumentation
 */
import { OperationContext } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { Classification, ClassificationArgs, ClassificationScheduleArgs } from './args'
import { getClassification } from './get'
import { scheduleClassification } from './schedule'

/**
 * `client.classifications` (every server version; a server run with namespaces answers 410):
 * the server sets reference properties of a class's objects by an algorithm, `'knn'` by default
 * (each object without the reference gets the one most of its `k` nearest neighbours by vector
 * point to).
 *
 * `schedule` is cold: each subscription starts one classification and follows it. It emits the
 * answer of the request (`'running'`), then every read that differs from the one before, one read
 * each `pollIntervalMs`, and completes after `'completed'`; a `'failed'` end is one `Left`, an
 * `UnexpectedStatusError` whose `body` is the {@link Classification}. A request the server
 * refuses (a property that is not a reference, no vectors, ...) is a 400 Left.
 * **Unsubscribing stops the reads only: the classification goes on on the server.**
 *
 * @example
 * ```ts
 * const last = await lastValueFrom(
 *   client.classifications.schedule({ className: 'Article', classifyProperties: ['ofCategory'], basedOnProperties: ['title'], settings: { k: 3 } }),
 * )
 * if (E.isRight(last)) console.log(last.right.meta?.countSucceeded)
 * ```
 */
export interface ClassificationsApi {
  /** Starts a classification and follows it to its end (`POST /v1/classifications/`). */
  readonly schedule: (args: ClassificationScheduleArgs) => ObservableEither<WeaviateError, Classification>
  /** A classification by id (`GET /v1/classifications/<id>`), `null` when the server knows none; a failed one is a Right here. */
  readonly get: (args: ClassificationArgs) => ObservableEither<WeaviateError, Classification | null>
}

/**
 * Binds the classification operations to a client context.
 */
export const classificationsApi = (ctx: OperationContext): ClassificationsApi => ({
  schedule: scheduleClassification(ctx),
  get: getClassification(ctx),
})
