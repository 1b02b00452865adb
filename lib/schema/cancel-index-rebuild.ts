/**
 * `schema.cancelIndexRebuild`: `POST /v1/schema/<Class>/properties/<property>/index/<index>/cancel`
 * (1.39+; an `UnsupportedVersionError` with nothing sent on an older server).
 *
 * @packageDocumentation
 */
import { decode } from '../codecs/decode'
import { IndexTaskAnswer, IndexTaskAnswerCodec } from '../codecs/distributed-task'
import { PropertyIndexType } from '../codecs/index-status'
import { CallOptions, OperationContext, callInput } from '../context/context'
import { whenSupported } from '../context/when-supported'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { propertyIndexTaskPath } from '../server/routes'
import { IndexTaskInput, indexTaskInput } from './index-task'

/**
 * Stops the reindex task running on one inverted index of a property: `CANCELLED` with the task's
 * id, or `NO_OP` when none is running (the call is idempotent). An unknown class or property is the
 * server's 404 as one Left.
 */
export const cancelIndexRebuild =
  (ctx: OperationContext) =>
  (name: string, property: string, index: PropertyIndexType, options?: CallOptions): ObservableEither<WeaviateError, IndexTaskAnswer> =>
    operation(
      (): IndexTaskInput => ({ ...indexTaskInput(name, property, index), call: callInput('schema.cancelIndexRebuild', options) }),
      (input) =>
        whenSupported(
          ctx,
          ['indexRebuild'],
          input.call,
          { method: 'POST', path: propertyIndexTaskPath(input.className, input.property, input.index, 'cancel'), expect: [202], idempotent: true },
          (res) => decode(IndexTaskAnswerCodec, res.body, res),
        ),
    )
