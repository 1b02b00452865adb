/**
 * The typed failures of weaviate-rx. Every operation reports failures as `Left` values of the
 * {@link WeaviateError} union, discriminated by `_tag`.
 *
 * Modelled on Effect's `HttpClientError`: every constructor takes one props object, `message` is
 * built by one formatter ({@link formatError}), `cause` keeps the underlying error, and the guards
 * check a brand (`Symbol.for('weaviate-rx/WeaviateError')`) instead of `instanceof`, so two copies
 * of the package in one `node_modules` still recognise each other's errors. None of them ever
 * carries an API key or an Authorization header: URLs are stored without credentials and request
 * headers are never kept.
 *
 * @packageDocumentation
 */

/**
 * HTTP methods the client sends.
 *
 * @example
 * ```ts
 * const where = (e: UnexpectedStatusError): `${HttpMethod} ${string}` => `${e.method} ${e.url}`
 * ```
 */
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

import type { UuidRange } from './paging/uuid-partitions'

// -------------------------------------------------------------------------------------
// brand
// -------------------------------------------------------------------------------------

/** The brand every weaviate-rx error carries; registered globally so copies of the package agree. */
const ErrorBrand: unique symbol = Symbol.for('weaviate-rx/WeaviateError') as never

const hasBrand = (u: unknown): u is { readonly _tag: unknown } =>
  typeof u === 'object' && u !== null && (u as Record<symbol, unknown>)[ErrorBrand] === true

// -------------------------------------------------------------------------------------
// props
// -------------------------------------------------------------------------------------

/**
 * Props of {@link ArgumentTypeError}.
 *
 * @example
 * ```ts
 * const props: ArgumentTypeErrorProps = { argument: 'uuid', expected: 'string', received: 'number' }
 * ```
 */
export interface ArgumentTypeErrorProps {
  /** The argument's name, as the caller wrote it (`uuid`, `sort.properties`). */
  readonly argument: string
  /** The expected type, in words. */
  readonly expected: string
  /** The type that was given, in words. */
  readonly received: string
}

/**
 * Props of {@link ArgumentValueError}.
 *
 * @example
 * ```ts
 * const props: ArgumentValueErrorProps = { argument: 'limit', reason: "'limit' must be a positive integer" }
 * ```
 */
export interface ArgumentValueErrorProps {
  readonly argument: string
  /** What is wrong with the value; this is the error's message. */
  readonly reason: string
  readonly cause?: unknown
}

/**
 * Props of {@link ConnectionError}.
 *
 * @example
 * ```ts
 * const props: ConnectionErrorProps = { method: 'GET', url: 'http://127.0.0.1:8080/v1/meta', code: 'ECONNREFUSED', detail: '' }
 * ```
 */
export interface ConnectionErrorProps {
  readonly method: HttpMethod
  /** The request URL, without credentials. */
  readonly url: string
  /** undici's or Node's error code, e.g. `ECONNREFUSED`, `ECONNRESET`, `UND_ERR_SOCKET`. */
  readonly code: string
  /** The underlying message, when it says more than the code. */
  readonly detail: string
  /** The undici or Node error. */
  readonly cause?: unknown
}

/**
 * Props of {@link TimeoutError}.
 *
 * @example
 * ```ts
 * const props: TimeoutErrorProps = { method: 'GET', url, phase: 'attempt', timeoutMs: 30_000 }
 * ```
 */
export interface TimeoutErrorProps {
  readonly method: HttpMethod
  readonly url: string
  /** `'attempt'`: one attempt took too long; `'total'`: the whole operation, retries included. */
  readonly phase: 'attempt' | 'total'
  readonly timeoutMs: number
}

/**
 * Props of {@link UnexpectedStatusError}.
 *
 * @example
 * ```ts
 * const props: UnexpectedStatusErrorProps = { method: 'GET', url, status: 503, body: undefined, messages: [] }
 * ```
 */
