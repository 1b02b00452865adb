/**
 * The error classes, one per tag, generated from the table: each takes its props, keeps the
 * table's fields as its own, builds `message` with the table's formatter, keeps `cause` (never
 * serialised) and carries the brand the guards check. Then the union of them all.
 *
 * @packageDocumentation
 */
import { brand } from '../brand'
import type { ErrorProps, ErrorTag, TaggedError } from './table'
import { declarationOf } from './table'

/**
 * The brand every weaviate-rx error carries; registered globally so copies of the package agree.
 * The key is shared with every other copy of the package: never change it.
 */
export const ErrorBrand = brand<{ readonly _tag: unknown }>('weaviate-rx/WeaviateError')

/**
 * The base of every weaviate-rx error: the brand, `message` from the table's formatter, `cause`
 * kept (but never serialised).
 */
abstract class WeaviateErrorBase extends Error {
  constructor(message: string, options: ErrorOptions | undefined) {
    super(message, options)
    ErrorBrand.mark(this)
  }

  /** Plain-data form for logs and `JSON.stringify`; never includes the stack or the cause. */
  toJSON(): Record<string, unknown> {
    const data: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(this)) {
      if (key !== 'cause') data[key] = value
    }
    return { ...data, message: this.message }
  }
}

/** The generated class of a tag; each exported class extends one. */
const errorClass = <T extends ErrorTag>(tag: T): new (props: ErrorProps[T]) => TaggedError<T> => {
  const { fields, message } = declarationOf(tag)
  class Generated extends WeaviateErrorBase {
    constructor(props: ErrorProps[T]) {
      super(message(props), 'cause' in props ? { cause: props.cause } : undefined)
      const own = this as unknown as Record<string, unknown>
      own['_tag'] = tag
      own['name'] = tag
      for (const field of fields) {
        if (field in props) own[field as string] = props[field]
      }
    }
  }
  return Generated as unknown as new (props: ErrorProps[T]) => TaggedError<T>
}

/**
 * An argument has the wrong type. Raised before any request is sent.
 *
 * @example
 * ```ts
 * client.objects.getById({ uuid: 42 as unknown as string })
 * // emits left(ArgumentTypeError { argument: 'uuid', expected: 'string', received: 'number' })
 * ```
 */
export class ArgumentTypeError extends errorClass('ArgumentTypeError') {}

/**
 * An argument has the right type but an invalid value (a malformed UUID, a limit of 0, `after`
 * without `limit`, ...). Raised before any request is sent.
 *
 * @example
 * ```ts
 * client.objects.getById({ uuid: 'not-a-uuid' })
 * // emits left(ArgumentValueError { argument: 'uuid', message: "Not valid 'uuid' ..." })
 * ```
 */
export class ArgumentValueError extends errorClass('ArgumentValueError') {}

/**
 * The network connection failed (refused, reset, DNS, socket closed). `code` is undici's or Node's
 * error code; `cause` is the undici error.
 *
 * @example
 * ```ts
 * if (e._tag === 'ConnectionError' && e.code === 'ECONNREFUSED') console.warn('Weaviate is not running')
 * ```
 */
export class ConnectionError extends errorClass('ConnectionError') {}

/**
 * A TLS connection to the server could not be made safely: its certificate is not signed by a
 * trusted certificate authority, is not for the host (or `tls.servername`), has expired, or the
 * server refused the client certificate. `reason` says which, `code` is Node's code, `cause` the
 * Node or grpc-js error. Never retried: another attempt meets the same certificate.
 *
 * @example
 * ```ts
 * if (e._tag === 'TlsError' && e.reason === 'untrusted-certificate') console.error('pass the CA as tls.ca:', e.message)
 * ```
 */
export class TlsError extends errorClass('TlsError') {}

/**
 * A request took too long: one attempt (`phase: 'attempt'`, headers and body both count) or the
 * whole operation including retries and backoff (`phase: 'total'`).
 *
 * @example
 * ```ts
 * client.objects.list({ className: 'A', timeout: { attemptMs: 5_000 } }).subscribe((r) => {
 *   if (E.isLeft(r) && r.left._tag === 'TimeoutError') console.error(r.left.phase)
 * })
 * ```
 */
export class TimeoutError extends errorClass('TimeoutError') {}

/**
 * The server answered with a status the operation does not accept. `body` is the parsed JSON body
 * (or the text, capped, when it is not JSON; `undefined` when empty); `messages` holds the messages
 * of every server error shape (`{error:[{message}]}`, `{code,message}`).
 *
 * @example
 * ```ts
 * if (e._tag === 'UnexpectedStatusError' && e.status === 422) console.error(e.messages.join('; '))
 * ```
 */
export class UnexpectedStatusError extends errorClass('UnexpectedStatusError') {}

/**
 * Create was asked to use a UUID that already exists in the class.
 *
 * @example
 * ```ts
 * client.objects.create({ className: 'Article', uuid, dataObject: {} })
 * // second time: left(AlreadyExistsError { uuid })
 * ```
 */
export class AlreadyExistsError extends errorClass('AlreadyExistsError') {}

/**
 * A response body did not have the expected shape. `report` lists at most a few truncated paths,
 * never the whole payload.
 *
 * @example
 * ```ts
 * client.objects.getById({ className: 'Article', uuid, codec: Article })
 * // properties that do not fit Article: left(DecodeError { report: ['properties.title: ...'] })
 * ```
 */
