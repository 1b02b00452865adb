/**
 * `classifications.schedule`: `POST /v1/classifications/`, then the classification followed to
 * its end.
 *
 * @packageDocumentation
 */
import { OperationContext, withVersion } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { classificationPath } from '../server/routes'
import { Classification, ClassificationScheduleArgs, checkSchedule } from './args'
import { decodeClassification, followClassification } from './status'

/** Starts a classification and follows it to its end. */
export const scheduleClassification =
  (ctx: OperationContext) =>
  (args: ClassificationScheduleArgs): ObservableEither<WeaviateError, Classification> =>
    operation(
      () => checkSchedule(args),
      (input) =>
        followClassification(
          ctx,
          input.call,
          input.pollIntervalMs,
          withVersion(ctx, input.call, () => ctx.http.run({ method: 'POST', path: classificationPath(), body: input.body, expect: [201], ...input.call }, decodeClassification)),
        ),
    )
