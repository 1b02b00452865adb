/**
 * One GraphQL request (`POST /v1/graphql`) of an operation that has no other path on this server or
 * transport. A server started with `DISABLE_GRAPHQL=true` (the default of new Weaviate Cloud
 * clusters) answers every such request `422 {"error":[{"message":"graphql api is disabled"}]}`
 * (seen on 1.39.0); that answer becomes an {@link UnexpectedStatusError} whose messages add which
 * operation needed GraphQL and why. 422 is an expected status of the request, so the refusal is
 * read from the first answer and never retried (not even with a `retryOn` that lists 422).
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { CallOptions, OperationContext } from '../../context/context'
import type { TransportKind } from '../../input/transport-mode'
import { FEATURES, Feature, ServerVersion } from '../../server/version'
import { UnexpectedStatusError, WeaviateError, isUnexpectedStatusError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { errorMessages } from '../../transport/http/classify'
import { HttpResponse } from '../../transport/http/types'
import { graphqlData } from './answer'

/** The message a GraphQL-disabled server answers with (1.39.0, seen), lower-cased. */
const DISABLED = 'graphql api is disabled'

/** The status a GraphQL-disabled server answers with. */
const REFUSED = 422

/**
 * A GraphQL request: the query text, the call's settings, and for the error on a server that
 * refuses GraphQL, the operation and why it has no other path here.
 */
export interface GraphqlRequest {
  readonly query: string
  readonly call: CallOptions
  /** `objects.count`, `query.bm25`, ... */
  readonly operation: string
  /** Why this call goes over GraphQL: `transport 'rest'`, `Weaviate 1.28.3 has no gRPC Aggregate (1.29.0+)`. */
  readonly why: string
}

/**
 * True for the error of a server that refuses GraphQL (`DISABLE_GRAPHQL=true`): an
 * `UnexpectedStatusError` with status 422 and the server's message `graphql api is disabled`.
 * Its messages also say which operation needed GraphQL and why it had no other path.
 *
 * @example
 * ```ts
 * import * as E from 'fp-ts/Either'
 * import { firstValueFrom } from 'rxjs'
 * import { connect, isGraphqlDisabledError } from 'weaviate-rx'
 *
 * const client = connect({ url: 'http://localhost:8080', transport: 'rest' })
 * const counted = await firstValueFrom(client.objects.count({ className: 'Article' }))
 * if (E.isLeft(counted) && isGraphqlDisabledError(counted.left)) console.error('use gRPC:', counted.left.message)
 * ```
 */
export const isGraphqlDisabledError = (u: unknown): u is UnexpectedStatusError =>
  isUnexpectedStatusError(u) && u.status === REFUSED && u.messages.some((m) => m.toLowerCase().includes(DISABLED))

/**
 * Why a call on `kind` to a server of `version` goes over GraphQL, when `feature` is its other path.
 */
export const graphqlReason = (kind: TransportKind, version: ServerVersion, feature: Feature): string =>
  kind === 'rest'
    ? "the call runs over REST (transport 'rest', or 'auto' without a reachable gRPC port)"
    : `Weaviate ${version.raw} has no ${FEATURES[feature].name} (${FEATURES[feature].since}+)`

/** The error of a 422 answer: the server's messages, and ours when it says GraphQL is disabled. */
const refused = (res: HttpResponse, req: Pick<GraphqlRequest, 'operation' | 'why'>): UnexpectedStatusError => {
  const messages = errorMessages(res.body)
  const disabled = messages.some((m) => m.toLowerCase().includes(DISABLED))
  return new UnexpectedStatusError({
    method: res.method,
    url: res.url,
    status: res.status,
    body: res.body,
    messages: disabled ? [...messages, `GraphQL is disabled on this server, and ${req.operation} has no other path here: ${req.why}`] : messages,
  })
}

/** What {@link sendGraphql} sends: `/graphql` with one query, or `/graphql/batch` with a list. */
export interface GraphqlPost {
  readonly path: '/graphql' | '/graphql/batch'
  readonly body: unknown
  readonly call: CallOptions
  /** For the error on a server that refuses GraphQL, as in {@link GraphqlRequest}. */
  readonly operation: string
  readonly why: string
}

/**
 * Posts to a GraphQL endpoint (a read: safe to send again) and interprets a 200 answer; a 422 is
 * the server's refusal as an `UnexpectedStatusError` (saying so when GraphQL is disabled).
 */
export const sendGraphql = <A>(
  ctx: OperationContext,
  post: GraphqlPost,
  interpret: (res: HttpResponse) => E.Either<WeaviateError, A>,
): ObservableEither<WeaviateError, A> =>
  ctx.http.run({ method: 'POST', path: post.path, body: post.body, expect: [200, REFUSED], idempotent: true, ...post.call }, (res) =>
    res.status === REFUSED ? E.left(refused(res, post)) : interpret(res),
  )

/**
 * Sends a GraphQL query (a read: safe to send again) and interprets its `data`; GraphQL's `errors`
 * and a refused GraphQL are `Left`s.
 */
export const runGraphql = <A>(
  ctx: OperationContext,
  req: GraphqlRequest,
  interpret: (data: Readonly<Record<string, unknown>>, res: HttpResponse) => E.Either<WeaviateError, A>,
): ObservableEither<WeaviateError, A> =>
  sendGraphql(ctx, { path: '/graphql', body: { query: req.query }, call: req.call, operation: req.operation, why: req.why }, (res) => {
    const data = graphqlData(res)
    return E.isLeft(data) ? data : interpret(data.right, res)
  })
