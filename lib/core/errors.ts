/**
 * The typed failures of weaviate-rx. Every operation reports failures as `Left` values of the
 * {@link WeaviateError} union, discriminated by `_tag`.
 *
 * One table declares every error: {@link ErrorProps} holds each tag's props (the one place a field
 * is declared and documented), `ERRORS` holds each tag's message formatter and the props it keeps
 * as fields. The classes, the union, the tag list and the guards are generated from those two.
 * Adding an error is one entry in each, one `export class` line and one guard line.
 *
 * Modelled on Effect's `HttpClientError`: every constructor takes one props object, `message` is
 * built by the table's formatter, `cause` keeps the underlying error, and the guards check a brand
 * (`Symbol.for('weaviate-rx/WeaviateError')`) instead of `instanceof`, so two copies of the package
 * in one `node_modules` still recognise each other's errors. None of them ever carries an API key
 * or an Authorization header: URLs are stored without credentials and request headers are never
 * kept; only the declared fields of the props are kept.
 *
 * @packageDocumentation
 */
import type { UuidRange } from './uuid-range'

/**
 * HTTP methods the client sends.
 *
 * @example
 * ```ts
 * const where = (e: UnexpectedStatusError): `${HttpMethod} ${string}` => `${e.method} ${e.url}`
 * ```
 */
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

// -------------------------------------------------------------------------------------
// props
// -------------------------------------------------------------------------------------

/**
 * The props of every error, by tag: what its constructor takes.
 *
 * @example
 * ```ts
 * const props: ErrorProps['TimeoutError'] = { method: 'GET', url, phase: 'attempt', timeoutMs: 30_000 }
 * ```
 */
