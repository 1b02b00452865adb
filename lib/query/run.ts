/**
 * Runs a checked query: the server version first (every feature the query uses is checked against
 * it before any search request: an `UnsupportedVersionError` sends nothing more), then the
 * transport: gRPC `Search` when the client's choice says gRPC and the server is 1.25+, GraphQL
 * `Get` otherwise. Both end in the same result shape.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { of } from 'rxjs'
import { OperationContext, withVersion } from '../context/context'
import { ArgumentValueError, UnsupportedVersionError, WeaviateError } from '../core/errors'
import { METHODS } from '../transport/grpc/methods'
import type { GrpcCallOptions } from '../transport/grpc/calls'
import type { TransportKind } from '../input/transport-mode'
import { searchReplyToResult } from './grpc/search-decode'
import { searchRequest } from './grpc/search-request'
import { OE, ObservableEither, flatMap } from '../core/observable-either'
import type { ClassDefinition } from '../codecs/class-definition'
import { getClass } from '../schema/get-class'
import { getSchema } from '../schema/get'
import { FEATURES, ServerVersion, supports } from '../server/version'
import type { QueryInput } from './input'
import { decodeResult } from './decode'
import { getQuery } from './graphql/build-get'
import { getResult } from './graphql/decode'
import { graphqlReason, runGraphql } from './graphql/request'
import { ClassLookup, fieldsOf, referencesOf } from './graphql/selection'
import { supportsQuery } from './requirements'
import { viaRestSearch } from './rest/near-text'
import { SearchResult } from './result'

/** A search's call without its own retry or timeout: a read, safe to send again (one object for all). */
const A_READ: GrpcCallOptions = Object.freeze({ idempotent: true })

const viaGrpc = <P, V>(ctx: OperationContext, input: QueryInput<P>): ObservableEither<WeaviateError, SearchResult<P, V>> => {
  const url = `${ctx.grpc.nodes[0]?.origin ?? ''}${METHODS.search.path}`
  const options = {
    className: input.className,
    metadata: input.metadata,
    vectorFormat: input.vectorFormat,
    grouped: input.groupBy !== undefined,
    reranked: input.rerank !== undefined,
    single: input.generate?.singlePrompt !== undefined,
  }
  // The reply is decoded inside the call's own Observable: no operator per search.
  const call = input.call.retry === undefined && input.call.timeout === undefined && input.call.headers === undefined ? A_READ : { ...A_READ, ...input.call }
  return ctx.grpc.run(METHODS.search, searchRequest(input as QueryInput<unknown>), call, (reply) =>
    decodeResult<P, V>(searchReplyToResult(reply, options), input, url),
  )
}

/** A grouped search's objects hold the grouping property, as gRPC's do (the server adds it there). */
const withGroupProperty = (input: QueryInput<unknown>): QueryInput<unknown>['properties'] => {
  const group = input.groupBy?.property
  if (group === undefined || input.properties === undefined || input.properties.some((p) => p.name === group)) return input.properties
  return [...input.properties, { name: group }]
}

/** The operation a query came from, for a refused GraphQL. */
const operationName = ({ search: s }: QueryInput<unknown>): string => {
  if (s.kind === 'fetch') return 'query.fetchObjects'
  if (s.kind === 'nearMedia') return s.medium === 'image' ? 'query.nearImage' : 'query.nearMedia'
  return `query.${s.kind}`
}

/**
 * The searched class's definition, and with nested references to follow the whole schema (the
 * classes they point to name the next hop's targets and property kinds).
 */
const definitions = <P>(ctx: OperationContext, input: QueryInput<P>): ObservableEither<WeaviateError, { definition: ClassDefinition | null; classOf: ClassLookup }> =>
  input.references.some((ref) => ref.references.length > 0)
    ? getSchema(ctx)(input.call).pipe(
        OE.map((schema) => {
          const classOf: ClassLookup = (name) => (schema.classes ?? []).find((c) => c.class === name) ?? null
          return { definition: classOf(input.className), classOf }
        }),
      )
    : getClass(ctx)(input.className, input.call).pipe(OE.map((definition) => ({ definition, classOf: (): ClassDefinition | null => null })))

/** GraphQL needs the class definition to select properties (no "all properties" there). */
const viaGraphql = <P, V>(ctx: OperationContext, input: QueryInput<P>, why: string): ObservableEither<WeaviateError, SearchResult<P, V>> =>
  definitions(ctx, input).pipe(
    flatMap(({ definition, classOf }) => {
      const fields = fieldsOf(definition, withGroupProperty(input))
      const references = referencesOf(definition, input, classOf)
      const query = getQuery(input, fields, references)
      return runGraphql(ctx, { query, call: input.call, operation: operationName(input as QueryInput<unknown>), why }, (data, res) => {
        const raw = getResult(data, input, fields, references, res)
        return E.isLeft(raw) ? raw : decodeResult<P, V>(raw.right, input, res.url)
      })
    }),
  )

