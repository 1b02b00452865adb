/**
 * `aliases.get`: `GET /v1/aliases/<Alias>` (1.32+); a missing alias is `null`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { Alias, AliasCodec } from '../codecs/alias'
import { decode } from '../codecs/decode'
import { CallOptions, OperationContext, callInput } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { aliasPath } from '../server/routes'
import { AliasInput, aliasName, whenAliases } from './request'

/**
 * Reads one alias (the class it points to), or `null` when there is no such alias, as
 * `schema.getClass` does for a class.
 */
export const getAlias =
  (ctx: OperationContext) =>
  (alias: string, options?: CallOptions): ObservableEither<WeaviateError, Alias | null> =>
    operation(
      (): AliasInput => ({ alias: aliasName('alias', alias), call: callInput('aliases.get', options) }),
      (input) =>
        whenAliases(ctx, input.call, { method: 'GET', path: aliasPath(input.alias), expect: [200, 404] }, (res) =>
          res.status === 404 ? E.right(null) : decode(AliasCodec, res.body, res),
        ),
    )
