/**
 * The `Not` filter (Weaviate 1.33+) as a property (fast-check, real 1.39.0 server): for arbitrary
 * filter trees that may hold `Not` themselves, `Not` of a filter selects exactly the objects the
 * filter does not select (objects without the property included), over gRPC and over GraphQL. On
 * 1.18.6 it is an UnsupportedVersionError before any search request; a `Not` without exactly one
 * operand is an ArgumentValueError and nothing is sent.
 */
import * as fc from 'fast-check'
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { BatchObject, Client, Where, connect } from '../../lib'
import { left, recordingClient } from '../helpers/client'
import { createClass, deleteClass } from '../helpers/fixtures'
import { uniqueClassName } from '../helpers/server'
import { apiKeyOption, grpcServerUrl, serverUrl } from '../helpers/versions'
import { ownHandles } from '../helpers/own-handles'

const SEED = 330033
const RUNS = 25
const WORDS = ['ab', 'ba', 'cab']

const idOf = (i: number): string => `dddddddd-0000-4000-8000-${i.toString(16).padStart(12, '0')}`

/** 200 objects; every seventh has no `word`, so a complement must include objects without the property. */
const rows = Array.from({ length: 200 }, (_, i) => ({
  id: idOf(i),
  dataObject: { n: i % 11, ...(i % 7 === 0 ? {} : { word: WORDS[i % WORDS.length] ?? 'ab' }) },
}))
const ALL = rows.map((r) => r.id).sort()

const leaf: fc.Arbitrary<Where> = fc.oneof(
  fc.record({ path: fc.constant(['n']), operator: fc.constantFrom('Equal', 'NotEqual', 'GreaterThan', 'LessThanEqual'), valueInt: fc.integer({ min: -1, max: 11 }) }),
  fc.record({ path: fc.constant(['word']), operator: fc.constantFrom('Equal', 'NotEqual'), valueText: fc.constantFrom(...WORDS) }),
  fc.record({ path: fc.constant(['word']), operator: fc.constant('Like'), valueText: fc.constantFrom('*a*', 'b*', '?a?') }),
)

const whereTree: fc.Arbitrary<Where> = fc.letrec<{ tree: Where }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc
      .tuple(fc.constantFrom<'And' | 'Or'>('And', 'Or'), fc.array(tie('tree'), { minLength: 1, maxLength: 3 }))
      .map(([operator, operands]): Where => ({ operator, operands })),
    tie('tree').map((operand): Where => ({ operator: 'Not', operands: [operand] })),
  ),
})).tree

const Items = uniqueClassName('NotItems')
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
      { name: 'n', dataType: ['int'] },
    ],
  })
  const objects: BatchObject[] = rows.map(({ id, dataObject }) => ({ className: Items, uuid: id, dataObject }))
  const written = await lastValueFrom(client.objects.batch(objects).pipe(toArray()))
  expect(written.filter(E.isLeft)).toEqual([])
}, 60_000)

const selected = async (where: Where, transport: 'grpc' | 'rest'): Promise<string[]> => {
  const [answer] = await lastValueFrom(client.query.fetchObjects({ className: Items, where, limit: 1000, returnProperties: [], transport }).pipe(toArray()))
  if (answer === undefined || E.isLeft(answer)) throw new Error(`${transport}: ${JSON.stringify(answer)} for ${JSON.stringify(where)}`)
  return answer.right.objects.map((o) => o.id).sort()
}

describe.each(['grpc', 'rest'] as const)("'Not' over %s", (transport) => {
  it(`selects exactly the complement of its operand (seed ${SEED})`, async () => {
    await fc.assert(
      fc.asyncProperty(whereTree, async (operand) => {
        const matched = new Set(await selected(operand, transport))
        expect(await selected({ operator: 'Not', operands: [operand] }, transport)).toEqual(ALL.filter((id) => !matched.has(id)))
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    )
  }, 120_000)

  it('includes the objects without the property', async () => {
    const withoutWord = rows.filter((r) => !('word' in r.dataObject)).map((r) => r.id)
    const notAb = await selected({ operator: 'Not', operands: [{ path: ['word'], operator: 'Equal', valueText: 'ab' }] }, transport)
    expect(withoutWord.length).toBeGreaterThan(0)
    expect(withoutWord.every((id) => notAb.includes(id))).toBe(true)
  })
})

it('on Weaviate 1.18.6 is an UnsupportedVersionError before any search request', async () => {
  const rc = recordingClient({ url: serverUrl('1.18.6'), transport: 'rest' })
  try {
    const where: Where = { operator: 'Not', operands: [{ path: ['n'], operator: 'Equal', valueInt: 1 }] }
    expect(await left(rc.client.query.fetchObjects({ className: Items, where }))).toMatchObject({ _tag: 'UnsupportedVersionError', feature: "the where operator 'Not'", requires: '1.33.0' })
    expect(rc.requests.filter((r) => r.path !== '/v1/meta')).toEqual([])
  } finally {
    await rc.close()
  }
})

it.each([0, 2])("a 'Not' with %i operands is an ArgumentValueError and nothing is sent", async (count) => {
  const rc = recordingClient({ url: serverUrl('1.39.0') })
  try {
    const operands = Array.from({ length: count }, (): Where => ({ path: ['n'], operator: 'Equal', valueInt: 1 }))
    const where = { operator: 'Not', operands } as unknown as Where
    expect(await left(rc.client.query.fetchObjects({ className: Items, where }))).toMatchObject({ _tag: 'ArgumentValueError', argument: 'where' })
    expect(rc.requests).toEqual([])
  } finally {
    await rc.close()
  }
})
