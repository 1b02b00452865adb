/**
 * An item's failure inside a 200 batch answer, as a tagged error. The server reports each failed
 * item only as message text; this is the one place that reads the text: it maps the messages to
 * the status the same failure would have had as a response of its own (429 rate limit, 503
 * unavailable, 504 timeout, 422 refused), so the retry policy decides on the tag and status, the
 * same way as for a whole request.
 *
 * @packageDocumentation
 */
import { HttpMethod, UnexpectedStatusError } from '../core/errors'

/** Message patterns of failures that go away on their own, with the status each stands for. */
const PATTERNS: ReadonlyArray<readonly [RegExp, number]> = [
  [/rate.?limit|too many requests|\b429\b|resource exhausted/i, 429],
  [/timed? ?out|deadline exceeded/i, 504],
  [/overload|try again|connection reset|unavailable/i, 503],
  // Two batches that both make autoschema create a new class race: the loser's objects fail with
  // "auto-schema: create collection: class name X already exists" (1.39.0, REST and gRPC), and
  // sent again they are written, since the class now exists.
  [/auto-?schema.*already exists/i, 503],
]

/** An item the server refused: invalid, unknown class, missing property. */
const REFUSED = 422

/** The status of one message: transient when it matches a pattern, else {@link REFUSED}. */
const statusOf = (message: string): number => PATTERNS.find(([pattern]) => pattern.test(message))?.[1] ?? REFUSED

/**
 * The tagged error of one failed item: an `UnexpectedStatusError` of the batch request's method and
 * URL with the item's messages; its status is transient (that of the first message) only when every
 * message is, otherwise 422.
 */
export const itemFailure = (request: { readonly method: HttpMethod; readonly url: string }, messages: readonly string[]): UnexpectedStatusError => {
  const statuses = messages.map(statusOf)
  const [first] = statuses
  const status = first !== undefined && statuses.every((s) => s !== REFUSED) ? first : REFUSED
  return new UnexpectedStatusError({ method: request.method, url: request.url, status, body: { error: messages.map((message) => ({ message })) }, messages })
}

/**
 * The tagged error of an item the answer left out (a truncated answer): a 502, retried like a
 * gateway's partial answer.
 */
export const missingItem = (request: { readonly method: HttpMethod; readonly url: string }): UnexpectedStatusError =>
  new UnexpectedStatusError({ method: request.method, url: request.url, status: 502, body: undefined, messages: ['the server sent no result for this item'] })
