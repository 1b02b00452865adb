/**
 * `aliases.delete`: `DELETE /v1/aliases/<Alias>` (1.32+).
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { CallOptions, OperationContext, callInput } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { aliasPath } from '../server/routes'
import { AliasInput, aliasName, whenAliases } from './request'

/**
 * Deletes an alias; the class it pointed to and its objects stay. Deleting an alias that does not
 * exist is `right(undefined)` too (the server's 404), so the call is idempotent, like
 * `schema.deleteClass`.
 */
export const deleteAlias =
  (ctx: OperationContext) =>
  (alias: string, options?: CallOptions): ObservableEither<WeaviateError, void> =>
    operation(
      (): AliasInput => ({ alias: aliasName('alias', alias), call: callInput('aliases.delete', options) }),
      (input) => whenAliases(ctx, input.call, { method: 'DELETE', path: aliasPath(input.alias), expect: [204, 404] }, () => E.right(undefined)),
    )
