/**
 * `graphql.raw`: one GraphQL query as written (`POST /v1/graphql`), for what the typed searches do
 * not cover, and the arguments it shares with `graphql.batch`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import * as t from 'io-ts'
import { GraphqlErrorEntry, GraphqlResponseCodec } from '../codecs/graphql'
import { decode } from '../codecs/decode'
import { CallOptions, OperationContext, callOptions } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { argsObject, argsOf, argumentKeys, nonEmptyString, optional, typeError } from '../input/check'
import { HttpResponse } from '../transport/http/types'
import { sendGraphql } from './graphql/request'

/**
 * One GraphQL query: its text, and the variables and operation name it declares.
 *
 * @example
 * ```ts
 * const q: GraphqlQuery = {
 *   query: 'query Titles($n: Int) { Get { Article(limit: $n) { title } } }',
 *   variables: { n: 3 },
 *   operationName: 'Titles',
 * }
 * ```
 */
export interface GraphqlQuery {
  readonly query: string
  /** The values of the variables the query declares (a JSON object). */
  readonly variables?: Readonly<Record<string, unknown>>
  /** Which operation to run, when the query text holds several. */
  readonly operationName?: string
}

/**
 * The arguments of `client.graphql.raw`: a {@link GraphqlQuery}, and an io-ts codec for its `data`
 * when the caller wants it typed.
 *
 * @example
 * ```ts
 * const Titles = t.type({ Get: t.type({ Article: t.array(t.type({ title: t.string })) }) })
 * client.graphql.raw({ query: '{ Get { Article { title } } }', codec: Titles })
 * ```
 */
export interface RawGraphqlArgs<D> extends GraphqlQuery, CallOptions {
  readonly codec?: t.Decoder<unknown, D>
}

/**
 * A GraphQL answer as the server gave it: `data` (typed by the codec when one was given; `null`
 * when the query failed as a whole) and GraphQL's own `errors` (empty when none).
 *
 * @example
 * ```ts
 * const titles = (a: GraphqlAnswer) => (a.errors.length > 0 ? a.errors.map((e) => e.message) : Object.keys(a.data ?? {}))
 * ```
 */
export interface GraphqlAnswer<D = Readonly<Record<string, unknown>>> {
  readonly data: D | null
  readonly errors: readonly GraphqlErrorEntry[]
}

const QUERY_KEYS = { query: true, variables: true, operationName: true } as const
const CALL_KEYS = { retry: true, timeout: true, headers: true } as const

export const GRAPHQL_KEYS = {
  raw: argumentKeys<RawGraphqlArgs<unknown>>('graphql.raw', { ...QUERY_KEYS, ...CALL_KEYS, codec: true }),
  query: argumentKeys<GraphqlQuery>('a GraphQL query', QUERY_KEYS),
  batch: argumentKeys<CallOptions>('graphql.batch options', CALL_KEYS),
}

const isPlainObject = (u: unknown): u is Readonly<Record<string, unknown>> =>
  typeof u === 'object' && u !== null && !Array.isArray(u) && (Object.getPrototypeOf(u) === Object.prototype || Object.getPrototypeOf(u) === null)

/** The wire form of a checked query: `{ query, variables?, operationName? }`. */
export const checkQuery = (a: Readonly<Record<string, unknown>>, at: string): Readonly<Record<string, unknown>> => {
  const query = nonEmptyString(`${at}query`, a['query'])
  const variables = a['variables'] === undefined ? undefined : isPlainObject(a['variables']) ? a['variables'] : typeError(`${at}variables`, 'a plain object', a['variables'])
  const operationName = optional(nonEmptyString, `${at}operationName`, a['operationName'])
  return { query, ...(variables === undefined ? {} : { variables }), ...(operationName === undefined ? {} : { operationName }) }
}

/** One answer read as a {@link GraphqlAnswer}, `data` untyped. */
export const toAnswer = (a: typeof GraphqlResponseCodec._A): GraphqlAnswer => ({ data: a.data ?? null, errors: a.errors ?? [] })

/**
 * The answer with its `data` through `codec`. Data that does not fit the codec is a
 * `DecodeError`, unless the answer has GraphQL errors: then the fields that failed are `null`,
 * the errors say why, and `data` is `null`.
 */
const typed = <D>(codec: t.Decoder<unknown, D>, answer: GraphqlAnswer, res: HttpResponse): E.Either<WeaviateError, GraphqlAnswer<D>> => {
  if (answer.data === null) return E.right({ data: null, errors: answer.errors })
  const data = decode(codec, answer.data, res)
  if (E.isRight(data)) return E.right({ data: data.right, errors: answer.errors })
  return answer.errors.length > 0 ? E.right({ data: null, errors: answer.errors }) : data
}

interface CheckedRaw<D> {
  readonly body: Readonly<Record<string, unknown>>
  readonly codec: t.Decoder<unknown, D> | undefined
  readonly call: CallOptions
}

const checkRaw = <D>(args: unknown): CheckedRaw<D> => {
  const a = argsOf(GRAPHQL_KEYS.raw, args)
  const codec = a['codec']
  if (codec !== undefined && !(codec instanceof t.Type)) typeError('codec', 'an io-ts codec', codec)
  return { body: checkQuery(a, ''), codec: codec as t.Decoder<unknown, D> | undefined, call: callOptions(a) }
}

/**
 * One GraphQL query sent as written. GraphQL's `errors` come back in the answer, beside whatever
 * `data` the server could give; a refusal of the whole request (a 422: GraphQL disabled, an empty
 * query, no schema yet) is the Left.
 */
export const rawGraphql =
  (ctx: OperationContext) =>
  <D = Readonly<Record<string, unknown>>>(args: RawGraphqlArgs<D>): ObservableEither<WeaviateError, GraphqlAnswer<D>> =>
    operation(
      () => checkRaw<D>(args),
      (input) =>
        sendGraphql(ctx, { path: '/graphql', body: input.body, call: input.call, operation: 'graphql.raw', why: 'it is a GraphQL call' }, (res) => {
          const answer = E.map(toAnswer)(decode(GraphqlResponseCodec, res.body, res))
          if (E.isLeft(answer)) return answer
          return input.codec === undefined ? E.right(answer.right as GraphqlAnswer<D>) : typed(input.codec, answer.right, res)
        }),
    )

/** The call options of `graphql.batch`, checked. */
export const checkBatchOptions = (options: unknown): CallOptions =>
  options === undefined ? {} : callOptions(argsOf(GRAPHQL_KEYS.batch, argsObject('graphql.batch options', options)))
