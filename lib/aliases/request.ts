/**
 * What every alias operation shares: its checked per-call options, the alias name check, and the
 * version gate (aliases exist from Weaviate 1.32; an older server is one `UnsupportedVersionError`
 * and no alias request is sent).
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { CallOptions, OperationContext } from '../context/context'
import { whenSupported } from '../context/when-supported'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { className } from '../input/names'
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
  whenSupported(ctx, ['aliases'], call, req, interpret)

/** The checked input of an operation on one alias. */
export interface AliasInput {
  readonly alias: string
  readonly call: CallOptions
}

/** The checked input of create and update: the alias and the class it points to. */
export interface AliasTargetInput extends AliasInput {
  readonly className: string
}
