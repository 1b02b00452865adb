/**
 * Classification of an answer: a status the request expects becomes an {@link HttpResponse}
 * (with its JSON body parsed), an unexpected 403 a {@link ForbiddenError} (a refusal for want of a
 * permission, never retried), any other an {@link UnexpectedStatusError} carrying the messages of
 * whichever error-body shape the server used:
 *
 * 1. handler errors `{"error":[{"message":"..."}]}`;
 * 2. go-swagger binding/validation errors `{"code":601,"message":"..."}`;
 * 3. `{"message":"..."}`, e.g. the 429 usage-limit body `{"errorCode":..., "message":...}`;
 * 4. an empty body (e.g. a bare 404): no messages;
 * 5. non-JSON text: the text itself (trimmed and capped) is the one message.
 *
 * As a stage of the pipeline ({@link classifyResponses}) it follows the transport and the deadline.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { Observable, OperatorFunction, SchedulerLike } from 'rxjs'
import { DecodeError, ForbiddenError, HttpMethod, UnexpectedStatusError, WeaviateError } from '../../core/errors'
import { parseRetryAfter } from './retry-after'
import type { RawResponse } from './transport'
import type { BodyAs, HttpResponse, ResponseHeaders } from './types'

/** Characters of a non-JSON error body kept as its message. */
const TEXT_MESSAGE_CHARS = 500

/**
 * The request an answer belongs to.
 */
export interface RequestSummary {
  readonly method: HttpMethod
  /** Full URL without credentials. */
  readonly url: string
  readonly expect: readonly number[]
  /** The form of a successful body; parsed JSON without it. */
  readonly bodyAs?: BodyAs | undefined
}


/**
 * The classification as a pipeline stage: each {@link RawResponse} becomes an
 * {@link HttpResponse}, or the error channel's {@link WeaviateError}; a `Retry-After` date is read
 * against `clock.now()`.
 */
export const classifyResponses =
  (summary: RequestSummary, clock: SchedulerLike): OperatorFunction<RawResponse, HttpResponse> =>
  (source) =>
    new Observable<HttpResponse>((subscriber) =>
      source.subscribe({
        next: (answer) => {
          const result = classify(summary, answer.status, answer.headers, answer.text, clock.now())
          if (E.isLeft(result)) subscriber.error(result.left)
          else subscriber.next(result.right)
        },
        error: (e: unknown) => subscriber.error(e),
        complete: () => subscriber.complete(),
      }),
    )

/**
 * Classifies a complete answer. `text` is the body as read: whole for an expected status, capped
 * for any other.
 *
 * @param now - the time the answer arrived, for a `Retry-After` HTTP-date
 */
export const classify = (
  summary: RequestSummary,
  status: number,
  headers: ResponseHeaders,
  text: string,
  now: number,
): E.Either<WeaviateError, HttpResponse> =>
  summary.expect.includes(status)
    ? successResponse(summary, status, headers, summary.bodyAs === 'text' ? E.right(text) : successBody(summary, text))
    : E.left(status === FORBIDDEN ? forbidden(summary, text) : unexpectedStatus(summary, status, headers, text, now))

/** The response of an expected status around its parsed body (a plain branch, not `E.map`: fp-ts 2.16 routes that through `dual`, an arguments spread per response). */
const successResponse = (summary: RequestSummary, status: number, headers: ResponseHeaders, body: E.Either<DecodeError, unknown>): E.Either<DecodeError, HttpResponse> =>
  E.isLeft(body) ? body : E.right({ method: summary.method, url: summary.url, status, headers, body: body.right })

const FORBIDDEN = 403

/**
 * The error for a 403 the request does not expect: the server's refusal for want of a permission.
 */
export const forbidden = (summary: RequestSummary, text: string): ForbiddenError => {
  const body = errorBody(text)
  return new ForbiddenError({ method: summary.method, url: summary.url, body, messages: errorMessages(body) })
}

/**
 * The parsed body of a successful answer: `undefined` when empty, the JSON value otherwise; text
 * that is not JSON is a {@link DecodeError}.
 */
export const successBody = (summary: Pick<RequestSummary, 'method' | 'url'>, text: string): E.Either<DecodeError, unknown> => {
  if (text.length === 0) return E.right(undefined)
  try {
    return E.right(JSON.parse(text) as unknown)
  } catch {
    if (text.trim().length === 0) return E.right(undefined)
    const preview = text.length > 60 ? `${text.slice(0, 59)}…` : text
    return E.left(new DecodeError({ method: summary.method, url: summary.url, report: [`body is not valid JSON: ${JSON.stringify(preview)}`] }))
  }
}

/**
 * The error for a status the request does not expect.
 */
export const unexpectedStatus = (
  summary: RequestSummary,
  status: number,
  headers: ResponseHeaders,
  text: string,
  now: number,
): UnexpectedStatusError => {
  const body = errorBody(text)
  return new UnexpectedStatusError({ method: summary.method, url: summary.url, status, body, messages: errorMessages(body), retryAfterMs: parseRetryAfter(headers['retry-after'], now) })
}

/**
 * An error body as data: the JSON value, or the text when it is not JSON, or `undefined` when
 * empty.
 */
export const errorBody = (text: string): unknown => {
  if (text.trim().length === 0) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/**
 * The messages in an error body of any of the server's shapes.
 */
export const errorMessages = (body: unknown): string[] => {
  if (typeof body === 'string') {
    const text = body.trim()
    if (text.length === 0) return []
    return [text.length > TEXT_MESSAGE_CHARS ? `${text.slice(0, TEXT_MESSAGE_CHARS - 1)}…` : text]
  }
  if (typeof body !== 'object' || body === null) return []
  const messages: string[] = []
  if ('error' in body && Array.isArray(body.error)) {
    for (const item of body.error as unknown[]) {
      const message = messageOf(item)
      if (message !== undefined) messages.push(message)
    }
  }
  const own = messageOf(body)
  if (own !== undefined) messages.push(own)
  return messages
}

const messageOf = (u: unknown): string | undefined =>
  typeof u === 'object' && u !== null && 'message' in u && typeof u.message === 'string' && u.message.length > 0
    ? u.message
    : undefined
