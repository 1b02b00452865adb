/**
 * What every access-control operation shares: the version gate of the features it needs (an
 * older server is one `UnsupportedVersionError` and nothing is sent), its checked options, and
 * the role and user name checks.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { of } from 'rxjs'
import { CallOptions, CALL_KEYS, OperationContext, callOptions, withVersion } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { KeyTable, argsOf, argumentKeys, nonEmptyString } from '../input/check'
import { Feature, ServerVersion } from '../server/version'
import { missingFeature } from '../context/when-supported'
import { HttpRequest, HttpResponse } from '../transport/http/types'

/** A role name: any non-empty string (the server judges the rest); it travels percent-encoded. */
export const roleName = nonEmptyString

/** A user or group name: any non-empty string; it travels percent-encoded. */
export const principalName = nonEmptyString

/**
 * Sends the request `build` makes for the server's version once the server has every feature in
 * `features` (and those `build` adds); an older server is one Left and nothing is sent.
 */
export const whenFeatures = <A>(
  ctx: OperationContext,
  call: CallOptions,
  features: readonly Feature[],
  build: (version: ServerVersion) => { readonly features?: readonly Feature[]; readonly req: HttpRequest },
  interpret: (res: HttpResponse, version: ServerVersion) => E.Either<WeaviateError, A>,
): ObservableEither<WeaviateError, A> =>
  withVersion(ctx, call, (version) => {
    const { features: more = [], req } = build(version)
    const refused = missingFeature(version, [...features, ...more])
    if (refused !== undefined) return of(refused)
    return ctx.http.run({ ...req, ...call }, (res) => interpret(res, version))
  })

/**
 * The options object of an access operation: `undefined` is none; a key not in `table` (or
 * `retry` / `timeout`) is refused. Returns the object and its per-call settings.
 */
export const accessOptions = <A extends CallOptions>(
  operation: string,
  table: KeyTable<Omit<A, keyof CallOptions>>,
  options: unknown,
): { readonly o: Readonly<Record<string, unknown>>; readonly call: CallOptions } => {
  if (options === undefined) return { o: {}, call: {} }
  const o = argsOf(argumentKeys<A>(`${operation} options`, { ...CALL_KEYS, ...table } as KeyTable<A>), options)
  return { o, call: callOptions(o) }
}
