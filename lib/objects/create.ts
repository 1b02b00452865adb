/**
 * `objects.create`: `POST /v1/objects` (the same path on every server version).
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import * as t from 'io-ts'
import { map } from 'rxjs'
import { decode } from '../codecs/decode'
import { CallOptions, OperationContext, callOptions } from '../context/context'
import { operation } from '../core/operation'
import { AlreadyExistsError, WeaviateError } from '../core/errors'
import { argsOf, boolean, optional } from '../input/check'
import { uuid } from '../input/uuid'
import { ObservableEither, flatMap } from '../core/observable-either'
import { CreateArgs, WriteFields, writeFields, OBJECT_KEYS } from './args'
import { loadProperties } from './load-properties'
import { whenVectorsWritable } from './vector-writes'

const Created = t.type({ id: t.string })

/** Checked input of create. */
interface CreateInput extends WriteFields {
  readonly uuid: string | undefined
  readonly idempotent: boolean | undefined
  readonly call: CallOptions
}

/** The server reports a duplicate id as 422 `id '<id>' already exists`. */
const isAlreadyExists = (e: WeaviateError): boolean =>
  e._tag === 'UnexpectedStatusError' && e.status === 422 && e.messages.some((m) => m.includes('already exists'))

/**
 * Creates an object; emits its UUID.
 */
export const create =
  (ctx: OperationContext) =>
  (args: CreateArgs): ObservableEither<WeaviateError, string> =>
    operation(
      (): CreateInput => {
        const a = argsOf(OBJECT_KEYS.create, args)
        return {
          ...writeFields(a),
          uuid: optional(uuid, 'uuid', a['uuid']),
          idempotent: optional(boolean, 'idempotent', a['idempotent']),
          call: callOptions(a),
        }
      },
      (input) =>
        loadProperties(ctx.http.fetchUrl, ctx.readTextFile, input.source).pipe(
          flatMap((properties) =>
            whenVectorsWritable(ctx, input.call, input.vectors, () =>
              ctx.http.run(
                {
                  method: 'POST',
                  path: '/objects',
                  query: [['consistency_level', input.consistencyLevel]],
                  body: {
                    class: input.className,
                    properties,
                    ...(input.uuid === undefined ? {} : { id: input.uuid }),
                    ...(input.vector === undefined ? {} : { vector: input.vector }),
                    ...(input.vectors === undefined ? {} : { vectors: input.vectors }),
                    ...(input.tenant === undefined ? {} : { tenant: input.tenant }),
                  },
                  expect: [200],
                  ...(input.idempotent === undefined ? {} : { idempotent: input.idempotent }),
                  ...input.call,
                },
                (res) => E.map((created: t.TypeOf<typeof Created>) => created.id)(decode(Created, res.body, { method: 'POST', url: res.url })),
              ),
            ),
          ),
          map(
            E.mapLeft((e): WeaviateError =>
              input.uuid !== undefined && isAlreadyExists(e)
                ? new AlreadyExistsError({ uuid: input.uuid, className: input.className, serverMessage: e.message, cause: e })
                : e,
            ),
          ),
        ),
    )