export interface UnexpectedStatusErrorProps {
  readonly method: HttpMethod
  readonly url: string
  readonly status: number
  /** The parsed JSON body, the text (capped) when it is not JSON, `undefined` when empty. */
  readonly body: unknown
  /** The messages of every server error shape (`{error:[{message}]}`, `{code,message}`). */
  readonly messages: readonly string[]
  /** The server's `Retry-After` in ms, when it sent a valid one. */
  readonly retryAfterMs?: number | undefined
}

/**
 * Props of {@link AlreadyExistsError}.
 *
 * @example
 * ```ts
 * const props: AlreadyExistsErrorProps = { uuid, className: 'Article', serverMessage: 'id already exists' }
 * ```
 */
export interface AlreadyExistsErrorProps {
  readonly uuid: string
  readonly className: string
  readonly serverMessage: string
  /** The status error the server answered with. */
  readonly cause?: unknown
}

/**
 * Props of {@link DecodeError}.
 *
 * @example
 * ```ts
 * const props: DecodeErrorProps = { method: 'GET', url, report: ['properties.pages: expected number'] }
 * ```
 */
export interface DecodeErrorProps {
  readonly method: HttpMethod
  readonly url: string
  /** At most a few truncated paths, never the whole payload. */
  readonly report: readonly string[]
}

/**
 * Props of {@link UnsupportedVersionError}.
 *
 * @example
 * ```ts
 * const props: UnsupportedVersionErrorProps = { feature: "list with 'after'", requires: '1.18.0', serverVersion: '1.14.1' }
 * ```
 */
export interface UnsupportedVersionErrorProps {
  /** What was asked for, in words (`"list with 'after'"`, `'tenants'`). */
  readonly feature: string
  /** The first server version that has it. */
  readonly requires: string
  /** The connected server's version. */
  readonly serverVersion: string
}

/**
 * Props of {@link ClassAlreadyExistsError}.
 *
 * @example
 * ```ts
 * const props: ClassAlreadyExistsErrorProps = { className: 'Article', serverMessage: 'class name Article already exists' }
 * ```
 */
export interface ClassAlreadyExistsErrorProps {
  readonly className: string
  readonly serverMessage: string
  /** The status error the server answered with. */
  readonly cause?: unknown
}

/**
 * Props of {@link BatchObjectError}.
 *
 * @example
 * ```ts
 * const props: BatchObjectErrorProps = { index: 3, uuid, className: 'Article', messages: ["invalid text property 'title'"] }
 * ```
 */
export interface BatchObjectErrorProps {
  /** The object's position in the source, from 0. */
  readonly index: number
  /** The UUID the object was (or would have been) written under. */
  readonly uuid: string
  readonly className: string
  /** The server's messages for this object, or the request's failure. */
  readonly messages: readonly string[]
  /** The request failure (ConnectionError, TimeoutError, ...) when the whole request failed. */
  readonly cause?: unknown
}

/**
 * Props of {@link BatchReferenceError}.
 *
 * @example
 * ```ts
 * const props: BatchReferenceErrorProps = { index: 0, from: 'weaviate://localhost/Article/<id>/writtenBy', to: 'weaviate://localhost/Author/<id>', messages: ['...'] }
 * ```
 */
export interface BatchReferenceErrorProps {
  readonly index: number
  /** The source beacon with its property: `weaviate://localhost/<Class>/<uuid>/<property>`. */
  readonly from: string
  /** The target beacon. */
  readonly to: string
  readonly messages: readonly string[]
  readonly cause?: unknown
}

/**
 * Props of {@link StreamPartitionError}.
 *
 * @example
 * ```ts
 * const props: StreamPartitionErrorProps = { cause, partition: 2, remaining: [{ after: lastId, before: '80000000-0000-0000-0000-000000000000' }] }
 * ```
 */
export interface StreamPartitionErrorProps {
  /** The failure of the partition (after the client's retries). */
  readonly cause: WeaviateError
  /** The index of the failed partition. */
  readonly partition: number
  /**
   * Exactly what was not delivered: for every partition not yet delivered to its end, its range
   * starting after the last object delivered from it. Pass it as `ranges` to resume.
   */
  readonly remaining: readonly UuidRange[]
}

