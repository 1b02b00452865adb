/**
 * Tokenization as the server does it (1.37+): `schema.tokenize` (`POST /v1/tokenize`, any
 * tokenization and stopword settings) and `schema.tokenizeProperty`
 * (`POST /v1/schema/<Class>/properties/<property>/tokenize`, the property's own tokenization,
 * text analyzer and the class's stopwords). Both read: the server stores nothing, so both are
 * retried like a GET. On an older server each is an `UnsupportedVersionError` with nothing sent.
 *
 * @packageDocumentation
 */
import { decode } from '../codecs/decode'
import { TokenizeResult, TokenizeResultCodec } from '../codecs/tokenize'
import { CALL_KEYS, CallOptions, OperationContext, callInput, callOptions } from '../context/context'
import { whenSupported } from '../context/when-supported'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { argsOf, argumentKeys, boolean, knownKeys, oneOf, optional, string, stringArray, typeError, valueError } from '../input/check'
import { className, propertyName } from '../input/names'
import { Feature } from '../server/version'
import { TOKENIZE_PATH, propertyTokenizePath } from '../server/routes'
import { ClassInput } from './call-input'

/**
 * A tokenization of Weaviate's inverted index. `gse`, `gse_ch`, `kagome_ja` and `kagome_kr` exist
 * only on a server started with their `ENABLE_TOKENIZER_*` setting (else the server refuses them
 * with a 422).
 *
 * @example
 * ```ts
 * const tokenization: Tokenization = 'field'
 * ```
 */
export type Tokenization = 'word' | 'lowercase' | 'whitespace' | 'field' | 'trigram' | 'gse' | 'kagome_kr' | 'kagome_ja' | 'gse_ch'
export const TOKENIZATIONS = ['word', 'lowercase', 'whitespace', 'field', 'trigram', 'gse', 'kagome_kr', 'kagome_ja', 'gse_ch'] as const satisfies readonly Tokenization[]

/**
 * The arguments of `schema.tokenize`: a text, a tokenization, and optionally the text analyzer and
 * stopwords a property and its class would have. Without `stopwords` or a
 * `analyzerConfig.stopwordPreset`, `word` removes the English stopwords from the query tokens and
 * the other tokenizations remove none.
 *
 * @example
 * ```ts
 * const args: TokenizeArgs = { text: 'The Café', tokenization: 'word', analyzerConfig: { asciiFold: true }, stopwords: { preset: 'none' } }
 * ```
 */
export interface TokenizeArgs extends CallOptions {
  readonly text: string
  readonly tokenization: Tokenization
  /** Folding of accents (`asciiFold`, except `asciiFoldIgnore`) and a stopword preset by name. */
  readonly analyzerConfig?: {
    readonly asciiFold?: boolean
    readonly asciiFoldIgnore?: readonly string[]
    readonly stopwordPreset?: string
  }
  /** A class's `invertedIndexConfig.stopwords` (1.38+, 1.37.2 on 1.37.x); not with `stopwordPresets`. */
  readonly stopwords?: { readonly preset?: string; readonly additions?: readonly string[]; readonly removals?: readonly string[] }
  /** A class's `invertedIndexConfig.stopwordPresets`: named word lists for `analyzerConfig.stopwordPreset`; not with `stopwords`. */
  readonly stopwordPresets?: Readonly<Record<string, readonly string[]>>
}

/** The checked input of `tokenize`: the request body and the features it needs. */
interface TokenizeInput {
  readonly body: Readonly<Record<string, unknown>>
  readonly features: readonly Feature[]
  readonly call: CallOptions
}

/** The checked input of `tokenizeProperty`. */
interface PropertyTokenizeInput extends ClassInput {
  readonly property: string
  readonly text: string
}

const TOKENIZE_KEYS = argumentKeys<TokenizeArgs>('schema.tokenize', {
  text: true,
  tokenization: true,
  analyzerConfig: true,
  stopwords: true,
  stopwordPresets: true,
  ...CALL_KEYS,
})
const ANALYZER_KEYS = argumentKeys<NonNullable<TokenizeArgs['analyzerConfig']>>('analyzerConfig', { asciiFold: true, asciiFoldIgnore: true, stopwordPreset: true })
const STOPWORD_KEYS = argumentKeys<NonNullable<TokenizeArgs['stopwords']>>('stopwords', { preset: true, additions: true, removals: true })

