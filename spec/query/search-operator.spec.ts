/**
 * A keyword search's operator (`bm25`'s `searchOperator`, `hybrid`'s `bm25SearchOperator`) on
 * 1.39.0, over gRPC `Search` and GraphQL `Get`: the objects found are the ones a filter over the
 * same data in plain TypeScript selects (`And`: every token in one property; `AndCross`: every
 * token, in any searched property; `Or` with `minimumOrTokensMatch`: at least that many tokens within one property).
 * Before 1.30.17 (and `AndCross` before 1.38.8) it is an UnsupportedVersionError, nothing sent.
 */
import * as E from 'fp-ts/Either'
import { type SearchOperator, type SearchResult } from '../../lib'
import { bm25Input, hybridInput } from '../../lib/query/check'
import { supportsQuery } from '../../lib/query/requirements'
import { parseVersion } from '../../lib/server/version'
import { right } from '../helpers/client'
import { searchClass } from '../helpers/search-class'
import { random } from '../helpers/vector-math'
import { ownHandles } from '../helpers/own-handles'

const SEED = 20261125
const COUNT = 300
const WORDS = ['fox', 'owl', 'koi', 'elk', 'yak', 'emu']
const QUERY = ['fox', 'owl', 'koi']

interface Item {
  readonly id: string
  readonly title: readonly string[]
  readonly body: readonly string[]
}

const uuidOf = (i: number): string => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`

const words = (next: () => number): string[] => Array.from({ length: 1 + Math.floor(next() * 4) }, () => WORDS[Math.floor(next() * WORDS.length)] ?? 'fox')

const items = (): Item[] => {
  const next = random(SEED)
  return Array.from({ length: COUNT }, (_, i) => ({ id: uuidOf(i), title: words(next), body: words(next) }))
}

/** How many of the query's tokens a list of words holds. */
const held = (text: readonly string[]): number => QUERY.filter((token) => text.includes(token)).length

/** What each operator selects, in plain TypeScript. */
const expected = (data: readonly Item[], operator: SearchOperator): string[] =>
  data
    .filter((item) => {
      switch (operator.operator) {
        case 'And':
          return held(item.title) === QUERY.length || held(item.body) === QUERY.length
        case 'AndCross':
          return held([...item.title, ...item.body]) === QUERY.length
        case 'Or': {
          // The server counts per searched property (bm25_searcher_block.go: a minimum per property).
          const minimum = operator.minimumOrTokensMatch ?? 1
          return held(item.title) >= minimum || held(item.body) >= minimum
        }
      }
    })
    .map((item) => item.id)
    .sort()

type Result = SearchResult<Record<string, unknown>, unknown>

const found = (result: Result): string[] => result.objects.map((o) => o.id).sort()

const OPERATORS: ReadonlyArray<readonly [string, SearchOperator]> = [
  ['And', { operator: 'And' }],
  ['AndCross', { operator: 'AndCross' }],
  ['Or with minimumOrTokensMatch 2', { operator: 'Or', minimumOrTokensMatch: 2 }],
  ['Or', { operator: 'Or' }],
]

const data = items()

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles()

describe.each(['grpc', 'rest'] as const)('a keyword search operator on 1.39.0 (transport %s)', (transport) => {
  const { className, client } = searchClass(
    transport,
    'Operator',
    {
      vectorizer: 'none',
      properties: [
        { name: 'title', dataType: ['text'], tokenization: 'word' },
        { name: 'body', dataType: ['text'], tokenization: 'word' },
      ],
    },
    (className) => data.map((item, i) => ({ className, uuid: item.id, vector: [Math.cos(i), Math.sin(i)], dataObject: { title: item.title.join(' '), body: item.body.join(' ') } })),
  )

  it.each(OPERATORS)('bm25 with %s finds what the operator selects in plain TypeScript', async (_name, searchOperator) => {
    const result = await right(client().query.bm25({ className, query: QUERY.join(' '), searchOperator, limit: COUNT }))
    expect(expected(data, searchOperator).length).toBeGreaterThan(0)
    expect(found(result)).toEqual(expected(data, searchOperator))
  })

  it.each(OPERATORS)('hybrid at alpha 0 with %s finds what the operator selects in plain TypeScript', async (_name, bm25SearchOperator) => {
    const result = await right(client().query.hybrid({ className, query: QUERY.join(' '), alpha: 0, vector: [1, 0], bm25SearchOperator, limit: COUNT }))
    expect(found(result)).toEqual(expected(data, bm25SearchOperator))
  })
})

describe('the cut-off of a keyword search operator', () => {
  it.each([
    ['1.30.16', { operator: 'Or', minimumOrTokensMatch: 2 }, false],
    ['1.30.17', { operator: 'Or', minimumOrTokensMatch: 2 }, true],
    ['1.38.7', { operator: 'AndCross' }, false],
    ['1.38.8', { operator: 'AndCross' }, true],
  ] as const)('on %s, bm25 and hybrid with %j are supported: %s', (raw, operator, supported) => {
    const version = parseVersion(raw)
    if (version === undefined) throw new Error(raw)
    const inputs = [bm25Input({ className: 'A', query: 'x', searchOperator: operator }), hybridInput({ className: 'A', query: 'x', vector: [1], bm25SearchOperator: operator })]
    expect(inputs.map((input) => E.isRight(supportsQuery(version, input)))).toEqual([supported, supported])
  })
})
