/**
 * The typed failures of weaviate-rx. Every operation reports failures as `Left` values of the
 * {@link WeaviateError} union, discriminated by `_tag`. None of them ever carries an API key or an
 * Authorization header: URLs are stored without credentials and request headers are never kept.
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

abstract class TaggedError extends Error {
  abstract readonly _tag: string
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
export class ArgumentTypeError extends TaggedError {
  readonly _tag = 'ArgumentTypeError' as const
  constructor(
    readonly argument: string,
    readonly expected: string,
    readonly received: string,
  ) {
    super(`'${argument}' must be of type ${expected}, but was: ${received}`)
    this.name = 'ArgumentTypeError'
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
export class ArgumentValueError extends TaggedError {
  readonly _tag = 'ArgumentValueError' as const
  constructor(
    readonly argument: string,
    message: string,
  ) {
    super(message)
    this.name = 'ArgumentValueError'
  }
}

/**
 * The network connection failed (refused, reset, DNS, socket closed). `code` is undici's or Node's
 * error code, e.g. `ECONNREFUSED`, `ECONNRESET`, `UND_ERR_SOCKET`.
 *
 * @example
 * ```ts
 * if (isWeaviateError(e) && e._tag === 'ConnectionError' && e.code === 'ECONNREFUSED') retryLater()
 * ```
 */
export class ConnectionError extends TaggedError {
  readonly _tag = 'ConnectionError' as const
  constructor(
    readonly method: HttpMethod,
    readonly url: string,
    readonly code: string,
    detail: string,
    override readonly cause?: unknown,
  ) {
    super(`${method} ${url} failed: connection error ${code}${detail ? `: ${detail}` : ''}`)
    this.name = 'ConnectionError'
  }
}

/**
 * A request took too long: one attempt (`phase: 'attempt'`, headers and body both count) or the
 * whole operation including retries and backoff (`phase: 'total'`).
 *
 * @example
 * ```ts
 * connect({ url, timeout: { attemptMs: 5_000, totalMs: 20_000 } })
 * ```
 */
export class TimeoutError extends TaggedError {
  readonly _tag = 'TimeoutError' as const
  constructor(
    readonly method: HttpMethod,
    readonly url: string,
    readonly phase: 'attempt' | 'total',
    readonly timeoutMs: number,
  ) {
    super(`${method} ${url} timed out after ${timeoutMs} ms (${phase} timeout)`)
    this.name = 'TimeoutError'
  }
}

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
export class UnexpectedStatusError extends TaggedError {
  readonly _tag = 'UnexpectedStatusError' as const
  constructor(
    readonly method: HttpMethod,
    readonly url: string,
    readonly status: number,
    readonly body: unknown,
    readonly messages: readonly string[],
    /** The server's `Retry-After` in ms (from delta-seconds or an HTTP-date), when it sent one. */
    readonly retryAfterMs?: number,
  ) {
    super(
      `${method} ${url} failed: unexpected status ${status}` +
        (messages.length > 0 ? `: ${messages.join('; ')}` : '') +
        (status === 413
          ? '. Payload Too Large: decrease the request size or raise the server limit'
          : ''),
    )
    this.name = 'UnexpectedStatusError'
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
export class AlreadyExistsError extends TaggedError {
  readonly _tag = 'AlreadyExistsError' as const
  constructor(
    readonly uuid: string,
    readonly className: string,
    readonly serverMessage: string,
  ) {
    super(`object ${uuid} already exists in class ${className}`)
    this.name = 'AlreadyExistsError'
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
export class DecodeError extends TaggedError {
  readonly _tag = 'DecodeError' as const
  constructor(
    readonly method: HttpMethod,
    readonly url: string,
    readonly report: readonly string[],
  ) {
    super(`${method} ${url}: response could not be decoded: ${report.join('; ')}`)
    this.name = 'DecodeError'
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

/**
 * Errors raised by input checks, before any request.
 *
 * @example
 * ```ts
 * const isInputError = (e: WeaviateError): e is ArgumentError =>
 *   e._tag === 'ArgumentTypeError' || e._tag === 'ArgumentValueError'
 * ```
 */
export type ArgumentError = ArgumentTypeError | ArgumentValueError

/**
 * True for any member of the {@link WeaviateError} union.
 *
 * @example
 * ```ts
 * try { await firstValueFrom(op.pipe(rightOrThrow())) } catch (e) { if (isWeaviateError(e)) log(e._tag) }
 * ```
 */
export const isWeaviateError = (u: unknown): u is WeaviateError =>
  u instanceof ArgumentTypeError ||
  u instanceof ArgumentValueError ||
  u instanceof ConnectionError ||
  u instanceof TimeoutError ||
  u instanceof UnexpectedStatusError ||
  u instanceof AlreadyExistsError ||
  u instanceof DecodeError

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
