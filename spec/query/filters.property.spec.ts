/**
 * Filters as a property (fast-check, real 1.39.0 server): for arbitrary `Where` trees over text,
 * text[], int, int[], number, boolean and date properties, `fetchObjects` selects exactly the
 * objects a filter in plain TypeScript over the same data selects, over gRPC and over GraphQL.
 */
import * as fc from 'fast-check'
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { BatchObject, Client, Where, WhereLeaf, connect } from '../../lib'
import { createClass, deleteClass } from '../helpers/fixtures'
import { uniqueClassName } from '../helpers/server'
import { apiKeyOption, grpcServerUrl, serverUrl } from '../helpers/versions'
import { ownHandles } from '../helpers/own-handles'

const SEED = 424242
const RUNS = 30
const WORDS = ['ab', 'abc', 'ba', 'cab', 'bca', 'cc']
const DATES = ['2020-01-01T00:00:00Z', '2020-06-15T12:00:00Z', '2021-03-03T03:03:03Z', '2022-12-31T23:59:59Z']

interface Row {
  readonly id: string
  readonly word: string
  readonly words: readonly string[]
  readonly n: number
  readonly ns: readonly number[]
  readonly x: number
  readonly flag: boolean
  readonly date: string
}

const idOf = (i: number): string => `cccccccc-0000-4000-8000-${i.toString(16).padStart(12, '0')}`

const rows: Row[] = Array.from({ length: 300 }, (_, i) => ({
  id: idOf(i),
  word: WORDS[(i * 5) % WORDS.length] ?? 'ab',
  words: [WORDS[i % WORDS.length] ?? 'ab', WORDS[(i * 7 + 1) % WORDS.length] ?? 'cc'],
  n: (i * 13) % 17,
  ns: [(i * 3) % 7, (i * 11) % 7],
  x: ((i * 29) % 41) / 4,
  flag: i % 3 === 0,
  date: DATES[(i * 7) % DATES.length] ?? '2020-01-01T00:00:00Z',
}))

type Leaf = WhereLeaf
/** The trees generated here: leaves and And / Or (no shapes, no Not). */
type Tree = Leaf | { readonly operator: 'And' | 'Or'; readonly operands: readonly Tree[] }

const likeRegExp = (pattern: string): RegExp => new RegExp(`^${pattern.replace(/\*/g, '.*').replace(/\?/g, '.')}$`)

/** The TypeScript meaning of a filter. */
const matches = (where: Tree, row: Row): boolean => {
  if ('operands' in where) return where.operator === 'And' ? where.operands.every((w) => matches(w, row)) : where.operands.some((w) => matches(w, row))
  return leafMatches(where, row)
}

const compare = (op: Leaf['operator'], a: number, b: number): boolean => {
  switch (op) {
    case 'Equal':
      return a === b
    case 'NotEqual':
      return a !== b
    case 'GreaterThan':
      return a > b
    case 'GreaterThanEqual':
      return a >= b
    case 'LessThan':
      return a < b
    case 'LessThanEqual':
      return a <= b
    default:
      throw new Error(`no ${op} on numbers here`)
  }
}

const leafMatches = (leaf: Leaf, row: Row): boolean => {
  const [path = ''] = leaf.path
  switch (path) {
    case 'word':
      if (leaf.operator === 'Like') return likeRegExp(leaf.valueText ?? '').test(row.word)
      return leaf.operator === 'Equal' ? row.word === leaf.valueText : row.word !== leaf.valueText
    case 'words': {
      const values = leaf.valueTextArray ?? [leaf.valueText ?? '']
      if (leaf.operator === 'ContainsAny') return values.some((v) => row.words.includes(v))
      if (leaf.operator === 'ContainsAll') return values.every((v) => row.words.includes(v))
      return leaf.operator === 'Equal' ? row.words.includes(leaf.valueText ?? '') : !row.words.includes(leaf.valueText ?? '')
    }
    case 'n':
      return compare(leaf.operator, row.n, leaf.valueInt ?? NaN)
    case 'ns': {
      if (leaf.operator === 'ContainsAny') return (leaf.valueIntArray ?? []).some((v) => row.ns.includes(v))
      if (leaf.operator === 'ContainsAll') return (leaf.valueIntArray ?? []).every((v) => row.ns.includes(v))
      return row.ns.includes(leaf.valueInt ?? NaN)
    }
    case 'x':
      return compare(leaf.operator, row.x, leaf.valueNumber ?? NaN)
    case 'flag':
      return leaf.operator === 'Equal' ? row.flag === leaf.valueBoolean : row.flag !== leaf.valueBoolean
    case 'date':
      return compare(leaf.operator, Date.parse(row.date), Date.parse(leaf.valueDate ?? ''))
    default:
      throw new Error(`no property ${path}`)
  }
}

