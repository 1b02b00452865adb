/**
 * The answer of `POST /v1/tokenize` and `POST /v1/schema/<Class>/properties/<property>/tokenize`
 * (TokenizeResponse in Weaviate's OpenAPI document, v1.37.0 to v1.39.0): the tokens the inverted
 * index stores and the tokens a query matches with (the same, stopwords removed). The server
 * writes an empty list as `null` (entities/models/tokenize_response.go has no `omitempty`), read
 * here as `[]`.
 *
 * @packageDocumentation
 */
import * as t from 'io-ts'

/**
 * What a text becomes in Weaviate's inverted index, as `client.schema.tokenize` and
 * `client.schema.tokenizeProperty` read it.
 *
 * @example
 * ```ts
 * const result: TokenizeResult = { indexed: ['the', 'quick', 'fox'], query: ['quick', 'fox'] }
 * ```
 */
export interface TokenizeResult {
  /** The tokens as the inverted index stores them (after folding and tokenization). */
  readonly indexed: readonly string[]
  /** The tokens a keyword search matches with: `indexed` without the stopwords. */
  readonly query: readonly string[]
}

const tokens = new t.Type<readonly string[], unknown, unknown>(
  'string[] | null',
  (u): u is readonly string[] => Array.isArray(u) && u.every((s) => typeof s === 'string'),
  (u, c) => (u === null || u === undefined ? t.success([]) : t.readonlyArray(t.string).validate(u, c)),
  (a) => a,
)

/** The codec of {@link TokenizeResult}. */
export const TokenizeResultCodec: t.Type<TokenizeResult, unknown, unknown> = t.type({ indexed: tokens, query: tokens }, 'TokenizeResult')
