/**
 * Tokenization against the real 1.39.0 server: `schema.tokenizeProperty` returns the tokens the
 * server itself indexes a stored property by (a keyword search finds the object by each of a word
 * property's tokens, and a field property's one token finds it where a word of it does not), and
 * `schema.tokenize` applies the tokenization, stopwords and folding it is given (the same tokens as
 * a property with those settings). Bad arguments are one ArgumentError with nothing sent; on
 * 1.18.6 each operation is an UnsupportedVersionError with nothing sent but the version probe.
 */
import type { Tokenization } from '../lib'
import { RecordingClient, left, recordingClient, right } from './helpers/client'
import { uniqueClassName } from './helpers/server'
import { serverUrl } from './helpers/versions'

const TEXT = 'The Quick-Brown Fox jumps over the lazy dog'

let rc: RecordingClient
let className: string

beforeAll(async () => {
  rc = recordingClient()
  className = uniqueClassName('Tokenized')
  await right(
    rc.client.schema.createClass({
      class: className,
      vectorizer: 'none',
      properties: [
        { name: 'words', dataType: ['text'], tokenization: 'word' },
        { name: 'whole', dataType: ['text'], tokenization: 'field' },
        { name: 'folded', dataType: ['text'], tokenization: 'word', textAnalyzer: { asciiFold: true } },
        { name: 'n', dataType: ['int'] },
      ],
    }),
  )
  await right(rc.client.objects.create({ className, dataObject: { words: TEXT, whole: TEXT, folded: 'Crème Brûlée', n: 1 }, vector: [0.1, 0.2] }))
})

afterAll(async () => {
  await right(rc.client.schema.deleteClass(className))
  await rc.close()
})

/** The number of objects a keyword search for `query` on `property` finds. */
const found = async (query: string, property: string): Promise<number> =>
  (await right(rc.client.query.bm25({ className, query, queryProperties: [property] }))).objects.length

describe('schema.tokenizeProperty (1.37+)', () => {
  it("returns a word property's tokens, and a keyword search on the property finds the object by each of them", async () => {
    const tokens = await right(rc.client.schema.tokenizeProperty(className, 'words', TEXT))
    expect(tokens.indexed).toEqual(['the', 'quick', 'brown', 'fox', 'jumps', 'over', 'the', 'lazy', 'dog'])
    for (const token of tokens.query) expect(await found(token, 'words')).toBe(1)
  })

  it("returns a field property's text as one token: the search finds the object by it, not by a word of it", async () => {
    const tokens = await right(rc.client.schema.tokenizeProperty(className, 'whole', TEXT))
    expect(tokens).toEqual({ indexed: [TEXT], query: [TEXT] })
    expect(await found(TEXT, 'whole')).toBe(1)
    expect(await found('quick', 'whole')).toBe(0)
    expect(await found('quick', 'words')).toBe(1)
  })

  it("leaves the class's stopwords (English by default) out of the query tokens only", async () => {
    const tokens = await right(rc.client.schema.tokenizeProperty(className, 'words', TEXT))
    expect(tokens.indexed).toContain('the')
    expect(tokens.query).toEqual(['quick', 'brown', 'fox', 'jumps', 'over', 'lazy', 'dog'])
  })

  it("applies the property's ASCII folding: the folded token finds the object written with accents", async () => {
    const tokens = await right(rc.client.schema.tokenizeProperty(className, 'folded', 'Crème Brûlée'))
    expect(tokens.indexed).toEqual(['creme', 'brulee'])
    for (const token of tokens.indexed) expect(await found(token, 'folded')).toBe(1)
  })

  it('a property the class does not have is the server 404 as one Left', async () => {
    expect(await left(rc.client.schema.tokenizeProperty(className, 'missing', 'x'))).toMatchObject({ _tag: 'UnexpectedStatusError', status: 404 })
  })

  it('a property that is not text is the server 422 as one Left', async () => {
    const error = await left(rc.client.schema.tokenizeProperty(className, 'n', '1'))
    expect(error).toMatchObject({ _tag: 'UnexpectedStatusError', status: 422 })
    expect(error.message).toContain('tokenization is not enabled')
  })

  it('a malformed property name is an ArgumentValueError naming property, nothing sent', async () => {
    const own = recordingClient()
    try {
      expect(await left(own.client.schema.tokenizeProperty(className, 'not a name', 'x'))).toMatchObject({ _tag: 'ArgumentValueError', argument: 'property' })
      expect(own.requests).toEqual([])
    } finally {
      await own.close()
    }
  })
})

