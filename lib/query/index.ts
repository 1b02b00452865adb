/**
 * `client.query`: search, named as Weaviate's own clients name it (the Python v4 client's
 * `collection.query`, the TypeScript v3 client's `collection.query`), and as the GraphQL root
 * field a search once was. Each operation is one cold Observable emitting one
 * `Either<WeaviateError, SearchResult>`: one request per subscription (plus retries), cancelled on
 * unsubscribe. Over gRPC `Search` from Weaviate 1.25, GraphQL `Get` before (same result shape);
 * a feature the server lacks is an `UnsupportedVersionError` before any search request.
 *
 * @packageDocumentation
 */
import { CallOptions, OperationContext } from '../context/context'
import { operation } from '../core/operation'
import { WeaviateError } from '../core/errors'
import type { VectorFormat, VectorOf } from '../input/vector-format'
import { ArgumentKeys, argsOf } from '../input/check'
import { ObservableEither } from '../core/observable-either'
import type { Bm25Args, FetchObjectsArgs, HybridArgs, NearImageArgs, NearMediaArgs, NearObjectArgs, NearTextArgs, NearVectorArgs } from './args'
import type { QueryInput } from './input'
import { SEARCH_KEYS, bm25Input, fetchObjectsInput, hybridInput, nearImageInput, nearMediaInput, nearObjectInput, nearTextInput, nearVectorInput } from './check'
import { Aggregate, aggregateOperation } from './aggregate'
import { SearchResult } from './result'
import { runQuery } from './run'
import { graphqlBatch } from './graphql-batch'
import { GraphqlAnswer, GraphqlQuery, RawGraphqlArgs, rawGraphql } from './raw-graphql'

/**
 * The search operations of a client.
 *
 * @example
 * ```ts
 * client.query.nearVector({ className: 'Article', vector, limit: 5, returnMetadata: ['distance'] })
 * ```
 */
export interface QueryApi {
  /** The objects nearest a vector (`number[]` or `Float32Array`; `targetVector` for a named one). */
  readonly nearVector: <P = Record<string, unknown>, F extends VectorFormat = 'array'>(
    args: NearVectorArgs<P> & { readonly vectorFormat?: F },
  ) => ObservableEither<WeaviateError, SearchResult<P, VectorOf<F>>>
  /** The objects nearest a stored object (Weaviate 1.14+ for `distance`). */
  readonly nearObject: <P = Record<string, unknown>, F extends VectorFormat = 'array'>(
    args: NearObjectArgs<P> & { readonly vectorFormat?: F },
  ) => ObservableEither<WeaviateError, SearchResult<P, VectorOf<F>>>
  /**
   * The objects nearest the vector the class's vectorizer module makes of a text (`query`), moved
   * by `moveTo` / `moveAway`. Over gRPC any text vectorizer serves it; over GraphQL only a module
   * that declares the `nearText` argument (not `text2vec-bigram`).
   */
  readonly nearText: <P = Record<string, unknown>, F extends VectorFormat = 'array'>(
    args: NearTextArgs<P> & { readonly vectorFormat?: F },
  ) => ObservableEither<WeaviateError, SearchResult<P, VectorOf<F>>>
  /** The objects nearest the vector the class's image module makes of an image (base64 or bytes). */
  readonly nearImage: <P = Record<string, unknown>, F extends VectorFormat = 'array'>(
    args: NearImageArgs<P> & { readonly vectorFormat?: F },
  ) => ObservableEither<WeaviateError, SearchResult<P, VectorOf<F>>>
  /** The objects nearest the vector a multi-modal module makes of audio, video, depth, thermal or IMU data (Weaviate 1.21+). */
  readonly nearMedia: <P = Record<string, unknown>, F extends VectorFormat = 'array'>(
    args: NearMediaArgs<P> & { readonly vectorFormat?: F },
  ) => ObservableEither<WeaviateError, SearchResult<P, VectorOf<F>>>
  /** Keyword (BM25) search (Weaviate 1.17+). */
  readonly bm25: <P = Record<string, unknown>, F extends VectorFormat = 'array'>(
    args: Bm25Args<P> & { readonly vectorFormat?: F },
  ) => ObservableEither<WeaviateError, SearchResult<P, VectorOf<F>>>
  /** Keyword and vector search fused (Weaviate 1.17+). */
  readonly hybrid: <P = Record<string, unknown>, F extends VectorFormat = 'array'>(
    args: HybridArgs<P> & { readonly vectorFormat?: F },
  ) => ObservableEither<WeaviateError, SearchResult<P, VectorOf<F>>>
  /** Objects by filter, sorted or after a cursor, without a search. */
  readonly fetchObjects: <P = Record<string, unknown>, F extends VectorFormat = 'array'>(
    args: FetchObjectsArgs<P> & { readonly vectorFormat?: F },
  ) => ObservableEither<WeaviateError, SearchResult<P, VectorOf<F>>>
  /** The number of objects a filter matches, or per value of a property (`groupBy`). */
  readonly aggregate: Aggregate
}

