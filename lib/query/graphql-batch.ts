/**
 * `graphql.batch`: several GraphQL queries in one request (`POST /v1/graphql/batch`).
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { GraphqlResponsesCodec } from '../codecs/graphql'
import { decode } from '../codecs/decode'
import { CallOptions, OperationContext } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { argsOf, typeError, valueError } from '../input/check'
import { GRAPHQL_KEYS, GraphqlAnswer, GraphqlQuery, checkBatchOptions, checkQuery, toAnswer } from './raw-graphql'
import { sendGraphql } from './graphql/request'

interface CheckedBatch {
  readonly body: ReadonlyArray<Readonly<Record<string, unknown>>>
  readonly call: CallOptions
}

const checkBatch = (queries: unknown, options: unknown): CheckedBatch => {
  if (!Array.isArray(queries)) return typeError('queries', 'an array of GraphQL queries', queries)
  if (queries.length === 0) return valueError('queries', "'queries' must hold at least one query")
  const body = queries.map((q: unknown, i) => checkQuery(argsOf(GRAPHQL_KEYS.query, q, `queries[${i}]`), `queries[${i}].`))
  return { body, call: checkBatchOptions(options) }
}

/**
 * GraphQL queries sent in one request; the server runs them side by side and answers each in the
 * order sent, GraphQL's `errors` in each answer. A refusal of the whole request (a 422) is the Left.
 */
export const graphqlBatch =
  (ctx: OperationContext) =>
  (queries: readonly GraphqlQuery[], options?: CallOptions): ObservableEither<WeaviateError, readonly GraphqlAnswer[]> =>
    operation(
      () => checkBatch(queries, options),
      (input) =>
        sendGraphql(ctx, { path: '/graphql/batch', body: input.body, call: input.call, operation: 'graphql.batch', why: 'it is a GraphQL call' }, (res) =>
          E.map((answers: typeof GraphqlResponsesCodec._A) => answers.map(toAnswer))(decode(GraphqlResponsesCodec, res.body, res)),
        ),
    )
