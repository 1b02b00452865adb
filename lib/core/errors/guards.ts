/**
 * The guards: {@link isWeaviateError} for the whole union, one `is<Tag>` per tag and
 * {@link isArgumentError} for the two input errors. Each checks the brand and the tag, not
 * `instanceof`, so an error made by another copy of the package is recognised too. They are for a
 * value of unknown type (a caught exception); a `Left` of an operation is already a
 * `WeaviateError`, narrowed by a `switch` on `_tag`.
 *
 * @packageDocumentation
 */
import type { ArgumentError } from './classes'
import { ErrorBrand } from './classes'
import type { ErrorTag, TaggedError, WeaviateError } from './table'
import { TAGS } from './table'

const hasBrand = ErrorBrand.has

const KNOWN_TAGS: ReadonlySet<unknown> = new Set(TAGS)

/**
 * True for any member of the {@link WeaviateError} union, also one made by another copy of the
 * package (the check is the brand and the tag, not `instanceof`). Then narrow on `_tag`.
 *
 * @example
 * ```ts
 * try { await firstRight(op) } catch (e) { if (isWeaviateError(e)) console.error(e._tag) }
 * ```
 */
export const isWeaviateError = (u: unknown): u is WeaviateError => hasBrand(u) && KNOWN_TAGS.has(u._tag)

/** The guard of one tag: the brand and that tag. */
const guard =
  <T extends ErrorTag>(tag: T) =>
  (u: unknown): u is TaggedError<T> =>
    hasBrand(u) && u._tag === tag

/**
 * True for an {@link ArgumentTypeError}: an argument of the wrong type, also one made by another copy of the package.
 *
 * @example
 * ```ts
 * try {
 *   await firstRight(op)
 * } catch (e) {
 *   if (isArgumentTypeError(e)) console.error(`${e.argument}: expected ${e.expected}, got ${e.received}`)
 * }
 * ```
 */
export const isArgumentTypeError = guard('ArgumentTypeError')

/**
 * True for an {@link ArgumentValueError}: an argument of the right type with an invalid value, also one made by another copy of the package.
 *
 * @example
 * ```ts
 * try {
 *   await firstRight(op)
 * } catch (e) {
 *   if (isArgumentValueError(e)) console.error(`bad ${e.argument}: ${e.message}`)
 * }
 * ```
 */
export const isArgumentValueError = guard('ArgumentValueError')

/**
 * True for a {@link ConnectionError}: the connection failed after the retries, also one made by another copy of the package.
 *
 * @example
 * ```ts
 * try {
 *   await firstRight(op)
 * } catch (e) {
 *   if (isConnectionError(e) && e.code === 'ECONNREFUSED') console.error(`is Weaviate running at ${e.url}?`)
 * }
 * ```
 */
export const isConnectionError = guard('ConnectionError')

/**
 * True for a {@link TlsError}: the server's certificate was not trusted or not for its host, or the
 * server refused the client certificate; also one made by another copy of the package.
 *
 * @example
 * ```ts
 * try {
 *   await firstRight(op)
 * } catch (e) {
 *   if (isTlsError(e)) console.error(`${e.reason} at ${e.url}: ${e.message}`)
 * }
 * ```
 */
export const isTlsError = guard('TlsError')

/**
 * True for a {@link TimeoutError}: an attempt or the whole operation took too long, also one made by another copy of the package.
 *
 * @example
 * ```ts
 * try {
 *   await firstRight(op)
 * } catch (e) {
 *   if (isTimeoutError(e)) console.error(`gave up after ${e.timeoutMs} ms (${e.phase} timeout)`)
 * }
 * ```
 */
export const isTimeoutError = guard('TimeoutError')

/**
 * True for an {@link UnexpectedStatusError}: the server answered with a status the operation does not accept, also one made by another copy of the package.
 *
 * @example
 * ```ts
 * try {
 *   await firstRight(op)
 * } catch (e) {
 *   if (isUnexpectedStatusError(e) && e.status === 422) console.error(e.messages.join('; '))
 * }
 * ```
 */
export const isUnexpectedStatusError = guard('UnexpectedStatusError')

/**
 * True for an {@link AlreadyExistsError}: `create` with a UUID that exists in the class, also one made by another copy of the package.
 *
 * @example
 * ```ts
 * try {
 *   await firstRight(op)
 * } catch (e) {
 *   if (isAlreadyExistsError(e)) console.log('already there:', e.uuid)
 * }
 * ```
 */
export const isAlreadyExistsError = guard('AlreadyExistsError')