// -------------------------------------------------------------------------------------
// formatter
// -------------------------------------------------------------------------------------

/**
 * The one formatter every error's `message` comes from.
 *
 * @example
 * ```ts
 * formatError({ _tag: 'TimeoutError', method: 'GET', url, phase: 'attempt', timeoutMs: 10 })
 * // 'GET http://.../v1/meta timed out after 10 ms (attempt timeout)'
 * ```
 */
export const formatError = (e: ErrorDescription): string => {
  switch (e._tag) {
    case 'ArgumentTypeError':
      return `'${e.argument}' must be of type ${e.expected}, but was: ${e.received}`
    case 'ArgumentValueError':
      return e.reason
    case 'ConnectionError':
      return `${e.method} ${e.url} failed: connection error ${e.code}${e.detail ? `: ${e.detail}` : ''}`
    case 'TimeoutError':
      return `${e.method} ${e.url} timed out after ${e.timeoutMs} ms (${e.phase} timeout)`
    case 'UnexpectedStatusError':
      return (
        `${e.method} ${e.url} failed: unexpected status ${e.status}` +
        (e.messages.length > 0 ? `: ${e.messages.join('; ')}` : '') +
        (e.status === 413 ? '. Payload Too Large: decrease the request size or raise the server limit' : '')
      )
    case 'AlreadyExistsError':
      return `object ${e.uuid} already exists in class ${e.className}`
    case 'DecodeError':
      return `${e.method} ${e.url}: response could not be decoded: ${e.report.join('; ')}`
    case 'UnsupportedVersionError':
      return `${e.feature} needs Weaviate ${e.requires} or newer; the server is ${e.serverVersion}`
    case 'ClassAlreadyExistsError':
      return `class ${e.className} already exists`
    case 'BatchObjectError':
      return `object ${e.index} (${e.className} ${e.uuid}) was not written: ${e.messages.join('; ')}`
    case 'BatchReferenceError':
      return `reference ${e.index} (${e.from} -> ${e.to}) was not written: ${e.messages.join('; ')}`
    case 'StreamPartitionError':
      return `stream partition ${e.partition} failed (${e.remaining.length} ranges not delivered, resume with them as 'ranges'): ${e.cause.message}`
  }
}

/**
 * What {@link formatError} reads: the tag and the props of an error.
 *
 * @example
 * ```ts
 * const d: ErrorDescription = { _tag: 'ArgumentValueError', argument: 'limit', reason: 'too big' }
 * ```
 */
export type ErrorDescription =
  | ({ readonly _tag: 'ArgumentTypeError' } & ArgumentTypeErrorProps)
  | ({ readonly _tag: 'ArgumentValueError' } & ArgumentValueErrorProps)
  | ({ readonly _tag: 'ConnectionError' } & ConnectionErrorProps)
  | ({ readonly _tag: 'TimeoutError' } & TimeoutErrorProps)
  | ({ readonly _tag: 'UnexpectedStatusError' } & UnexpectedStatusErrorProps)
  | ({ readonly _tag: 'AlreadyExistsError' } & AlreadyExistsErrorProps)
  | ({ readonly _tag: 'DecodeError' } & DecodeErrorProps)
  | ({ readonly _tag: 'UnsupportedVersionError' } & UnsupportedVersionErrorProps)
  | ({ readonly _tag: 'ClassAlreadyExistsError' } & ClassAlreadyExistsErrorProps)
  | ({ readonly _tag: 'BatchObjectError' } & BatchObjectErrorProps)
  | ({ readonly _tag: 'BatchReferenceError' } & BatchReferenceErrorProps)
  | ({ readonly _tag: 'StreamPartitionError' } & StreamPartitionErrorProps)

// -------------------------------------------------------------------------------------
// model
// -------------------------------------------------------------------------------------

/**
 * The base of every weaviate-rx error: the brand, the props as own fields, `message` from
 * {@link formatError}, and `cause` kept (but never serialised).
 */
