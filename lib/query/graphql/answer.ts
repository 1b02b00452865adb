/**
 * A GraphQL answer: `data`, or the `errors` the server answers with status 200 (an unknown class or
 * property, a vector of the wrong dimension) as an UnexpectedStatusError carrying their messages.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import * as t from 'io-ts'
import { decode } from '../../codecs/decode'
import { UnexpectedStatusError, WeaviateError } from '../../core/errors'
import { HttpResponse } from '../../transport/http/types'

const Answer = t.intersection([
  t.partial({
    data: t.union([t.null, t.UnknownRecord]),
    errors: t.union([t.null, t.readonlyArray(t.partial({ message: t.string }))]),
  }),
  t.UnknownRecord,
])

/**
 * The `data` of an answer, or its errors.
 */
export const graphqlData = (res: HttpResponse): E.Either<WeaviateError, Readonly<Record<string, unknown>>> => {
  const answer = decode(Answer, res.body, res)
  if (E.isLeft(answer)) return answer
  const errors = answer.right.errors ?? []
  if (errors.length > 0) {
    return E.left(
      new UnexpectedStatusError({ method: res.method, url: res.url, status: res.status, body: res.body, messages: errors.map((e) => e.message ?? 'unknown GraphQL error') }),
    )
  }
  return E.right(answer.right.data ?? {})
}
