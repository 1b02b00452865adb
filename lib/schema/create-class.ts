/**
 * `schema.createClass`: `POST /v1/schema`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { map } from 'rxjs'
import { ClassDefinition } from '../codecs/class-definition'
import { decode } from '../codecs/decode'
import { CallOptions, OperationContext, callInput } from '../context/context'
import { operation } from '../core/operation'
import { ClassAlreadyExistsError, WeaviateError, isUnexpectedStatusError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { schemaPath } from '../server/routes'
import { DefinitionInput } from './call-input'
import { whenConfigSupported } from './config-gate'
import { classDefinition } from './input'

/** The server answers 422 `class name "X" already exists` for a duplicate. */
const alreadyExists = (e: WeaviateError, className: string): WeaviateError =>
  isUnexpectedStatusError(e) && e.status === 422 && e.messages.some((m) => m.includes('already exists'))
    ? new ClassAlreadyExistsError({ className, serverMessage: e.messages.join('; '), cause: e })
    : e

/**
 * Creates a class; emits the definition as the server stored it (with its defaults filled in).
 * A class that exists already is a `ClassAlreadyExistsError`. Not retried (POST), like `create`.
 * The typed configuration is checked first (an error names the field's path), and a setting the
 * server's version does not have is an `UnsupportedVersionError` with nothing sent.
 */
export const createClass =
  (ctx: OperationContext) =>
  (definition: ClassDefinition, options?: CallOptions): ObservableEither<WeaviateError, ClassDefinition> =>
    operation(
      (): DefinitionInput => ({ definition: classDefinition('definition', definition), call: callInput('createClass', options) }),
      (input) =>
        whenConfigSupported(ctx, input.call, input.definition, () =>
          ctx.http
            .run({ method: 'POST', path: schemaPath(), body: input.definition, expect: [200], ...input.call }, (res) =>
              decode(ClassDefinition, res.body, res),
            )
            .pipe(map(E.mapLeft((e) => alreadyExists(e, input.definition.class)))),
        ),
    )