abstract class TaggedError<Tag extends ErrorDescription['_tag']> extends Error {
  readonly [ErrorBrand] = true
  abstract override readonly name: Tag
  abstract readonly _tag: Tag
  protected constructor(description: Extract<ErrorDescription, { readonly _tag: Tag }>) {
    super(formatError(description), 'cause' in description ? { cause: description.cause } : undefined)
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

/**
 * An argument has the wrong type. Raised before any request is sent.
 *
 * @example
 * ```ts
 * client.objects.getById({ uuid: 42 as unknown as string })
 * // emits left(ArgumentTypeError { argument: 'uuid', expected: 'string', received: 'number' })
 * ```
 */
export class ArgumentTypeError extends TaggedError<'ArgumentTypeError'> {
  readonly _tag = 'ArgumentTypeError' as const
  override readonly name = 'ArgumentTypeError' as const
  readonly argument: string
  readonly expected: string
  readonly received: string
  constructor(props: ArgumentTypeErrorProps) {
    super({ _tag: 'ArgumentTypeError', ...props })
    this.argument = props.argument
    this.expected = props.expected
    this.received = props.received
  }
}

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
export class ArgumentValueError extends TaggedError<'ArgumentValueError'> {
  readonly _tag = 'ArgumentValueError' as const
  override readonly name = 'ArgumentValueError' as const
  readonly argument: string
  constructor(props: ArgumentValueErrorProps) {
    super({ _tag: 'ArgumentValueError', ...props })
    this.argument = props.argument
  }
}

/**
 * The network connection failed (refused, reset, DNS, socket closed). `code` is undici's or Node's
 * error code; `cause` is the undici error.
 *
 * @example
 * ```ts
 * if (isConnectionError(e) && e.code === 'ECONNREFUSED') retryLater()
 * ```
 */
export class ConnectionError extends TaggedError<'ConnectionError'> {
  readonly _tag = 'ConnectionError' as const
  override readonly name = 'ConnectionError' as const
  readonly method: HttpMethod
  readonly url: string
  readonly code: string
  constructor(props: ConnectionErrorProps) {
    super({ _tag: 'ConnectionError', ...props })
    this.method = props.method
    this.url = props.url
    this.code = props.code
  }
}

/**
 * A request took too long: one attempt (`phase: 'attempt'`, headers and body both count) or the
 * whole operation including retries and backoff (`phase: 'total'`).
 *
 * @example
 * ```ts
 * client.objects.list({ className: 'A', timeout: { attemptMs: 5_000 } }).subscribe((r) => {
 *   if (E.isLeft(r) && isTimeoutError(r.left)) console.error(r.left.phase)
 * })
 * ```
 */
export class TimeoutError extends TaggedError<'TimeoutError'> {
  readonly _tag = 'TimeoutError' as const
  override readonly name = 'TimeoutError' as const
  readonly method: HttpMethod
  readonly url: string
  readonly phase: 'attempt' | 'total'
  readonly timeoutMs: number
  constructor(props: TimeoutErrorProps) {
    super({ _tag: 'TimeoutError', ...props })
    this.method = props.method
    this.url = props.url
    this.phase = props.phase
    this.timeoutMs = props.timeoutMs
  }
}

/**
 * The server answered with a status the operation does not accept. `body` is the parsed JSON body
 * (or the text, capped, when it is not JSON; `undefined` when empty); `messages` holds the messages
 * of every server error shape (`{error:[{message}]}`, `{code,message}`).
 *
 * @example
 * ```ts
 * if (isUnexpectedStatusError(e) && e.status === 422) console.error(e.messages.join('; '))
 * ```
 */
export class UnexpectedStatusError extends TaggedError<'UnexpectedStatusError'> {
  readonly _tag = 'UnexpectedStatusError' as const
  override readonly name = 'UnexpectedStatusError' as const
  readonly method: HttpMethod
  readonly url: string
  readonly status: number
  readonly body: unknown
  readonly messages: readonly string[]
  /** The server's `Retry-After` in ms (from delta-seconds or an HTTP-date), when it sent one. */
  readonly retryAfterMs?: number
  constructor(props: UnexpectedStatusErrorProps) {
    super({ _tag: 'UnexpectedStatusError', ...props })
    this.method = props.method
    this.url = props.url
    this.status = props.status
    this.body = props.body
    this.messages = props.messages
    if (props.retryAfterMs !== undefined) this.retryAfterMs = props.retryAfterMs
  }
}

/**
 * Create was asked to use a UUID that already exists in the class.
 *
 * @example
 * ```ts
 * client.objects.create({ className: 'Article', uuid, dataObject: {} })
 * // second time: left(AlreadyExistsError { uuid })
 * ```
 */
export class AlreadyExistsError extends TaggedError<'AlreadyExistsError'> {
  readonly _tag = 'AlreadyExistsError' as const
  override readonly name = 'AlreadyExistsError' as const
  readonly uuid: string
  readonly className: string
  readonly serverMessage: string
  constructor(props: AlreadyExistsErrorProps) {
    super({ _tag: 'AlreadyExistsError', ...props })
    this.uuid = props.uuid
    this.className = props.className
    this.serverMessage = props.serverMessage
  }
}

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
export class DecodeError extends TaggedError<'DecodeError'> {
  readonly _tag = 'DecodeError' as const
  override readonly name = 'DecodeError' as const
  readonly method: HttpMethod
  readonly url: string
  readonly report: readonly string[]
  constructor(props: DecodeErrorProps) {
    super({ _tag: 'DecodeError', ...props })
    this.method = props.method
    this.url = props.url
    this.report = props.report
  }
}

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
export class UnsupportedVersionError extends TaggedError<'UnsupportedVersionError'> {
  readonly _tag = 'UnsupportedVersionError' as const
  override readonly name = 'UnsupportedVersionError' as const
  readonly feature: string
  readonly requires: string
  readonly serverVersion: string
  constructor(props: UnsupportedVersionErrorProps) {
    super({ _tag: 'UnsupportedVersionError', ...props })
    this.feature = props.feature
    this.requires = props.requires
    this.serverVersion = props.serverVersion
  }
}

/**
 * `schema.createClass` was asked for a class that already exists.
 *
 * @example
 * ```ts
 * client.schema.createClass({ class: 'Article' })
 * // second time: left(ClassAlreadyExistsError { className: 'Article' })
 * ```
 */
export class ClassAlreadyExistsError extends TaggedError<'ClassAlreadyExistsError'> {
  readonly _tag = 'ClassAlreadyExistsError' as const
  override readonly name = 'ClassAlreadyExistsError' as const
  readonly className: string
  readonly serverMessage: string
  constructor(props: ClassAlreadyExistsErrorProps) {
    super({ _tag: 'ClassAlreadyExistsError', ...props })
    this.className = props.className
    this.serverMessage = props.serverMessage
  }
}

/**
 * One object of `objects.batch` that was not written: the server rejected it (its messages), or
 * its request failed for good after the retries (`cause`).
 *
 * @example
 * ```ts
 * client.objects.batch(objects).subscribe((r) => {
 *   if (E.isLeft(r) && isBatchObjectError(r.left)) console.error(r.left.index, r.left.uuid, r.left.messages)
 * })
 * ```
 */
export class BatchObjectError extends TaggedError<'BatchObjectError'> {
  readonly _tag = 'BatchObjectError' as const
  override readonly name = 'BatchObjectError' as const
  readonly index: number
  readonly uuid: string
  readonly className: string
  readonly messages: readonly string[]
  constructor(props: BatchObjectErrorProps) {
    super({ _tag: 'BatchObjectError', ...props })
    this.index = props.index
    this.uuid = props.uuid
    this.className = props.className
    this.messages = props.messages
  }
}

/**
 * One reference of `references.batch` that was not written.
 *
 * @example
 * ```ts
 * client.references.batch(refs).subscribe((r) => {
 *   if (E.isLeft(r) && isBatchReferenceError(r.left)) console.error(r.left.index, r.left.messages)
 * })
 * ```
 */
export class BatchReferenceError extends TaggedError<'BatchReferenceError'> {
  readonly _tag = 'BatchReferenceError' as const
  override readonly name = 'BatchReferenceError' as const
  readonly index: number
  readonly from: string
  readonly to: string
  readonly messages: readonly string[]
  constructor(props: BatchReferenceErrorProps) {
    super({ _tag: 'BatchReferenceError', ...props })
    this.index = props.index
    this.from = props.from
    this.to = props.to
    this.messages = props.messages
  }
}

/**
 * A partitioned stream (`partitions > 1` or `ranges`) stopped because one partition failed. The
 * objects emitted before it are exactly the ones outside `remaining`: resuming with
 * `ranges: remaining` delivers every other object of the class exactly once.
 *
 * @example
 * ```ts
 * client.objects.stream({ className: 'Article', partitions: 4 }).subscribe((r) => {
 *   if (E.isLeft(r) && isStreamPartitionError(r.left)) resumeLater(r.left.remaining)
 * })
 * ```
 */
export class StreamPartitionError extends TaggedError<'StreamPartitionError'> {
  readonly _tag = 'StreamPartitionError' as const
  override readonly name = 'StreamPartitionError' as const
  override readonly cause: WeaviateError
  readonly partition: number
  readonly remaining: readonly UuidRange[]
  constructor(props: StreamPartitionErrorProps) {
    super({ _tag: 'StreamPartitionError', ...props })
    this.cause = props.cause
    this.partition = props.partition
    this.remaining = props.remaining
  }
}

/**
 * Every failure an operation can report.
 *
 * @example
 * ```ts
 * const describe = (e: WeaviateError): string => {
 *   switch (e._tag) {
 *     case 'ArgumentTypeError':
 *     case 'ArgumentValueError': return `bad input: ${e.message}`
 *     case 'ConnectionError': return `network: ${e.code}`
 *     case 'TimeoutError': return `slow: ${e.phase}`
 *     case 'UnexpectedStatusError': return `server said ${e.status}`
 *     case 'AlreadyExistsError': return `duplicate ${e.uuid}`
 *     case 'DecodeError': return e.report.join('\n')
 *     case 'UnsupportedVersionError': return `upgrade to ${e.requires}`
 *     case 'ClassAlreadyExistsError': return `class ${e.className} is there`
 *     case 'BatchObjectError': return `object ${e.index} failed`
 *     case 'BatchReferenceError': return `reference ${e.index} failed`
 *     case 'StreamPartitionError': return `stream stopped; resume with ${e.remaining.length} ranges`
 *   }
 * }
 * ```
 */
export type WeaviateError =
  | ArgumentTypeError
  | ArgumentValueError
  | ConnectionError
  | TimeoutError
  | UnexpectedStatusError
  | AlreadyExistsError
  | DecodeError
  | UnsupportedVersionError
  | ClassAlreadyExistsError
  | BatchObjectError
  | BatchReferenceError
  | StreamPartitionError

/**
 * Errors raised by input checks, before any request.
 *
 * @example
 * ```ts
 * const isInputError = (e: WeaviateError): e is ArgumentError => isArgumentError(e)
 * ```
 */
export type ArgumentError = ArgumentTypeError | ArgumentValueError

// -------------------------------------------------------------------------------------
// guards
// -------------------------------------------------------------------------------------

const TAGS: ReadonlySet<string> = new Set<WeaviateError['_tag']>([
  'ArgumentTypeError',
  'ArgumentValueError',
  'ConnectionError',
  'TimeoutError',
  'UnexpectedStatusError',
  'AlreadyExistsError',
  'DecodeError',
  'UnsupportedVersionError',
  'ClassAlreadyExistsError',
  'BatchObjectError',
  'BatchReferenceError',
  'StreamPartitionError',
])

/**
 * True for any member of the {@link WeaviateError} union, also one made by another copy of the
 * package (the check is the brand and the tag, not `instanceof`).
 *
 * @example
 * ```ts
 * try { await firstRight(op) } catch (e) { if (isWeaviateError(e)) log(e._tag) }
 * ```
 */
export const isWeaviateError = (u: unknown): u is WeaviateError =>
  hasBrand(u) && typeof u._tag === 'string' && TAGS.has(u._tag)

const guard =
  <Tag extends WeaviateError['_tag']>(tag: Tag) =>
  (u: unknown): u is Extract<WeaviateError, { readonly _tag: Tag }> =>
    hasBrand(u) && u._tag === tag

/**
 * @example
 * ```ts
 * if (isArgumentTypeError(e)) console.error(e.argument, e.expected)
 * ```
 */
export const isArgumentTypeError = guard('ArgumentTypeError')
/**
 * @example
 * ```ts
 * if (isArgumentValueError(e)) console.error(e.argument, e.message)
 * ```
 */
export const isArgumentValueError = guard('ArgumentValueError')
/**
 * True for either input error.
 *
 * @example
 * ```ts
 * if (isArgumentError(e)) console.error('bad input', e.argument)
 * ```
 */
export const isArgumentError = (u: unknown): u is ArgumentError => isArgumentTypeError(u) || isArgumentValueError(u)
/**
 * @example
 * ```ts
 * if (isConnectionError(e) && e.code === 'ECONNREFUSED') retryLater()
 * ```
 */
export const isConnectionError = guard('ConnectionError')
/**
 * @example
 * ```ts
 * if (isTimeoutError(e)) console.error(e.phase, e.timeoutMs)
 * ```
 */
export const isTimeoutError = guard('TimeoutError')
/**
 * @example
 * ```ts
 * if (isUnexpectedStatusError(e) && e.status === 401) askForKey()
 * ```
 */
export const isUnexpectedStatusError = guard('UnexpectedStatusError')
/**
 * @example
 * ```ts
 * if (isAlreadyExistsError(e)) console.log('kept', e.uuid)
 * ```
 */
export const isAlreadyExistsError = guard('AlreadyExistsError')
/**
 * @example
 * ```ts
 * if (isDecodeError(e)) console.error(e.report.join('\n'))
 * ```
 */
export const isDecodeError = guard('DecodeError')
/**
 * @example
 * ```ts
 * if (isUnsupportedVersionError(e)) console.error(`upgrade Weaviate to ${e.requires}`)
 * ```
 */
export const isUnsupportedVersionError = guard('UnsupportedVersionError')
/**
 * @example
 * ```ts
 * if (isClassAlreadyExistsError(e)) console.log('class', e.className, 'is there')
 * ```
 */
export const isClassAlreadyExistsError = guard('ClassAlreadyExistsError')
/**
 * @example
 * ```ts
 * if (isBatchObjectError(e)) console.error(e.index, e.uuid, e.messages)
 * ```
 */
export const isBatchObjectError = guard('BatchObjectError')
/**
 * @example
 * ```ts
 * if (isBatchReferenceError(e)) console.error(e.index, e.from, e.to)
 * ```
 */
export const isBatchReferenceError = guard('BatchReferenceError')
/**
 * @example
 * ```ts
 * if (isStreamPartitionError(e)) resume(e.remaining)
 * ```
 */
export const isStreamPartitionError = guard('StreamPartitionError')

/**
 * Removes credentials from a URL before it is stored in an error: user info and an
 * `access_token` query parameter (the server accepts the key there too).
 *
 * @example
 * ```ts
 * redactUrl('http://u:p@127.0.0.1:8080/v1/meta?access_token=k') // 'http://127.0.0.1:8080/v1/meta'
 * ```
 */
export const redactUrl = (raw: string): string => {
  try {
    const url = new URL(raw)
    url.username = ''
    url.password = ''
    url.searchParams.delete('access_token')
    return url.toString()
  } catch {
    // Unparseable: strip user info and the token by pattern rather than keep them.
    return raw.replace(/\/\/[^/?#]*@/, '//').replace(/([?&]access_token=)[^&#]*/gi, '$1<redacted>')
  }
}