/** A nested argument object, its keys checked, or undefined when not given. */
const nested = (argument: string, keys: Parameters<typeof knownKeys>[0], value: unknown): Record<string, unknown> | undefined => {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'object' || Array.isArray(value)) return typeError(argument, 'object', value)
  const a = value as Record<string, unknown>
  knownKeys(keys, a, argument)
  return a
}

/** Drops the keys whose value is undefined, so the body carries only what was given. */
const defined = (o: Readonly<Record<string, unknown>>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined))

const checkTokenize = (args: unknown): TokenizeInput => {
  const a = argsOf(TOKENIZE_KEYS, args)
  const analyzer = nested('analyzerConfig', ANALYZER_KEYS, a['analyzerConfig'])
  const stopwords = nested('stopwords', STOPWORD_KEYS, a['stopwords'])
  const presets = a['stopwordPresets']
  if (presets !== undefined && (typeof presets !== 'object' || presets === null || Array.isArray(presets))) typeError('stopwordPresets', 'object', presets)
  const presetLists =
    presets === undefined
      ? undefined
      : Object.fromEntries(Object.entries(presets as Record<string, unknown>).map(([k, v]) => [k, stringArray(`stopwordPresets.${k}`, v)]))
  if (stopwords !== undefined && presetLists !== undefined) valueError('stopwords', "'stopwords' and 'stopwordPresets' exclude each other: pass one")
  const body = defined({
    text: string('text', a['text']),
    tokenization: oneOf(TOKENIZATIONS)('tokenization', a['tokenization']),
    analyzerConfig:
      analyzer === undefined
        ? undefined
        : defined({
            asciiFold: optional(boolean, 'analyzerConfig.asciiFold', analyzer['asciiFold']),
            asciiFoldIgnore: optional(stringArray, 'analyzerConfig.asciiFoldIgnore', analyzer['asciiFoldIgnore']),
            stopwordPreset: optional(string, 'analyzerConfig.stopwordPreset', analyzer['stopwordPreset']),
          }),
    stopwords:
      stopwords === undefined
        ? undefined
        : defined({
            preset: optional(string, 'stopwords.preset', stopwords['preset']),
            additions: optional(stringArray, 'stopwords.additions', stopwords['additions']),
            removals: optional(stringArray, 'stopwords.removals', stopwords['removals']),
          }),
    stopwordPresets: presetLists,
  })
  return { body, features: stopwords === undefined ? ['tokenize'] : ['tokenize', 'tokenizeStopwords'], call: callOptions(a) }
}

/**
 * Tokenizes a text as the inverted index would with the given settings; nothing is stored. An
 * unknown stopword preset, a tokenization the server was not started with, or a text over 10,000
 * bytes is the server's 422 as an `UnexpectedStatusError`.
 */
export const tokenize =
  (ctx: OperationContext) =>
  (args: TokenizeArgs): ObservableEither<WeaviateError, TokenizeResult> =>
    operation(
      () => checkTokenize(args),
      (input) =>
        whenSupported(ctx, input.features, input.call, { method: 'POST', path: TOKENIZE_PATH, body: input.body, expect: [200], idempotent: true }, (res) =>
          decode(TokenizeResultCodec, res.body, res),
        ),
    )

/**
 * Tokenizes a text as one property of a class is indexed and searched: its tokenization, its text
 * analyzer, and its class's stopwords. A class or property that does not exist is the server's 404,
 * a property without tokenization (not text) its 422, each as an `UnexpectedStatusError`.
 */
export const tokenizeProperty =
  (ctx: OperationContext) =>
  (name: string, property: string, text: string, options?: CallOptions): ObservableEither<WeaviateError, TokenizeResult> =>
    operation(
      (): PropertyTokenizeInput => ({
        className: className('className', name),
        property: propertyName('property', property),
        text: string('text', text),
        call: callInput('tokenizeProperty', options),
      }),
      (input) =>
        whenSupported(
          ctx,
          ['tokenize'],
          input.call,
          { method: 'POST', path: propertyTokenizePath(input.className, input.property), body: { text: input.text }, expect: [200], idempotent: true },
          (res) => decode(TokenizeResultCodec, res.body, res),
        ),
    )
