/**
 * A REST request sent only to a server that has the features it needs: the version is learnt once
 * per client (`withVersion`), and a server without one of them is one `UnsupportedVersionError`
 * with nothing sent. The one gate of the operations whose cut-offs are per request (tenants,
 * aliases, backups, cluster, access control).
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { of } from 'rxjs'
import { UnsupportedVersionError, WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { Feature, ServerVersion, requireFeature } from '../server/version'
import { HttpRequest, HttpResponse } from '../transport/http/types'
import { CallOptions, OperationContext, withVersion } from './context'

/** The refusal of the first of `features` the server at `version` lacks; undefined when it has them all. */
export const missingFeature = (version: ServerVersion, features: readonly Feature[]): E.Left<UnsupportedVersionError> | undefined => {
  for (const feature of features) {
    const supported = requireFeature(version, feature)
    if (E.isLeft(supported)) return supported
  }
  return undefined
}

/**
 * Sends `req` (or the request it makes for the server's version) once the server has every one of
 * `features`; an older server is one Left, nothing sent.
 */
export const whenSupported = <A>(
  ctx: OperationContext,
  features: readonly Feature[],
  call: CallOptions,
  req: HttpRequest | ((version: ServerVersion) => HttpRequest),
  interpret: (res: HttpResponse) => E.Either<WeaviateError, A>,
): ObservableEither<WeaviateError, A> =>
  withVersion(ctx, call, (version) => {
    const refused = missingFeature(version, features)
    if (refused !== undefined) return of(refused)
    return ctx.http.run({ ...(typeof req === 'function' ? req(version) : req), ...call }, interpret)
  })