export class DecodeError extends errorClass('DecodeError') {}

/**
 * The connected server is too old for what was asked (a cursor before 1.18, tenants before 1.20):
 * reported before any request of the operation is sent, never a 404 body.
 *
 * @example
 * ```ts
 * client.objects.list({ className: 'A', limit: 10, after: id })
 * // on 1.14: left(UnsupportedVersionError { feature: "list with 'after'", requires: '1.18.0' })
 * ```
 */
export class UnsupportedVersionError extends errorClass('UnsupportedVersionError') {}

/**
 * `schema.createClass` was asked for a class that already exists.
 *
 * @example
 * ```ts
 * client.schema.createClass({ class: 'Article' })
 * // second time: left(ClassAlreadyExistsError { className: 'Article' })
 * ```
 */
export class ClassAlreadyExistsError extends errorClass('ClassAlreadyExistsError') {}

/**
 * One object of `objects.batch` that was not written: the server rejected it (its messages), its
 * input was malformed (`cause` is the argument error), or its request failed for good after the
 * retries (`cause`).
 *
 * @example
 * ```ts
 * client.objects.batch(objects).subscribe((r) => {
 *   if (E.isLeft(r) && r.left._tag === 'BatchObjectError') console.error(r.left.index, r.left.uuid, r.left.messages)
 * })
 * ```
 */
export class BatchObjectError extends errorClass('BatchObjectError') {}

/**
 * One reference of `references.batch` that was not written.
 *
 * @example
 * ```ts
 * client.references.batch(refs).subscribe((r) => {
 *   if (E.isLeft(r) && r.left._tag === 'BatchReferenceError') console.error(r.left.index, r.left.messages)
 * })
 * ```
 */
export class BatchReferenceError extends errorClass('BatchReferenceError') {}

/**
 * A partitioned stream (`partitions > 1` or `ranges`) stopped because one partition failed. The
 * objects emitted before it are exactly the ones outside `remaining`: resuming with
 * `ranges: remaining` delivers every other object of the class exactly once.
 *
 * @example
 * ```ts
 * client.objects.stream({ className: 'Article', partitions: 4 }).subscribe((r) => {
 *   if (E.isLeft(r) && r.left._tag === 'StreamPartitionError') console.log('resume with ranges:', r.left.remaining)
 * })
 * ```
 */
export class StreamPartitionError extends errorClass('StreamPartitionError') {}

/**
 * A tenant operation sent in several requests (the server caps how many tenants one request may
 * change: see `tenants.update`) stopped at a request that failed. `applied` names the tenants of
 * the requests applied before it, `failed` those of the failed request (which the server may have
 * changed in part), `notSent` the rest; `cause` is the failure. Nothing is retried or rolled back.
 *
 * @example
 * ```ts
 * client.tenants.deactivate('Article', ['tenantA', 'tenantB']).subscribe((r) => {
 *   if (E.isLeft(r) && r.left._tag === 'TenantsPartialError') console.error('still active:', [...r.left.failed, ...r.left.notSent])
 * })
 * ```
 */
export class TenantsPartialError extends errorClass('TenantsPartialError') {}

/**
 * The server refused the request for want of a permission (HTTP 403, gRPC `PERMISSION_DENIED`):
 * with role-based access control on, the user's roles do not allow it. `messages` are the
 * server's, naming the action and the resource refused. Never retried: asking again cannot help.
 *
 * @example
 * ```ts
 * client.objects.list({ className: 'Secret' }).subscribe((r) => {
 *   if (E.isLeft(r) && r.left._tag === 'ForbiddenError') console.error('not allowed:', r.left.messages.join('; '))
 * })
 * ```
 */
export class ForbiddenError extends errorClass('ForbiddenError') {}

/**
 * OIDC sign-in failed: the server names no provider, the provider's metadata could not be read, or
 * its token endpoint refused the credentials or could not be reached. The operation that needed
 * the token ends with this `Left`; it is not retried (the next operation tries to sign in again).
 *
 * @example
 * ```ts
 * client.schema.get().subscribe((r) => {
 *   if (E.isLeft(r) && r.left._tag === 'SignInError') console.error(r.left.step, r.left.error, r.left.message)
 * })
 * ```
 */
export class SignInError extends errorClass('SignInError') {}

/**
 * The OIDC provider refused the refresh token of a `bearerToken` sign-in (revoked or expired).
 * Final: the client has no credentials to sign in again, so every later operation ends with this
 * same `Left` at once, with nothing sent; connect again with a new token.
 *
 * @example
 * ```ts
 * client.schema.get().subscribe((r) => {
 *   if (E.isLeft(r) && r.left._tag === 'RefreshTokenRejectedError') console.error('sign in again:', r.left.error)
 * })
 * ```
 */
export class RefreshTokenRejectedError extends errorClass('RefreshTokenRejectedError') {}

/**
 * Errors raised by input checks, before any request.
 *
 * @example
 * ```ts
 * const isInputError = (e: WeaviateError): e is ArgumentError => e._tag === 'ArgumentTypeError' || e._tag === 'ArgumentValueError'
 * ```
 */
export type ArgumentError = ArgumentTypeError | ArgumentValueError
