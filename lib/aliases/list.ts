/**
 * `aliases.list`: `GET /v1/aliases[?class=<Class>]` (1.32+).
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { Alias, AliasList } from '../codecs/alias'
import { decode } from '../codecs/decode'
import { CallOptions, OperationContext, callInput } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { className } from '../input/names'
import { aliasPath } from '../server/routes'
import { whenAliases } from './request'

/**
 * Lists every alias, or with `targetClass` only the aliases of that class (`[]` when it has none).
 */
export const listAliases =
  (ctx: OperationContext) =>
  (targetClass?: string, options?: CallOptions): ObservableEither<WeaviateError, readonly Alias[]> =>
    operation(
      () => ({
        className: targetClass === undefined ? undefined : className('className', targetClass),
        call: callInput('aliases.list', options),
      }),
      (input) =>
        whenAliases(ctx, input.call, { method: 'GET', path: aliasPath(), query: [['class', input.className]], expect: [200] }, (res) =>
          E.map((list: AliasList) => list.aliases ?? [])(decode(AliasList, res.body, res)),
        ),
    )
