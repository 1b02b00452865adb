/**
 * `schema.updateClass`: `PUT /v1/schema/<Class>`.
 *
 * @packageDocumentation
 */
import { ClassDefinition } from '../codecs/class-definition'
import { decode } from '../codecs/decode'
import { CallOptions, OperationContext, callInput } from '../context/context'
import { operation } from '../core/operation'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { schemaPath } from '../server/routes'
import { DefinitionInput } from './call-input'
import { whenConfigSupported } from './config-gate'
import { classDefinition } from './input'

/**
 * Updates the mutable settings of a class (description, inverted index, vector index, replication
 * and multi-tenancy settings the server lets change). Send the whole definition as read, with the
 * changes: the server rejects a change to an immutable setting (vectorizer, properties) with 422,
 * reported as an `UnexpectedStatusError` carrying its message; add properties with `addProperty`.
 * To change only some settings, use `updateConfig`, which reads the class and merges the change.
 */
export const updateClass =
  (ctx: OperationContext) =>
  (definition: ClassDefinition, options?: CallOptions): ObservableEither<WeaviateError, ClassDefinition> =>
    operation(
      (): DefinitionInput => ({ definition: classDefinition('definition', definition), call: callInput('updateClass', options) }),
      (input) =>
        whenConfigSupported(ctx, input.call, input.definition, () =>
          ctx.http.run(
            { method: 'PUT', path: schemaPath(input.definition.class), body: input.definition, expect: [200], ...input.call },
            (res) => decode(ClassDefinition, res.body, res),
          ),
        ),
    )