const ordering = fc.constantFrom('Equal', 'NotEqual', 'GreaterThan', 'GreaterThanEqual', 'LessThan', 'LessThanEqual') as fc.Arbitrary<Leaf['operator']>
const word = fc.constantFrom(...WORDS)
const likePattern = fc.array(fc.constantFrom('a', 'b', 'c', '*', '?'), { minLength: 1, maxLength: 4 }).map((cs) => cs.join(''))

const leaf: fc.Arbitrary<Tree> = fc.oneof(
  fc.record({ path: fc.constant(['word']), operator: fc.constantFrom('Equal', 'NotEqual'), valueText: word }),
  fc.record({ path: fc.constant(['word']), operator: fc.constant('Like'), valueText: likePattern }),
  fc.record({ path: fc.constant(['words']), operator: fc.constant('Equal'), valueText: word }),
  fc.record({ path: fc.constant(['words']), operator: fc.constantFrom('ContainsAny', 'ContainsAll'), valueTextArray: fc.array(word, { minLength: 1, maxLength: 3 }) }),
  fc.record({ path: fc.constant(['n']), operator: ordering, valueInt: fc.integer({ min: -1, max: 18 }) }),
  fc.record({ path: fc.constant(['ns']), operator: fc.constant('Equal'), valueInt: fc.integer({ min: 0, max: 7 }) }),
  fc.record({ path: fc.constant(['ns']), operator: fc.constantFrom('ContainsAny', 'ContainsAll'), valueIntArray: fc.array(fc.integer({ min: 0, max: 7 }), { minLength: 1, maxLength: 3 }) }),
  fc.record({ path: fc.constant(['x']), operator: ordering, valueNumber: fc.integer({ min: -1, max: 42 }).map((k) => k / 4) }),
  fc.record({ path: fc.constant(['flag']), operator: fc.constantFrom('Equal', 'NotEqual'), valueBoolean: fc.boolean() }),
  fc.record({ path: fc.constant(['date']), operator: ordering, valueDate: fc.constantFrom(...DATES) }),
)

const whereTree: fc.Arbitrary<Tree> = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc
      .tuple(fc.constantFrom<'And' | 'Or'>('And', 'Or'), fc.array(tie('tree'), { minLength: 1, maxLength: 3 }))
      .map(([operator, operands]): Tree => ({ operator, operands })),
  ),
})).tree

const Items = uniqueClassName('FilterItems')
let client: Client

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles({
  closeAfterAll: async () => {
    await deleteClass(serverUrl('1.39.0'), Items)
    await client.close()
  },
})

beforeAll(async () => {
  const url = serverUrl('1.39.0')
  client = connect({ url, ...apiKeyOption(url), grpcUrl: grpcServerUrl('1.39.0') })
  await createClass(url, {
    class: Items,
    vectorizer: 'none',
    properties: [
      { name: 'word', dataType: ['text'], tokenization: 'field' },
      { name: 'words', dataType: ['text[]'], tokenization: 'field' },
      { name: 'n', dataType: ['int'] },
      { name: 'ns', dataType: ['int[]'] },
      { name: 'x', dataType: ['number'] },
      { name: 'flag', dataType: ['boolean'] },
      { name: 'date', dataType: ['date'] },
    ],
  })
  const objects: BatchObject[] = rows.map(({ id, ...dataObject }) => ({ className: Items, uuid: id, dataObject }))
  const written = await lastValueFrom(client.objects.batch(objects).pipe(toArray()))
  expect(written.filter(E.isLeft)).toEqual([])
}, 60_000)

const selected = async (where: Where, transport: 'grpc' | 'rest'): Promise<string[]> => {
  const [answer] = await lastValueFrom(client.query.fetchObjects({ className: Items, where, limit: 1000, returnProperties: [], transport }).pipe(toArray()))
  if (answer === undefined || E.isLeft(answer)) throw new Error(`${transport}: ${JSON.stringify(answer)} for ${JSON.stringify(where)}`)
  return answer.right.objects.map((o) => o.id).sort()
}

it.each(['grpc', 'rest'] as const)(`fetchObjects over %s selects what the same filter selects in TypeScript (seed ${SEED})`, async (transport) => {
  await fc.assert(
    fc.asyncProperty(whereTree, async (where) => {
      const expected = rows.filter((r) => matches(where, r)).map((r) => r.id).sort()
      expect(await selected(where, transport)).toEqual(expected)
    }),
    { numRuns: RUNS, seed: SEED, endOnFailure: true },
  )
}, 120_000)
