/**
 * The answer of the REST Search API (`POST /v1/search/<Class>/near-text`: SearchResponse in
 * Weaviate's OpenAPI document): each hit's id, properties and the metadata asked for.
 *
 * @packageDocumentation
 */
import * as t from 'io-ts'

const Metadata = t.partial({
  distance: t.number,
  certainty: t.number,
  score: t.number,
  explainScore: t.string,
  creationTime: t.number,
  lastUpdateTime: t.number,
})

/** One hit. */
const SearchResultObjectCodec = t.intersection([
  t.type({ id: t.string, properties: t.record(t.string, t.unknown) }),
  t.partial({ metadata: t.union([Metadata, t.null]) }),
])

/** The answer: the hits in order of relevance, and the server's time. */
export const SearchResponseCodec = t.intersection([t.type({ results: t.array(SearchResultObjectCodec) }), t.partial({ tookMs: t.number })])
