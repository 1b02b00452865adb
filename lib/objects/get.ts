/**
 * `objects.get`, the interface's "list or single": with a `uuid` it is getById (object or null),
 * without one it is list (array).
 *
 * @packageDocumentation
 */
import { WeaviateObject } from '../codecs/object'
import { OperationContext } from '../context/context'
import { operation } from '../core/operation'
import { WeaviateError } from '../core/errors'
import { argsObject, argsOf } from '../input/check'
import { ObservableEither } from '../core/observable-either'
import { GET_KEYS, GetArgs, GetByIdArgs, ListArgs } from './args'
import { getByIdInput, runGetById } from './get-by-id'
import { listInput, runList } from './list'

/**
 * `objects.get`, typed by whether a uuid is given: one object (or `null`) with a `uuid`, a list
 * without.
 *
 * @example
 * ```ts
 * client.objects.get({ className: 'Article', uuid }) // ObservableEither<WeaviateError, WeaviateObject | null>
 * client.objects.get({ className: 'Article', limit: 5 }) // ObservableEither<WeaviateError, WeaviateObject[]>
 * ```
 */
export interface Get {
  <P = Record<string, unknown>>(args: GetByIdArgs<P>): ObservableEither<WeaviateError, WeaviateObject<P> | null>
  <P = Record<string, unknown>>(args: ListArgs<P> & { readonly uuid?: undefined }): ObservableEither<
    WeaviateError,
    Array<WeaviateObject<P>>
  >
  <P = Record<string, unknown>>(args: GetArgs<P>): ObservableEither<
    WeaviateError,
    WeaviateObject<P> | null | Array<WeaviateObject<P>>
  >
}

/**
 * List or single.
 */
export const get = (ctx: OperationContext): Get =>
  (<P>(args: GetArgs<P>): ObservableEither<WeaviateError, WeaviateObject<P> | null | Array<WeaviateObject<P>>> =>
    operation(
      () => {
        const a = argsObject('get', args)
        return a['uuid'] === undefined || a['uuid'] === null
          ? { single: false as const, list: listInput<P>(argsOf(GET_KEYS.list, a)) }
          : { single: true as const, byId: getByIdInput<P>(argsOf(GET_KEYS.byId, a)) }
      },
      (input): ObservableEither<WeaviateError, WeaviateObject<P> | null | Array<WeaviateObject<P>>> =>
        input.single ? runGetById(ctx, input.byId) : runList(ctx, input.list),
    )) as Get