/**
 * One search: its arguments checked (no key the search does not take, then `check`), run on
 * subscription. `P` is the caller's properties type, `V` the vectors' by `vectorFormat`.
 */
const search = <P, V>(
  ctx: OperationContext,
  keys: ArgumentKeys,
  check: <Q>(a: Record<string, unknown>) => QueryInput<Q>,
  args: unknown,
): ObservableEither<WeaviateError, SearchResult<P, V>> =>
  operation(
    () => {
      const input = check<P>(argsOf(keys, args))
      ctx.transports.requireAddress(input.transport)
      return input
    },
    (input) => runQuery<P, V>(ctx, input),
  )

/**
 * The query API of a client.
 */
export const queryApi = (ctx: OperationContext): QueryApi => ({
  nearVector: (args) => search(ctx, SEARCH_KEYS.nearVector, nearVectorInput, args),
  nearObject: (args) => search(ctx, SEARCH_KEYS.nearObject, nearObjectInput, args),
  nearText: (args) => search(ctx, SEARCH_KEYS.nearText, nearTextInput, args),
  nearImage: (args) => search(ctx, SEARCH_KEYS.nearImage, nearImageInput, args),
  nearMedia: (args) => search(ctx, SEARCH_KEYS.nearMedia, nearMediaInput, args),
  bm25: (args) => search(ctx, SEARCH_KEYS.bm25, bm25Input, args),
  hybrid: (args) => search(ctx, SEARCH_KEYS.hybrid, hybridInput, args),
  fetchObjects: (args) => search(ctx, SEARCH_KEYS.fetchObjects, fetchObjectsInput, args),
  aggregate: aggregateOperation(ctx),
})

/**
 * `client.graphql`: GraphQL as written, for what the typed searches and aggregates do not cover
 * (what the Python client's `graphql_raw_query` and the TypeScript v3 client's `graphql.raw` do).
 * GraphQL's own `errors` come back in each answer beside the `data` the server could give; a
 * refusal of the whole request (a 422: GraphQL disabled with `DISABLE_GRAPHQL=true`, an empty
 * query, a server with no classes yet) is the Left.
 *
 * @example
 * ```ts
 * const answer = await firstRight(client.graphql.raw({ query: 'query Titles($n: Int) { Get { Article(limit: $n) { title } } }', variables: { n: 3 } }))
 * const answers = await firstRight(client.graphql.batch([{ query: '{ Aggregate { Article { meta { count } } } }' }, { query: '{ Get { Article { title } } }' }]))
 * ```
 */
export interface GraphqlApi {
  /** One query (`POST /v1/graphql`), its `data` typed by `codec` when one is given. */
  readonly raw: <D = Readonly<Record<string, unknown>>>(args: RawGraphqlArgs<D>) => ObservableEither<WeaviateError, GraphqlAnswer<D>>
  /** Several queries in one request (`POST /v1/graphql/batch`): one answer per query, in order. */
  readonly batch: (queries: readonly GraphqlQuery[], options?: CallOptions) => ObservableEither<WeaviateError, readonly GraphqlAnswer[]>
}

/**
 * The GraphQL API of a client.
 */
export const graphqlApi = (ctx: OperationContext): GraphqlApi => ({ raw: rawGraphql(ctx), batch: graphqlBatch(ctx) })
