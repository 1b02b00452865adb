/**
 * `schema.deleteClass`: `DELETE /v1/schema/<Class>`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { CallOptions, OperationContext, callInput } from '../context/context'
import { operation } from '../core/operation'
import { WeaviateError } from '../core/errors'
import { className } from '../input/names'
import { ObservableEither } from '../core/observable-either'
import { schemaPath } from '../server/routes'
import { ClassInput } from './call-input'

/**
 * Deletes a class with all its objects. Deleting a class that does not exist is `right(undefined)`
 * too (the server answers 200 either way), so the call is idempotent, like `objects.delete`.
 */
export const deleteClass =
  (ctx: OperationContext) =>
  (name: string, options?: CallOptions): ObservableEither<WeaviateError, void> =>
    operation(
      (): ClassInput => ({ className: className('className', name), call: callInput('deleteClass', options) }),
      (input) =>
        ctx.http.run({ method: 'DELETE', path: schemaPath(input.className), expect: [200, 404], ...input.call }, () =>
          E.right(undefined),
        ),
    )
