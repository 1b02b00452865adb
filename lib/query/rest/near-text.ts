/**
 * nearText over the server's REST Search API (`POST /v1/search/<Class>/near-text`, Weaviate
 * 1.38.6+ run with `EXPERIMENTAL_REST_SEARCH_ENABLED=true`), the third wire of a search beside
 * gRPC and GraphQL, used when the client was connected with `restSearch: true` and the search
 * runs over REST. The API carries a subset of a search: what it lacks is refused before anything
 * is sent (docs/decisions/0020-rest-search.md).
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { of } from 'rxjs'
import { decode } from '../../codecs/decode'
import { SearchResponseCodec } from '../../codecs/search-response'
import type { JsonValue } from '../../codecs/value-json'
import type { OperationContext } from '../../context/context'
import { ArgumentValueError, UnexpectedStatusError, WeaviateError } from '../../core/errors'
import type { ObservableEither } from '../../core/observable-either'
import { searchPath } from '../../server/routes'
import { errorMessages } from '../../transport/http/classify'
import type { HttpResponse } from '../../transport/http/types'
import type { MetadataField } from '../args'
import { decodeResult } from '../decode'
import type { QueryInput } from '../input'
import type { RawSearchResult, SearchMetadata, SearchResult } from '../result'

/** The REST Search API's name of each metadata field it has. */
const METADATA: Readonly<Partial<Record<MetadataField, string>>> = {
  distance: 'distance',
  certainty: 'certainty',
  score: 'score',
  explainScore: 'explainScore',
  creationTimeUnix: 'creationTime',
  lastUpdateTimeUnix: 'lastUpdateTime',
}

/** The first argument of a nearText the REST Search API cannot carry, with why; undefined when it carries them all. */
const unsupported = (input: QueryInput<unknown>): readonly [string, string] | undefined => {
  const s = input.search
  if (s.kind !== 'nearText') return ['search', 'only nearText']
  const found: ReadonlyArray<readonly [boolean, string, string]> = [
    [s.moveTo !== undefined, 'moveTo', 'no moves'],
    [s.moveAway !== undefined, 'moveAway', 'no moves'],
    [s.targets !== undefined, 'targetVector', 'one target vector at most'],
    [input.groupBy !== undefined, 'groupBy', 'no groupBy yet'],
    [input.generate !== undefined, 'generate', 'no generative search yet'],
    [input.rerank !== undefined, 'rerank', 'no rerank yet'],
    [input.boost !== undefined, 'boost', 'no boost'],
    [input.diversity !== undefined, 'diversity', 'no diversity selection'],
    [input.queryProfile === true, 'queryProfile', 'no query profile'],
    [input.vector || input.vectorNames.length > 0, 'includeVector', 'no vectors in its answer'],
    [input.references.length > 0, 'returnReferences', 'references without their ids and metadata only'],
    [input.properties?.some((p) => p.nested !== undefined) === true, 'returnProperties', 'no selection inside object properties'],
    [input.metadata.some((m) => METADATA[m] === undefined), 'returnMetadata', "no 'isConsistent'"],
  ]
  const first = found.find(([present]) => present)
  return first === undefined ? undefined : [first[1], first[2]]
}

/** The request body (SearchNearTextRequest). */
const body = (input: QueryInput<unknown>): Record<string, unknown> => {
  const s = input.search
  const near = s.kind === 'nearText' ? s : undefined
  const out: Record<string, unknown> = { query: near?.concepts ?? [], limit: input.limit }
  if (near?.certainty !== undefined) out['certainty'] = near.certainty
  if (near?.distance !== undefined) out['distance'] = near.distance
  if (near?.targetVector !== undefined) out['targetVector'] = near.targetVector
  if (input.where !== undefined) out['where'] = input.where
  if (input.offset !== undefined) out['offset'] = input.offset
  if (input.autocut !== undefined) out['autoLimit'] = input.autocut
  if (input.properties !== undefined) out['returnProperties'] = input.properties.map((p) => p.name)
  if (input.metadata.length > 0) out['returnMetadata'] = input.metadata.map((m) => METADATA[m])
  if (input.tenant !== undefined) out['tenant'] = input.tenant
  if (input.consistencyLevel !== undefined) out['consistencyLevel'] = input.consistencyLevel
  return out
}

type Answer = typeof SearchResponseCodec._A

const metadataOf = (m: Answer['results'][number]['metadata']): SearchMetadata => {
  if (m === undefined || m === null) return {}
  const out: { -readonly [K in keyof SearchMetadata]: SearchMetadata[K] } = {}
  if (m.distance !== undefined) out.distance = m.distance
  if (m.certainty !== undefined) out.certainty = m.certainty
  if (m.score !== undefined) out.score = m.score
  if (m.explainScore !== undefined) out.explainScore = m.explainScore
  if (m.creationTime !== undefined) out.creationTimeUnix = m.creationTime
  if (m.lastUpdateTime !== undefined) out.lastUpdateTimeUnix = m.lastUpdateTime
  return out
}

/** The answer as the raw result every search ends in. */
const rawResult = (answer: Answer, className: string): RawSearchResult => ({
  objects: answer.results.map((r) => ({
    className,
    id: r.id,
    properties: r.properties as Record<string, JsonValue>,
    metadata: metadataOf(r.metadata),
  })),
})

/** The server's message when the API is off (adapters/handlers/rest/search/handler.go). */
const SERVER_DISABLED = 'rest search api is experimental and not enabled'

/** Our message beside it. */
export const REST_SEARCH_DISABLED =
  "the server's REST Search API is off: start it with EXPERIMENTAL_REST_SEARCH_ENABLED=true, or connect without restSearch to search over gRPC or GraphQL"

/** A 422, with our message beside the server's when the API is off. */
const refusal = (res: HttpResponse): UnexpectedStatusError => {
  const messages = errorMessages(res.body)
  const off = messages.some((m) => m.includes(SERVER_DISABLED))
  return new UnexpectedStatusError({ method: res.method, url: res.url, status: res.status, body: res.body, messages: off ? [...messages, REST_SEARCH_DISABLED] : messages })
}

const interpret =
  <P, V>(input: QueryInput<P>) =>
  (res: HttpResponse): E.Either<WeaviateError, SearchResult<P, V>> => {
    if (res.status === 422) return E.left(refusal(res))
    const answer = decode(SearchResponseCodec, res.body, res)
    return E.isLeft(answer) ? answer : decodeResult<P, V>(rawResult(answer.right, input.className), input, res.url)
  }

/**
 * Runs a nearText over the REST Search API, or refuses (an `ArgumentValueError`, nothing sent)
 * an argument the API cannot carry.
 */
export const viaRestSearch = <P, V>(ctx: OperationContext, input: QueryInput<P>): ObservableEither<WeaviateError, SearchResult<P, V>> => {
  const refused = unsupported(input)
  if (refused !== undefined) {
    const [argument, why] = refused
    return of(E.left(new ArgumentValueError({ argument, reason: `the REST Search API (restSearch: true) has ${why}: connect without restSearch, or search over gRPC` })))
  }
  return ctx.http.run(
    { method: 'POST', path: searchPath(input.className, 'near-text'), body: body(input as QueryInput<unknown>), expect: [200, 422], idempotent: true, ...input.call },
    interpret<P, V>(input),
  )
}