describe('schema.tokenize (1.37+)', () => {
  it.each<readonly [Tokenization, string]>([
    ['word', 'words'],
    ['field', 'whole'],
  ])('%s gives the tokens of a %s property of that tokenization with the default stopwords', async (tokenization, property) => {
    const alone = await right(rc.client.schema.tokenize({ text: TEXT, tokenization }))
    expect(alone).toEqual(await right(rc.client.schema.tokenizeProperty(className, property, TEXT)))
  })

  it("applies the stopwords given: preset 'none' keeps every word in the query tokens, additions remove more", async () => {
    const none = await right(rc.client.schema.tokenize({ text: TEXT, tokenization: 'word', stopwords: { preset: 'none' } }))
    expect(none.query).toEqual(none.indexed)
    const more = await right(rc.client.schema.tokenize({ text: TEXT, tokenization: 'word', stopwords: { preset: 'en', additions: ['fox'] } }))
    expect(more.query).toEqual(['quick', 'brown', 'jumps', 'over', 'lazy', 'dog'])
  })

  it('applies a named stopword preset chosen by analyzerConfig.stopwordPreset', async () => {
    const tokens = await right(
      rc.client.schema.tokenize({ text: TEXT, tokenization: 'word', stopwordPresets: { animals: ['fox', 'dog'] }, analyzerConfig: { stopwordPreset: 'animals' } }),
    )
    expect(tokens.query).toEqual(['the', 'quick', 'brown', 'jumps', 'over', 'the', 'lazy'])
  })

  it('folds accents with analyzerConfig.asciiFold, except the characters of asciiFoldIgnore', async () => {
    const tokens = await right(rc.client.schema.tokenize({ text: 'Crème Brûlée', tokenization: 'lowercase', analyzerConfig: { asciiFold: true, asciiFoldIgnore: ['è'] } }))
    expect(tokens.indexed).toEqual(['crème', 'brulee'])
  })

  it('an unknown stopword preset is the server 422 as one Left', async () => {
    const error = await left(rc.client.schema.tokenize({ text: TEXT, tokenization: 'word', analyzerConfig: { stopwordPreset: 'nope' } }))
    expect(error).toMatchObject({ _tag: 'UnexpectedStatusError', status: 422 })
    expect(error.message).toContain('nope')
  })

  it.each<readonly [string, string, unknown]>([
    ['an unknown tokenization', 'tokenization', { text: 'x', tokenization: 'words' }],
    ['stopwords with stopwordPresets', 'stopwords', { text: 'x', tokenization: 'word', stopwords: { preset: 'en' }, stopwordPresets: { a: ['b'] } }],
    ['an unknown analyzerConfig key', 'analyzerConfig.asciifold', { text: 'x', tokenization: 'word', analyzerConfig: { asciifold: true } }],
    ['a stopword preset that is not a list', 'stopwordPresets.a', { text: 'x', tokenization: 'word', stopwordPresets: { a: 'b' } }],
  ])('%s is an ArgumentError naming %s, nothing sent', async (_case, argument, args) => {
    const own = recordingClient()
    try {
      expect(await left(own.client.schema.tokenize(args as never))).toMatchObject({ argument })
      expect(own.requests).toEqual([])
    } finally {
      await own.close()
    }
  })
})

describe('tokenize on an older server of the run', () => {
  it.each<readonly [string, (c: RecordingClient) => Promise<unknown>]>([
    ['tokenize', (c) => left(c.client.schema.tokenize({ text: 'x', tokenization: 'word' }))],
    ['tokenizeProperty', (c) => left(c.client.schema.tokenizeProperty('AnyClass', 'title', 'x'))],
  ])('1.18.6: %s is an UnsupportedVersionError (needs 1.37.0) and only the version probe is sent', async (_op, run) => {
    const old = recordingClient({ url: serverUrl('1.18.6') })
    try {
      expect(await run(old)).toMatchObject({ _tag: 'UnsupportedVersionError', requires: '1.37.0', serverVersion: '1.18.6' })
      expect(old.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/meta'])
    } finally {
      await old.close()
    }
  })
})
