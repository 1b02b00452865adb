/**
 * The error table, the one place every error is declared: {@link ErrorProps} holds each tag's
 * props (the one place a field is declared and documented), `ERRORS` each tag's message formatter
 * and the props it keeps as fields. The error types ({@link TaggedError}, the {@link WeaviateError}
 * union) are read from the two; the classes (`classes.ts`) and the guards (`guards.ts`) are
 * generated from them.
 *
 * @packageDocumentation
 */
import type { UuidRange } from '../uuid-range'

/**
 * HTTP methods the client sends.
 *
 * @example
 * ```ts
 * const where = (e: UnexpectedStatusError): `${HttpMethod} ${string}` => `${e.method} ${e.url}`
 * ```
 */
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * Why a TLS handshake failed: what {@link ErrorProps}' `TlsError.reason` says.
 *
 * @example
 * ```ts
 * const fixable: TlsFailureReason[] = ['untrusted-certificate', 'hostname-mismatch']
 * ```
 */
export type TlsFailureReason =
  | 'untrusted-certificate'
  | 'hostname-mismatch'
  | 'certificate-expired'
  | 'client-certificate-required'
  | 'client-certificate-rejected'

/** What to do about each {@link TlsFailureReason}, for the message. */
const TLS_ADVICE: Readonly<Record<TlsFailureReason, string>> = {
  'untrusted-certificate':
    "the server's TLS certificate is not trusted: pass the certificate authority that signed it as tls.ca (or set NODE_EXTRA_CA_CERTS)",
  'hostname-mismatch':
    "the server's TLS certificate is not valid for this host: connect by a name the certificate lists, or pass that name as tls.servername",
  'certificate-expired': "the server's TLS certificate has expired or is not yet valid",
  'client-certificate-required':
    'the server requires a client certificate and got none: pass tls.cert and tls.key, signed by a certificate authority the server trusts',
  'client-certificate-rejected':
    'the server refused the client certificate: pass tls.cert and tls.key signed by a certificate authority the server trusts',
}

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
  readonly TlsError: {
    readonly method: HttpMethod
    /** The request URL (a gRPC call's `https://host:port/<method>`), without credentials. */
    readonly url: string
    /**
     * What failed: `'untrusted-certificate'` (no trusted CA signed the server's certificate),
     * `'hostname-mismatch'` (the certificate is not for the host or `tls.servername`),
     * `'certificate-expired'` (expired or not yet valid), `'client-certificate-required'` (the
     * server wants a client certificate and got none), `'client-certificate-rejected'` (the server
     * refused the client's certificate).
     */
    readonly reason: TlsFailureReason
    /** Node's or OpenSSL's code, e.g. `SELF_SIGNED_CERT_IN_CHAIN`, `ERR_TLS_CERT_ALTNAME_INVALID`. */
    readonly code: string
    /** Node's message (part of the message only). */
    readonly detail: string
    /** The Node or grpc-js error. */
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
  readonly ForbiddenError: {
    readonly method: HttpMethod
    readonly url: string
    /**
     * The server's messages: what was refused and for want of which permission
     * (`"forbidden: ... read_data ... Collection: [Article]"`).
     */
    readonly messages: readonly string[]
    /** The parsed error body (or the gRPC status and details). */
    readonly body: unknown
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
  readonly TenantsPartialError: {
    /** The operation, as its name reads: `tenants.deactivate`, `tenants.update`, ... */
    readonly operation: string
    readonly className: string
    /** The tenants of the requests the server accepted: the change holds for them. */
    readonly applied: readonly string[]
    /**
     * The tenants of the request that failed: each may or may not have changed. The server changes
     * the tenants of a request it has and then refuses the request for those it has not (a 422
     * naming them); after a timeout or a lost connection it may have applied the request whole.
     * Read them back to know.
     */
    readonly failed: readonly string[]
    /** The tenants of the requests never sent: not changed. */
    readonly notSent: readonly string[]
    /** The failure of the request that failed. */
    readonly cause: WeaviateError
  }
  readonly SignInError: {
    /** The sign-in flow of the client's `auth` option. */
    readonly flow: 'clientCredentials' | 'password' | 'bearerToken'
    /**
     * `'discovery'`: reading the server's `/v1/.well-known/openid-configuration` or the provider's
     * metadata failed; `'token'`: the provider's token endpoint refused or could not be reached.
     */
    readonly step: 'discovery' | 'token'
    /** The provider's OAuth error code (`invalid_client`, `invalid_grant`, ...), when it sent one. */
    readonly error?: string | undefined
    /** What went wrong, in words (the provider's `error_description`, or the network failure). */
    readonly detail: string
    /** The underlying error (openid-client's, or the client's own request error). */
    readonly cause?: unknown
  }
  readonly RefreshTokenRejectedError: {
    /** The provider's OAuth error code, usually `invalid_grant` (revoked or expired). */
    readonly error: string
    /** The provider's `error_description`, when it sent one. */
    readonly detail: string
    /** openid-client's error. */
    readonly cause?: unknown
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

/** How one error is built from its props. */
export interface ErrorDeclaration<P> {
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
  TlsError: {
    fields: ['method', 'url', 'reason', 'code'],
    message: (e): string => `${e.method} ${e.url} failed: ${TLS_ADVICE[e.reason]} (${e.code}${e.detail ? `: ${e.detail}` : ''})`,
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
  ForbiddenError: {
    fields: ['method', 'url', 'messages', 'body'],
    message: (e): string => `${e.method} ${e.url} was refused: permission denied (403)${e.messages.length > 0 ? `: ${e.messages.join('; ')}` : ''}`,
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
  TenantsPartialError: {
    fields: ['operation', 'className', 'applied', 'failed', 'notSent', 'cause'],
    message: (e): string =>
      `${e.operation} on class ${e.className} was applied in part: done for ${e.applied.length} tenants, ` +
      `the request for the next ${e.failed.length} failed, ${e.notSent.length} not sent: ${e.cause.message}`,
  },
  SignInError: {
    fields: ['flow', 'step', 'error'],
    message: (e): string => `OIDC sign-in (${e.flow}) failed at ${e.step === 'discovery' ? 'discovery' : 'the token endpoint'}: ${e.error === undefined ? '' : `${e.error}: `}${e.detail}`,
  },
  RefreshTokenRejectedError: {
    fields: ['error'],
    message: (e): string => `the OIDC provider rejected the refresh token (${e.error}${e.detail ? `: ${e.detail}` : ''}); sign in again with a new token`,
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
export const declarationOf = <T extends ErrorTag>(tag: T): ErrorDeclaration<ErrorProps[T]> =>
  (ERRORS as { readonly [K in ErrorTag]: ErrorDeclaration<ErrorProps[K]> })[tag]

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
 * Every failure an operation can report; narrow it with a `switch` on `_tag`.
 *
 * @example
 * ```ts
 * const describe = (e: WeaviateError): string => {
 *   switch (e._tag) {
 *     case 'ArgumentTypeError':
 *     case 'ArgumentValueError': return `bad input: ${e.message}`
 *     case 'ConnectionError': return `network: ${e.code}`
 *     case 'TlsError': return `TLS: ${e.reason}`
 *     case 'TimeoutError': return `slow: ${e.phase}`
 *     case 'UnexpectedStatusError': return `server said ${e.status}`
 *     case 'ForbiddenError': return `not allowed: ${e.messages.join('; ')}`
 *     case 'AlreadyExistsError': return `duplicate ${e.uuid}`
 *     case 'DecodeError': return e.report.join('\n')
 *     case 'UnsupportedVersionError': return `upgrade to ${e.requires}`
 *     case 'ClassAlreadyExistsError': return `class ${e.className} is there`
 *     case 'BatchObjectError': return `object ${e.index} failed`
 *     case 'BatchReferenceError': return `reference ${e.index} failed`
 *     case 'StreamPartitionError': return `stream stopped; resume with ${e.remaining.length} ranges`
 *     case 'TenantsPartialError': return `${e.applied.length} tenants changed, ${e.failed.length + e.notSent.length} not`
 *     case 'SignInError': return `sign-in failed at ${e.step}`
 *     case 'RefreshTokenRejectedError': return 'sign in again'
 *   }
 * }
 * ```
 */
export type WeaviateError = { readonly [T in ErrorTag]: TaggedError<T> }[ErrorTag]
