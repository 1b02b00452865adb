/**
 * `classifications.get`: `GET /v1/classifications/<id>`; an unknown id is `null`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { map } from 'rxjs'
import { OperationContext } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { Classification, ClassificationArgs, checkGet } from './args'
import { readClassification } from './status'

/** A classification, whatever its status, or `null` when the server knows none of that id. */
export const getClassification =
  (ctx: OperationContext) =>
  (args: ClassificationArgs): ObservableEither<WeaviateError, Classification | null> =>
    operation(
      () => checkGet(args),
      (input) => readClassification(ctx, input.id, input.call).pipe(map(E.map((a) => (a === null ? null : a.classification)))),
    )
