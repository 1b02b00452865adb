/**
 * `aliases.create`: `POST /v1/aliases` with `{ alias, class }` (1.32+).
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
 * Creates an alias of an existing class; emits it as the server stored it. An alias that exists
 * already, a class that does not, or an alias named like a class is refused by the server with 422
 * (an `UnexpectedStatusError` carrying its message). Not retried (POST), like `createClass`.
 */
export const createAlias =
  (ctx: OperationContext) =>
  (alias: string, targetClass: string, options?: CallOptions): ObservableEither<WeaviateError, Alias> =>
    operation(
      (): AliasTargetInput => ({ alias: aliasName('alias', alias), className: className('className', targetClass), call: callInput('aliases.create', options) }),
      (input) =>
        whenAliases(ctx, input.call, { method: 'POST', path: aliasPath(), body: { alias: input.alias, class: input.className }, expect: [200] }, (res) =>
          decode(AliasCodec, res.body, res),
        ),
    )
