/**
 * `objects.getById`: `GET /v1/objects/[<Class>/]<uuid>`; a missing object is `null`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { CallOptions, OperationContext, callOptions, withVersion } from '../context/context'
import { operation } from '../core/operation'
import { WeaviateError } from '../core/errors'
import { argsOf } from '../input/check'
import { uuid } from '../input/uuid'
import { ObservableEither } from '../core/observable-either'
import { WeaviateObject } from '../codecs/object'
import { routesFor } from '../server/routes'
import { GetByIdArgs, OBJECT_KEYS, ReadFields, readFields } from './args'
import { codecOf } from '../codecs/decode-object'
import { AnyProperties, PropertiesCodec, decodeObject } from '../codecs/decode-object'

/** Checked input of getById. */
export interface GetByIdInput<P> extends ReadFields {
  readonly uuid: string
  readonly codec: PropertiesCodec<P> | undefined
  readonly call: CallOptions
}

/** Checks the arguments of getById. */
export const getByIdInput = <P>(a: Record<string, unknown>): GetByIdInput<P> => ({
  ...readFields(a),
  uuid: uuid('uuid', a['uuid']),
  codec: codecOf<P>(a),
  call: callOptions(a),
})

/** Runs a checked getById. */
export const runGetById = <P>(
  ctx: OperationContext,
  input: GetByIdInput<P>,
): ObservableEither<WeaviateError, WeaviateObject<P> | null> =>
  withVersion(ctx, input.call, (version) =>
    ctx.http.run(
      {
        method: 'GET',
        path: routesFor(version, ctx.deprecations).object(input.className, input.uuid, { warn: true }),
        query: [
          ['include', input.include],
          ['consistency_level', input.consistencyLevel],
          ['node_name', input.nodeName],
          ['tenant', input.tenant],
        ],
        expect: [200, 404],
        ...input.call,
      },
      (res) =>
        res.status === 404
          ? E.right(null)
          : decodeObject((input.codec ?? AnyProperties) as PropertiesCodec<P>, res.body, { method: 'GET', url: res.url }),
    ),
  )

/**
 * Reads one object, or `null` when it does not exist.
 */
export const getById =
  (ctx: OperationContext) =>
  <P = Record<string, unknown>>(args: GetByIdArgs<P>): ObservableEither<WeaviateError, WeaviateObject<P> | null> =>
    operation(() => getByIdInput<P>(argsOf(OBJECT_KEYS.getById, args)), (input) => runGetById(ctx, input))
