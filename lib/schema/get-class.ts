/**
 * `schema.getClass`: `GET /v1/schema/<Class>`; a missing class is `null`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { ClassDefinition } from '../codecs/class-definition'
import { decode } from '../codecs/decode'
import { CallOptions, OperationContext, callInput } from '../context/context'
import { operation } from '../core/operation'
import { WeaviateError } from '../core/errors'
import { className } from '../input/names'
import { ObservableEither } from '../core/observable-either'
import { schemaPath } from '../server/routes'
import { ClassInput } from './call-input'

/**
 * Reads one class definition, or `null` when the class does not exist.
 */
export const getClass =
  (ctx: OperationContext) =>
  (name: string, options?: CallOptions): ObservableEither<WeaviateError, ClassDefinition | null> =>
    operation(
      (): ClassInput => ({ className: className('className', name), call: callInput('getClass', options) }),
      (input) =>
        ctx.http.run({ method: 'GET', path: schemaPath(input.className), expect: [200, 404], ...input.call }, (res) =>
          res.status === 404 ? E.right(null) : decode(ClassDefinition, res.body, res),
        ),
    )

/**
 * Tells whether a class exists (`GET /v1/schema/<Class>`: 200 or 404).
 */
export const classExists =
  (ctx: OperationContext) =>
  (name: string, options?: CallOptions): ObservableEither<WeaviateError, boolean> =>
    operation(
      (): ClassInput => ({ className: className('className', name), call: callInput('exists', options) }),
      (input) =>
        ctx.http.run({ method: 'GET', path: schemaPath(input.className), expect: [200, 404], ...input.call }, (res) =>
          E.right(res.status === 200),
        ),
    )