/**
 * True for a {@link DecodeError}: an answer that did not have the expected shape, or properties that did not fit the codec, also one made by another copy of the package.
 *
 * @example
 * ```ts
 * try {
 *   await firstRight(op)
 * } catch (e) {
 *   if (isDecodeError(e)) console.error(e.report.join('\n'))
 * }
 * ```
 */
export const isDecodeError = guard('DecodeError')

/**
 * True for an {@link UnsupportedVersionError}: the server is too old for what was asked, also one made by another copy of the package.
 *
 * @example
 * ```ts
 * try {
 *   await firstRight(op)
 * } catch (e) {
 *   if (isUnsupportedVersionError(e)) console.error(`${e.feature} needs Weaviate ${e.requires}; the server is ${e.serverVersion}`)
 * }
 * ```
 */
export const isUnsupportedVersionError = guard('UnsupportedVersionError')

/**
 * True for a {@link ClassAlreadyExistsError}: `schema.createClass` of a class that exists, also one made by another copy of the package.
 *
 * @example
 * ```ts
 * try {
 *   await firstRight(op)
 * } catch (e) {
 *   if (isClassAlreadyExistsError(e)) console.log(`class ${e.className} is there already`)
 * }
 * ```
 */
export const isClassAlreadyExistsError = guard('ClassAlreadyExistsError')

/**
 * True for a {@link BatchObjectError}: one object of a batch that was not written, also one made by another copy of the package.
 *
 * @example
 * ```ts
 * try {
 *   await firstRight(op)
 * } catch (e) {
 *   if (isBatchObjectError(e)) console.error(`object ${e.index} (${e.uuid ?? 'no id'}): ${e.messages.join('; ')}`)
 * }
 * ```
 */
export const isBatchObjectError = guard('BatchObjectError')

/**
 * True for a {@link BatchReferenceError}: one reference of a batch that was not written, also one made by another copy of the package.
 *
 * @example
 * ```ts
 * try {
 *   await firstRight(op)
 * } catch (e) {
 *   if (isBatchReferenceError(e)) console.error(`reference ${e.index}: ${e.messages.join('; ')}`)
 * }
 * ```
 */
export const isBatchReferenceError = guard('BatchReferenceError')

/**
 * True for a {@link StreamPartitionError}: a partition of a partitioned stream failed, also one made by another copy of the package.
 *
 * @example
 * ```ts
 * try {
 *   await firstRight(op)
 * } catch (e) {
 *   if (isStreamPartitionError(e)) console.log('resume with ranges:', e.remaining)
 * }
 * ```
 */
export const isStreamPartitionError = guard('StreamPartitionError')

/**
 * True for a {@link TenantsPartialError}: a tenant operation of several requests was applied in part, also one made by another copy of the package.
 *
 * @example
 * ```ts
 * try {
 *   await firstRight(op)
 * } catch (e) {
 *   if (isTenantsPartialError(e)) console.log('send again:', [...e.failed, ...e.notSent])
 * }
 * ```
 */
export const isTenantsPartialError = guard('TenantsPartialError')

/**
 * True for a {@link ForbiddenError}: the server refused the request for want of a permission, also one made by another copy of the package.
 *
 * @example
 * ```ts
 * try {
 *   await firstRight(op)
 * } catch (e) {
 *   if (isForbiddenError(e)) console.error(`not allowed: ${e.messages.join('; ')}`)
 * }
 * ```
 */
export const isForbiddenError = guard('ForbiddenError')

/**
 * True for either input error ({@link ArgumentTypeError} or {@link ArgumentValueError}): the
 * caller's input was refused before any request was sent.
 *
 * @example
 * ```ts
 * try {
 *   await firstRight(op)
 * } catch (e) {
 *   if (isArgumentError(e)) console.error(`fix the call: ${e.argument}: ${e.message}`)
 * }
 * ```
 */
export const isArgumentError = (u: unknown): u is ArgumentError => isArgumentTypeError(u) || isArgumentValueError(u)

/**
 * True for a {@link SignInError}: OIDC sign-in failed (discovery or the token endpoint), also one made by another copy of the package.
 *
 * @example
 * ```ts
 * try { await firstRight(client.schema.get()) } catch (e) {
 *   if (isSignInError(e)) console.error(`sign-in failed at ${e.step}: ${e.message}`)
 * }
 * ```
 */
export const isSignInError = guard('SignInError')

/**
 * True for a {@link RefreshTokenRejectedError}: the provider refused the refresh token, also one made by another copy of the package.
 *
 * @example
 * ```ts
 * try { await firstRight(client.schema.get()) } catch (e) {
 *   if (isRefreshTokenRejectedError(e)) console.error('sign in again:', e.error)
 * }
 * ```
 */
export const isRefreshTokenRejectedError = guard('RefreshTokenRejectedError')
