/**
 * The typed failures of weaviate-rx. Every operation reports failures as `Left` values of the
 * {@link WeaviateError} union, discriminated by `_tag`.
 *
 * One table declares every error (`table.ts`): {@link ErrorProps} holds each tag's props (the one
 * place a field is declared and documented), `ERRORS` holds each tag's message formatter and the
 * props it keeps as fields. The classes (`classes.ts`), the union, the tag list and the guards
 * (`guards.ts`) are generated from those two. Adding an error is one entry in each, one
 * `export class` line and one guard line.
 *
 * Modelled on Effect's `HttpClientError`: every constructor takes one props object, `message` is
 * built by the table's formatter, `cause` keeps the underlying error, and the guards check a brand
 * (`Symbol.for('weaviate-rx/WeaviateError')`, made by `core/brand.ts`) instead of `instanceof`, so
 * two copies of the package in one `node_modules` still recognise each other's errors. None of them
 * ever carries an API key or an Authorization header: URLs are stored without credentials
 * (`redact.ts`) and request headers are never kept; only the declared fields of the props are kept.
 *
 * @packageDocumentation
 */
export type { ErrorDescription, ErrorProps, ErrorTag, HttpMethod, TaggedError, TlsFailureReason, WeaviateError } from './table'
export { TAGS, formatError } from './table'
export type { ArgumentError } from './classes'
export {
  AlreadyExistsError,
  ArgumentTypeError,
  ArgumentValueError,
  BatchObjectError,
  BatchReferenceError,
  ClassAlreadyExistsError,
  ConnectionError,
  DecodeError,
  ForbiddenError,
  RefreshTokenRejectedError,
  SignInError,
  StreamPartitionError,
  TenantsPartialError,
  TimeoutError,
  TlsError,
  UnexpectedStatusError,
  UnsupportedVersionError,
} from './classes'
export {
  isAlreadyExistsError,
  isArgumentError,
  isArgumentTypeError,
  isArgumentValueError,
  isBatchObjectError,
  isBatchReferenceError,
  isClassAlreadyExistsError,
  isConnectionError,
  isDecodeError,
  isForbiddenError,
  isRefreshTokenRejectedError,
  isSignInError,
  isStreamPartitionError,
  isTenantsPartialError,
  isTimeoutError,
  isTlsError,
  isUnexpectedStatusError,
  isUnsupportedVersionError,
  isWeaviateError,
} from './guards'
export { redactUrl } from './redact'