export interface ErrorProps {
  readonly ArgumentTypeError: {
    /** The argument's name, as the caller wrote it (`uuid`, `sort.properties`). */
    readonly argument: string
    /** The expected type, in words. */
    readonly expected: string
    /** The type that was given, in words. */
    readonly received: string
  }
  readonly ArgumentValueError: {
    readonly argument: string
    /** What is wrong with the value; this is the error's message. */
    readonly reason: string
    readonly cause?: unknown
  }
  readonly ConnectionError: {
    readonly method: HttpMethod
    /** The request URL, without credentials. */
    readonly url: string
    /** undici's or Node's error code, e.g. `ECONNREFUSED`, `ECONNRESET`, `UND_ERR_SOCKET`. */
    readonly code: string
    /** The underlying message, when it says more than the code (part of the message only). */
    readonly detail: string
    /** The undici or Node error. */
    readonly cause?: unknown
  }
  readonly TimeoutError: {
    readonly method: HttpMethod
    readonly url: string
    /** `'attempt'`: one attempt took too long; `'total'`: the whole operation, retries included. */
    readonly phase: 'attempt' | 'total'
    readonly timeoutMs: number
  }
  readonly UnexpectedStatusError: {
    readonly method: HttpMethod
    readonly url: string
    readonly status: number
    /** The parsed JSON body, the text (capped) when it is not JSON, `undefined` when empty. */
    readonly body: unknown
    /** The messages of every server error shape (`{error:[{message}]}`, `{code,message}`). */
    readonly messages: readonly string[]
    /** The server's `Retry-After` in ms (from delta-seconds or an HTTP-date), when it sent a valid one. */
    readonly retryAfterMs?: number | undefined
  }
  readonly AlreadyExistsError: {
    readonly uuid: string
    readonly className: string
    readonly serverMessage: string
    /** The status error the server answered with. */
    readonly cause?: unknown
  }
  readonly DecodeError: {
    readonly method: HttpMethod
    readonly url: string
    /** At most a few truncated paths, never the whole payload. */
    readonly report: readonly string[]
  }
  readonly UnsupportedVersionError: {
    /** What was asked for, in words (`"list with 'after'"`, `'tenants'`). */
    readonly feature: string
    /** The first server version that has it. */
    readonly requires: string
    /** The connected server's version. */
    readonly serverVersion: string
  }
  readonly ClassAlreadyExistsError: {
    readonly className: string
    readonly serverMessage: string
    /** The status error the server answered with. */
    readonly cause?: unknown
  }
  readonly BatchObjectError: {
    /** The object's position in the source, from 0. */
    readonly index: number
    /** The UUID the object was (or would have been) written under; absent when the item has none. */
    readonly uuid?: string
    /** The object's class; absent when the item has none. */
    readonly className?: string
    /** The server's messages for this object, or the request's failure. */
    readonly messages: readonly string[]
    /**
     * Why the item failed before the server judged it: the input error (`ArgumentTypeError` /
     * `ArgumentValueError`) of a malformed item, or the request failure (`ConnectionError`,
     * `TimeoutError`, ...) when the whole request failed.
     */
    readonly cause?: unknown
  }
  readonly BatchReferenceError: {
    /** The reference's position in the source, from 0. */
    readonly index: number
    /** The source beacon with its property: `weaviate://localhost/<Class>/<uuid>/<property>`; absent when the item has none. */
    readonly from?: string
    /** The target beacon; absent when the item has none. */
    readonly to?: string
    readonly messages: readonly string[]
    /** The input error of a malformed item, or the request failure. */
    readonly cause?: unknown
  }
  readonly StreamPartitionError: {
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
}

/**
 * Every error's tag: the `_tag` of a {@link WeaviateError}.
 *
 * @example
 * ```ts
 * const retryable: readonly ErrorTag[] = ['ConnectionError', 'TimeoutError']
 * ```
 */
export type ErrorTag = keyof ErrorProps

// -------------------------------------------------------------------------------------
// table
// -------------------------------------------------------------------------------------

/** How one error is built from its props. */
interface ErrorDeclaration<P> {
  /**
   * The props kept on the error as its own fields (and, but for `cause`, in `toJSON`). The others
   * only feed the message. `cause` is always kept as the standard `cause`; listing it here types it
   * (for a required cause of a known type).
   */
  readonly fields: ReadonlyArray<keyof P>
  /** The error's `message`. */
  readonly message: (props: P) => string
}

/** `a (b c)` when there is something to put in the parentheses, else `a`. */
const withDetail = (head: string, details: ReadonlyArray<string | undefined>): string => {
  const present = details.filter((d): d is string => d !== undefined)
  return present.length > 0 ? `${head} (${present.join(' ')})` : head
}

/** The table: every tag's fields and formatter. */
const ERRORS = {
  ArgumentTypeError: {
    fields: ['argument', 'expected', 'received'],
    message: (e): string => `'${e.argument}' must be of type ${e.expected}, but was: ${e.received}`,
  },
  ArgumentValueError: {
    fields: ['argument'],
    message: (e): string => e.reason,
  },
  ConnectionError: {
    fields: ['method', 'url', 'code'],
    message: (e): string => `${e.method} ${e.url} failed: connection error ${e.code}${e.detail ? `: ${e.detail}` : ''}`,
  },
  TimeoutError: {
    fields: ['method', 'url', 'phase', 'timeoutMs'],
    message: (e): string => `${e.method} ${e.url} timed out after ${e.timeoutMs} ms (${e.phase} timeout)`,
  },
  UnexpectedStatusError: {
    fields: ['method', 'url', 'status', 'body', 'messages', 'retryAfterMs'],
    message: (e): string =>
      `${e.method} ${e.url} failed: unexpected status ${e.status}` +
      (e.messages.length > 0 ? `: ${e.messages.join('; ')}` : '') +
      (e.status === 413 ? '. Payload Too Large: decrease the request size or raise the server limit' : ''),
  },
  AlreadyExistsError: {
    fields: ['uuid', 'className', 'serverMessage'],
    message: (e): string => `object ${e.uuid} already exists in class ${e.className}`,
  },
  DecodeError: {
    fields: ['method', 'url', 'report'],
    message: (e): string => `${e.method} ${e.url}: response could not be decoded: ${e.report.join('; ')}`,
  },
  UnsupportedVersionError: {
    fields: ['feature', 'requires', 'serverVersion'],
    message: (e): string => `${e.feature} needs Weaviate ${e.requires} or newer; the server is ${e.serverVersion}`,
  },
  ClassAlreadyExistsError: {
    fields: ['className', 'serverMessage'],
    message: (e): string => `class ${e.className} already exists`,
  },
  BatchObjectError: {
    fields: ['index', 'uuid', 'className', 'messages'],
    message: (e): string => `${withDetail(`object ${e.index}`, [e.className, e.uuid])} was not written: ${e.messages.join('; ')}`,
  },
  BatchReferenceError: {
    fields: ['index', 'from', 'to', 'messages'],
    message: (e): string =>
      `${withDetail(`reference ${e.index}`, e.from === undefined && e.to === undefined ? [] : [`${e.from ?? '?'} -> ${e.to ?? '?'}`])} ` +
      `was not written: ${e.messages.join('; ')}`,
  },
  StreamPartitionError: {
    fields: ['cause', 'partition', 'remaining'],
    message: (e): string =>
      `stream partition ${e.partition} failed (${e.remaining.length} ranges not delivered, resume with them as 'ranges'): ${e.cause.message}`,
  },
} as const satisfies { readonly [T in ErrorTag]: ErrorDeclaration<ErrorProps[T]> }

/** Every tag, in the table's order. */
export const TAGS: readonly ErrorTag[] = Object.keys(ERRORS) as ErrorTag[]

/**
 * What {@link formatError} reads: the tag and the props of an error.
 */
export type ErrorDescription = { readonly [T in ErrorTag]: { readonly _tag: T } & ErrorProps[T] }[ErrorTag]

/**
 * The table's formatter for a tag and its props: every error's `message` comes from here.
 */
export const formatError = (e: ErrorDescription): string => declarationOf(e._tag).message(e)

/** The table entry of a tag, typed by its props (the table's literal types say more than needed). */
const declarationOf = <T extends ErrorTag>(tag: T): ErrorDeclaration<ErrorProps[T]> =>
  (ERRORS as { readonly [K in ErrorTag]: ErrorDeclaration<ErrorProps[K]> })[tag]

// -------------------------------------------------------------------------------------
// model
// -------------------------------------------------------------------------------------

/** The brand every weaviate-rx error carries; registered globally so copies of the package agree. */
const ErrorBrand: unique symbol = Symbol.for('weaviate-rx/WeaviateError') as never

/**
 * An error of one tag: `_tag` and `name` are the tag, the table's fields are its own fields.
 *
 * @example
 * ```ts
 * const show = (e: TaggedError<'TimeoutError'>) => `${e.phase} ${e.timeoutMs}`
 * ```
 */
export type TaggedError<T extends ErrorTag> = Error & {
  readonly _tag: T
  readonly name: T
  /** Plain-data form for logs and `JSON.stringify`: the fields and the message, never the stack or the cause. */
  toJSON(): Record<string, unknown>
} & Readonly<Pick<ErrorProps[T], (typeof ERRORS)[T]['fields'][number] & keyof ErrorProps[T]>>

/**
 * The base of every weaviate-rx error: the brand, `message` from the table's formatter, `cause`
 * kept (but never serialised).
 */
abstract class WeaviateErrorBase extends Error {
  readonly [ErrorBrand] = true
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
 * if (e._tag === 'ConnectionError' && e.code === 'ECONNREFUSED') retryLater()
 * ```
 */
export class ConnectionError extends errorClass('ConnectionError') {}

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
 *   if (E.isLeft(r) && r.left._tag === 'StreamPartitionError') resumeLater(r.left.remaining)
 * })
 * ```
 */
export class StreamPartitionError extends errorClass('StreamPartitionError') {}

/**
 * Every failure an operation can report; narrow it with a `switch` on `_tag`.
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
export type WeaviateError = { readonly [T in ErrorTag]: TaggedError<T> }[ErrorTag]

/**
 * Errors raised by input checks, before any request.
 *
 * @example
 * ```ts
 * const isInputError = (e: WeaviateError): e is ArgumentError => e._tag === 'ArgumentTypeError' || e._tag === 'ArgumentValueError'
 * ```
 */
export type ArgumentError = ArgumentTypeError | ArgumentValueError

// -------------------------------------------------------------------------------------
// guards
// -------------------------------------------------------------------------------------

const hasBrand = (u: unknown): u is { readonly _tag: unknown } =>
  typeof u === 'object' && u !== null && (u as Record<symbol, unknown>)[ErrorBrand] === true

const KNOWN_TAGS: ReadonlySet<unknown> = new Set(TAGS)

/**
 * True for any member of the {@link WeaviateError} union, also one made by another copy of the
 * package (the check is the brand and the tag, not `instanceof`). Then narrow on `_tag`.
 *
 * @example
 * ```ts
 * try { await firstRight(op) } catch (e) { if (isWeaviateError(e)) log(e._tag) }
 * ```
 */
export const isWeaviateError = (u: unknown): u is WeaviateError => hasBrand(u) && KNOWN_TAGS.has(u._tag)

/** The guard of one tag: the brand and that tag. */
const guard =
  <T extends ErrorTag>(tag: T) =>
  (u: unknown): u is TaggedError<T> =>
    hasBrand(u) && u._tag === tag

export const isArgumentTypeError = guard('ArgumentTypeError')
export const isArgumentValueError = guard('ArgumentValueError')
export const isConnectionError = guard('ConnectionError')
export const isTimeoutError = guard('TimeoutError')
export const isUnexpectedStatusError = guard('UnexpectedStatusError')
export const isAlreadyExistsError = guard('AlreadyExistsError')
export const isDecodeError = guard('DecodeError')
export const isUnsupportedVersionError = guard('UnsupportedVersionError')
export const isClassAlreadyExistsError = guard('ClassAlreadyExistsError')
export const isBatchObjectError = guard('BatchObjectError')
export const isBatchReferenceError = guard('BatchReferenceError')
export const isStreamPartitionError = guard('StreamPartitionError')

/**
 * True for either input error.
 */
export const isArgumentError = (u: unknown): u is ArgumentError => isArgumentTypeError(u) || isArgumentValueError(u)

// -------------------------------------------------------------------------------------
// redaction
// -------------------------------------------------------------------------------------

/**
 * Removes credentials from a URL before it is stored in an error: user info and an
 * `access_token` query parameter (the server accepts the key there too).
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
