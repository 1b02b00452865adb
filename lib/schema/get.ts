/**
 * `schema.get`: `GET /v1/schema`.
 *
 * @packageDocumentation
 */
import { decode } from '../codecs/decode'
import { Schema, SchemaCodec } from '../codecs/class-definition'
import { CallOptions, OperationContext, operation } from '../context'
import { WeaviateError } from '../errors'
import { ObservableEither } from '../observable-either'
import { schemaPath } from '../routes'
import { callInput } from './call-input'

/**
 * Reads every class definition of the server.
 *
 * @example
 * ```ts
 * client.schema.get() // right({ classes: [{ class: 'Article', properties: [...] }] })
 * ```
 */
export const getSchema =
  (ctx: OperationContext) =>
  (options?: CallOptions): ObservableEither<WeaviateError, Schema> =>
    operation(
      () => callInput('get', options),
      (call) => ctx.http.run({ method: 'GET', path: schemaPath(), expect: [200], ...call }, (res) => decode(SchemaCodec, res.body, res)),
    )
