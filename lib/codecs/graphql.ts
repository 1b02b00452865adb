/**
 * The answers of `POST /v1/graphql` and `POST /v1/graphql/batch` (GraphQLResponse,
 * GraphQLResponses and GraphQLError in Weaviate's OpenAPI document): `data` and the GraphQL
 * `errors` the server answers with status 200. Fields the server may add are kept out of the
 * types but allowed.
 *
 * @packageDocumentation
 */
import * as t from 'io-ts'

/**
 * One GraphQL error of an answer: its message, where in the query, and the path of the field that
 * failed (names and list indexes).
 *
 * @example
 * ```ts
 * const line = (e: GraphqlErrorEntry) => `${e.message} at ${(e.locations ?? []).map((l) => `${l.line}:${l.column}`).join(', ')}`
 * ```
 */
export interface GraphqlErrorEntry {
  readonly message: string
  readonly locations?: ReadonlyArray<{ readonly line?: number; readonly column?: number }> | null
  readonly path?: ReadonlyArray<string | number> | null
}

const ErrorEntryCodec = t.intersection([
  t.type({ message: t.string }),
  t.partial({
    locations: t.union([t.null, t.readonlyArray(t.partial({ line: t.number, column: t.number }))]),
    path: t.union([t.null, t.readonlyArray(t.union([t.string, t.number]))]),
  }),
])

/** One answer: `data` (absent or `null` when the query failed as a whole) and `errors`. */
export const GraphqlResponseCodec = t.partial({
  data: t.union([t.null, t.UnknownRecord]),
  errors: t.union([t.null, t.readonlyArray(ErrorEntryCodec)]),
})

/** The answer of `/graphql/batch`: one answer per query, in the order sent. */
export const GraphqlResponsesCodec = t.readonlyArray(GraphqlResponseCodec)
