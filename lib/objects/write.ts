/**
 * `objects.replace` (PUT, whole object) and `objects.update` (PATCH, merge). Both send `class` and
 * `id` in the body (the server requires them for PUT). Update drops null-valued properties: the
 * server would delete them, the interface says a null leaves the property unchanged.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { of } from 'rxjs'
import { CallOptions, OperationContext, callOptions, withVersion } from '../context/context'
import { operation } from '../core/operation'
import { WeaviateError } from '../core/errors'
import { argsOf } from '../input/check'
import { uuid } from '../input/uuid'
import { ObservableEither, flatMap } from '../core/observable-either'
import { routesFor } from '../server/routes'
import { WriteArgs, WriteFields, writeFields, OBJECT_KEYS } from './args'
import { loadProperties } from './load-properties'
import { vectorsWritable } from '../input/vector-writes'

type Properties = Readonly<Record<string, unknown>>

const withoutNulls = (properties: Properties): Properties =>
  Object.fromEntries(Object.entries(properties).filter(([, value]) => value !== null))

const write =
  (kind: 'replace' | 'update') =>
  (ctx: OperationContext) =>
  (args: WriteArgs): ObservableEither<WeaviateError, void> =>
    operation(
      (): WriteInput => {
        const a = argsOf(OBJECT_KEYS[kind], args)
        return { ...writeFields(a), uuid: uuid('uuid', a['uuid']), call: callOptions(a) }
      },
      (input) =>
        loadProperties(ctx.http.fetchUrl, ctx.readTextFile, input.source).pipe(
          flatMap((properties) =>
            withVersion(ctx, input.call, (version) => {
              const writable = vectorsWritable(version, input.vectors)
              if (E.isLeft(writable)) return of(writable)
              return ctx.http.run(
                {
                  method: kind === 'replace' ? 'PUT' : 'PATCH',
                  path: routesFor(version, ctx.deprecations).object(input.className, input.uuid, { warn: false }),
                  query: [['consistency_level', input.consistencyLevel]],
                  body: {
                    class: input.className,
                    id: input.uuid,
                    properties: kind === 'update' ? withoutNulls(properties) : properties,
                    ...(input.vector === undefined ? {} : { vector: input.vector }),
                    ...(input.vectors === undefined ? {} : { vectors: input.vectors }),
                    ...(input.tenant === undefined ? {} : { tenant: input.tenant }),
                  },
                  expect: kind === 'replace' ? [200] : [204],
                  ...input.call,
                },
                () => E.right(undefined),
              )
            }),
          ),
        ),
    )

/** Checked input of replace and update. */
interface WriteInput extends WriteFields {
  readonly uuid: string
  readonly call: CallOptions
}

/**
 * Replaces the whole object: properties absent from `dataObject` are gone afterwards, and so are
 * named vectors absent from `vectors`.
 */
export const replace = write('replace')

/**
 * Changes only the properties sent; unsent ones and ones sent as `null` keep their values. Named
 * vectors merge the same way: each one sent replaces that vector, the others stay.
 */
export const update = write('update')
