/**
 * `schema.addProperty`: `POST /v1/schema/<Class>/properties`.
 *
 * @packageDocumentation
 */
import { PropertyDefinition } from '../codecs/class-definition'
import { decode } from '../codecs/decode'
import { CallOptions, OperationContext, callInput } from '../context/context'
import { operation } from '../core/operation'
import { WeaviateError } from '../core/errors'
import { className } from '../input/names'
import { ObservableEither } from '../core/observable-either'
import { schemaPath } from '../server/routes'
import { PropertyInput } from './call-input'
import { propertyDefinition } from './input'

/**
 * Adds a property to a class; emits the property as the server stored it.
 */
export const addProperty =
  (ctx: OperationContext) =>
  (name: string, property: PropertyDefinition, options?: CallOptions): ObservableEither<WeaviateError, PropertyDefinition> =>
    operation(
      (): PropertyInput => ({
        className: className('className', name),
        property: propertyDefinition('property', property),
        call: callInput('addProperty', options),
      }),
      (input) =>
        ctx.http.run(
          { method: 'POST', path: schemaPath(input.className, 'properties'), body: input.property, expect: [200], ...input.call },
          (res) => decode(PropertyDefinition, res.body, res),
        ),
    )