const unsupportedGrpc = (version: ServerVersion, feature: 'grpcSearch' | 'grpcGenerative'): UnsupportedVersionError =>
  new UnsupportedVersionError({ feature: FEATURES[feature].name, requires: FEATURES[feature].since, serverVersion: version.raw })

/** The gRPC feature a query needs: a generative search the 1.27 encoding, any other gRPC Search. */
const grpcFeature = (input: QueryInput<unknown>, version: ServerVersion): 'grpcSearch' | 'grpcGenerative' =>
  input.generate !== undefined && supports(version, 'grpcSearch') ? 'grpcGenerative' : 'grpcSearch'

/**
 * The argument of a query that this client sends over gRPC only: boost and diversity (the server's
 * GraphQL has no such argument), a hybrid's sub-search and weights per target vector.
 */
const grpcOnly = (input: QueryInput<unknown>): 'boost' | 'diversity' | 'vector' | 'targetVector' | undefined => {
  if (input.boost !== undefined) return 'boost'
  if (input.diversity !== undefined) return 'diversity'
  const s = input.search
  if (s.kind === 'hybrid' && s.subSearch !== undefined) return 'vector'
  return 'targets' in s && s.targets?.weights !== undefined ? 'targetVector' : undefined
}

/** Why each gRPC-only argument is refused over GraphQL. */
const GRPC_ONLY: Readonly<Record<NonNullable<ReturnType<typeof grpcOnly>>, string>> = {
  boost: "'boost' goes over gRPC only (the server's GraphQL has no such argument)",
  diversity: "'diversity' goes over gRPC only (the server's GraphQL has no such argument)",
  vector: "a hybrid 'vector' given as a nearVector or nearText sub-search or per target vector goes over gRPC only in this client",
  targetVector: "weights per target vector go over gRPC only in this client",
}

/** GraphQL, unless the query asks for what only gRPC carries: then an ArgumentValueError, sending nothing. */
const graphqlOrRefused = <P, V>(ctx: OperationContext, input: QueryInput<P>, why: string): ObservableEither<WeaviateError, SearchResult<P, V>> => {
  const only = grpcOnly(input)
  if (only === undefined) return viaGraphql<P, V>(ctx, input, why)
  const reason = `${GRPC_ONLY[only]}, and this search would go over GraphQL: ${why}`
  return of(E.left(new ArgumentValueError({ argument: only, reason })))
}

/** A nearText the client sends to the REST Search API: over REST, `restSearch` on, a server that has it. */
const restSearch = (ctx: OperationContext, input: QueryInput<unknown>, version: ServerVersion): boolean =>
  ctx.restSearch && input.search.kind === 'nearText' && supports(version, 'restSearchNearText')

/** The transport a decided kind runs the query over, on a server of `version`. */
const route = <P, V>(ctx: OperationContext, input: QueryInput<P>, version: ServerVersion, kind: TransportKind): ObservableEither<WeaviateError, SearchResult<P, V>> => {
  const feature = grpcFeature(input, version)
  if (kind === 'rest' && restSearch(ctx, input, version)) return viaRestSearch<P, V>(ctx, input)
  if (kind === 'rest') return graphqlOrRefused<P, V>(ctx, input, graphqlReason(kind, version, feature))
  if (supports(version, feature)) return viaGrpc<P, V>(ctx, input)
  // 'auto' on a 1.24 server (or a generative search on 1.25-1.26): gRPC for writes, GraphQL for
  // search; a forced 'grpc' is refused.
  return (input.transport ?? ctx.transports.mode) === 'grpc'
    ? of(E.left(unsupportedGrpc(version, feature)))
    : graphqlOrRefused<P, V>(ctx, input, graphqlReason(kind, version, feature))
}

/** The version check, then the query on the chosen transport. */
const checkedRoute = <P, V>(ctx: OperationContext, input: QueryInput<P>, version: ServerVersion, kind: TransportKind): ObservableEither<WeaviateError, SearchResult<P, V>> => {
  const supported = supportsQuery(version, input)
  return E.isLeft(supported) ? of(supported) : route<P, V>(ctx, input, version, kind)
}

/**
 * Runs a checked query. Once the client knows the server version and its transport (after its
 * first request), the query goes straight to its transport; before, it waits for both.
 */
export const runQuery = <P, V>(ctx: OperationContext, input: QueryInput<P>): ObservableEither<WeaviateError, SearchResult<P, V>> => {
  const version = ctx.versions.known()
  const kind = version === undefined ? undefined : ctx.transports.settled(input.transport)
  if (version !== undefined && kind !== undefined) return checkedRoute<P, V>(ctx, input, version, kind)
  return withVersion(ctx, input.call, (known) => {
    const supported = supportsQuery(known, input)
    if (E.isLeft(supported)) return of(supported)
    return ctx.transports.choose(input.transport, input.call).pipe(flatMap((chosen) => route<P, V>(ctx, input, known, chosen)))
  })
}
