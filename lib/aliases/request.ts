/**
 * What every alias operation shares: its checked per-call options, the alias name check, and the
 * version gate (aliases exist from Weaviate 1.32; an older server is one `UnsupportedVersionError`
 * and no alias request is sent).
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { of } from 'rxjs'
import { CallOptions, OperationContext, withVersion } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { className } from '../input/names'
import { requireFeature } from '../server/version'
import { HttpRequest, HttpResponse } from '../transport/http/types'

/**
 * An alias name: the server holds it to the class name grammar and upper-cases its first letter
 * (v1.39.0 usecases/schema/alias.go, entities/schema/validation.go `ValidateAliasName`), so it is
 * checked and sent the same way as a class name.
 */
export const aliasName = (argument: string, value: unknown): string => className(argument, value)

/**
 * Sends `req` once the server is known to have aliases; an older server is one Left.
 */
export const whenAliases = <A>(
  ctx: OperationContext,
  call: CallOptions,
  req: HttpRequest,
  interpret: (res: HttpResponse) => E.Either<WeaviateError, A>,
): ObservableEither<WeaviateError, A> =>
  withVersion(ctx, call, (version) => {
    const supported = requireFeature(version, 'aliases')
    return E.isLeft(supported) ? of(supported) : ctx.http.run({ ...req, ...call }, interpret)
  })

/** The checked input of an operation on one alias. */
export interface AliasInput {
  readonly alias: string
  readonly call: CallOptions
}

/** The checked input of create and update: the alias and the class it points to. */
export interface AliasTargetInput extends AliasInput {
  readonly className: string
}
