/**
 * `schema.get`: `GET /v1/schema`.
 *
 * @packageDocumentation
 */
import { decode } from '../codecs/decode'
import { Schema, SchemaCodec } from '../codecs/class-definition'
import { CallOptions, OperationContext, callInput } from '../context/context'
import { operation } from '../core/operation'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { schemaPath } from '../server/routes'

/**
 * Reads every class definition of the server.
 */
export const getSchema =
  (ctx: OperationContext) =>
  (options?: CallOptions): ObservableEither<WeaviateError, Schema> =>
    operation(
      () => callInput('get', options),
      (call) => ctx.http.run({ method: 'GET', path: schemaPath(), expect: [200], ...call }, (res) => decode(SchemaCodec, res.body, res)),
    )
