/**
 * How every namespace request is sent: the version gate first, then the request; the 404 of a
 * server that runs without namespaces becomes an `UnexpectedStatusError` that says how to turn them
 * on, and any other 404 (no such namespace) is the operation's to read.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { CallOptions, OperationContext } from '../../context/context'
import { whenSupported } from '../../context/when-supported'
import { UnexpectedStatusError, WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { Feature } from '../../server/version'
import { errorMessages } from '../../transport/http/classify'
import { HttpRequest, HttpResponse } from '../../transport/http/types'

/** The server's message on a namespace endpoint when the feature is off (handlers_namespaces.go errNamespacesDisabled). */
const SERVER_DISABLED = 'namespaces are not enabled'

/** Our message beside it. */
export const NAMESPACES_DISABLED =
  'namespaces are turned off on this server: start it with NAMESPACES_ENABLED=true, which needs RBAC, DISABLE_GRAPHQL=true and REPLICATION_MAXIMUM_FACTOR=1 (Weaviate 1.38+)'

const notFound = (res: HttpResponse, extra: readonly string[]): UnexpectedStatusError =>
  new UnexpectedStatusError({ method: res.method, url: res.url, status: res.status, body: res.body, messages: [...errorMessages(res.body), ...extra] })

/**
 * Sends `req` once the server has `features`. A 404 is a Left naming `NAMESPACES_DISABLED` when the
 * server says namespaces are off; otherwise `missing` reads it (a Left when not given).
 */
export const whenNamespaces = <A>(
  ctx: OperationContext,
  features: readonly Feature[],
  call: CallOptions,
  req: HttpRequest,
  interpret: (res: HttpResponse) => E.Either<WeaviateError, A>,
  missing?: () => A,
): ObservableEither<WeaviateError, A> =>
  whenSupported(ctx, features, call, { ...req, expect: [...req.expect, 404] }, (res) => {
    if (res.status !== 404) return interpret(res)
    if (errorMessages(res.body).some((m) => m.includes(SERVER_DISABLED))) return E.left(notFound(res, [NAMESPACES_DISABLED]))
    return missing === undefined ? E.left(notFound(res, [])) : E.right(missing())
  })
