/**
 * `aliases.update`: `PUT /v1/aliases/<Alias>` with `{ class }` (1.32+).
 *
 * @packageDocumentation
 */
import { Alias, AliasCodec } from '../codecs/alias'
import { decode } from '../codecs/decode'
import { CallOptions, OperationContext, callInput } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { className } from '../input/names'
import { aliasPath } from '../server/routes'
import { AliasTargetInput, aliasName, whenAliases } from './request'

/**
 * Points an existing alias to another class, in one step on the server: a request through the
 * alias reaches either the old class or the new one, never neither. Emits the alias as it now is.
 * A missing alias is a 404 and a missing class a 422, each an `UnexpectedStatusError`.
 */
export const updateAlias =
  (ctx: OperationContext) =>
  (alias: string, targetClass: string, options?: CallOptions): ObservableEither<WeaviateError, Alias> =>
    operation(
      (): AliasTargetInput => ({ alias: aliasName('alias', alias), className: className('className', targetClass), call: callInput('aliases.update', options) }),
      (input) =>
        whenAliases(ctx, input.call, { method: 'PUT', path: aliasPath(input.alias), body: { class: input.className }, expect: [200] }, (res) =>
          decode(AliasCodec, res.body, res),
        ),
    )
