/**
 * Reading a classification (`GET /v1/classifications/<id>`), and the stream that follows a
 * scheduled one to its end.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { map, of, switchMap } from 'rxjs'
import { ClassificationCodec } from '../codecs/classification'
import { decode } from '../codecs/decode'
import { CallOptions, OperationContext, withVersion } from '../context/context'
import { HttpMethod, UnexpectedStatusError, WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { endedBadly, pollUntilDone } from '../core/poll'
import { classificationPath } from '../server/routes'
import { HttpResponse } from '../transport/http/types'
import { Classification } from './args'

/** A classification with the request it answered (for the error of a failed end). */
export interface Answer {
  readonly method: HttpMethod
  readonly url: string
  readonly classification: Classification
}

const toClassification = (c: typeof ClassificationCodec._A): Classification => ({
  id: c.id,
  status: c.status,
  ...(c.class === undefined ? {} : { className: c.class }),
  ...(c.type === undefined ? {} : { type: c.type }),
  ...(c.classifyProperties === undefined ? {} : { classifyProperties: c.classifyProperties }),
  ...(c.basedOnProperties === undefined ? {} : { basedOnProperties: c.basedOnProperties }),
  ...(c.settings === undefined || c.settings === null ? {} : { settings: c.settings }),
  ...(c.error === undefined || c.error === '' ? {} : { error: c.error }),
  ...(c.meta === undefined ? {} : { meta: c.meta }),
})

/** The decoded classification of an answer. */
export const decodeClassification = (res: HttpResponse): E.Either<WeaviateError, Answer> =>
  E.map((c: typeof ClassificationCodec._A) => ({ method: res.method, url: res.url, classification: toClassification(c) }))(decode(ClassificationCodec, res.body, res))

/** One read; `null` when the server knows no classification of that id (404). */
export const readClassification = (ctx: OperationContext, id: string, call: CallOptions): ObservableEither<WeaviateError, Answer | null> =>
  withVersion(ctx, call, () =>
    ctx.http.run({ method: 'GET', path: classificationPath(id), expect: [200, 404], ...call }, (res) => (res.status === 404 ? E.right(null) : decodeClassification(res))),
  )

/** A missing classification while it is followed: the server forgot it (a restart), an error. */
const vanished = (id: string): UnexpectedStatusError =>
  new UnexpectedStatusError({ method: 'GET', url: classificationPath(id), status: 404, body: undefined, messages: [`classification ${id} is no longer known to the server`] })

/** One read while following: a classification the server no longer knows is an error. */
const reread = (ctx: OperationContext, id: string, call: CallOptions): ObservableEither<WeaviateError, Answer> =>
  readClassification(ctx, id, call).pipe(map((e) => (E.isRight(e) && e.right === null ? E.left(vanished(id)) : (e as E.Either<WeaviateError, Answer>))))

/**
 * The stream of a scheduled classification: the answer of `start`, then a read every
 * `pollIntervalMs` until it is no longer `'running'`; each read that differs from the one before
 * (its status, or its counts) is emitted. `'completed'` is the last Right; `'failed'` ends as one
 * Left instead (an {@link UnexpectedStatusError} whose `body` is the classification and whose
 * message is the server's error). Unsubscribing stops the reads only.
 */
export const followClassification = (
  ctx: OperationContext,
  call: CallOptions,
  pollIntervalMs: number,
  start: ObservableEither<WeaviateError, Answer>,
): ObservableEither<WeaviateError, Classification> =>
  start.pipe(
    switchMap((first) =>
      E.isLeft(first)
        ? of(first)
        : pollUntilDone<WeaviateError, Answer>({
            first: of(first),
            read: () => reread(ctx, first.right.classification.id, call),
            done: (a) => a.classification.status !== 'running',
            same: (a, b) => JSON.stringify(a.classification) === JSON.stringify(b.classification),
            intervalMs: pollIntervalMs,
          }),
    ),
    map((e): E.Either<WeaviateError, Classification> => (E.isLeft(e) ? e : ended(e.right))),
  )

/** A classification as a Right, or the Left of a failed end. */
const ended = (answer: Answer): E.Either<WeaviateError, Classification> => {
  const c = answer.classification
  if (c.status !== 'failed') return E.right(c)
  return E.left(endedBadly(answer, c, `classification ${c.id} of ${c.className ?? 'its class'} failed${c.error === undefined ? '' : `: ${c.error}`}`))
}
