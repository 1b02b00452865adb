/**
 * Boost and diversity give the Python client v4's answer: the same searches on the same data of
 * 1.39.0, ours over gRPC and the Python client's (spec/helpers/python/boost_diversity.py), return
 * the same objects in the same order. The Python client is installed into the project's cache on
 * first use (spec/helpers/python-client.ts).
 */
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import type { Observable } from 'rxjs'
import type * as E from 'fp-ts/Either'
import type { Boost, SearchResult, WeaviateError } from '../../lib'
import { right } from '../helpers/client'
import { searchClass } from '../helpers/search-class'
import { BOOSTED, SPREAD, uuidOf } from '../helpers/boost-diversity-data'
import { CURRENT_VERSION, apiKeyFor, grpcServerUrl, serverUrl } from '../helpers/versions'
import { ownHandles } from '../helpers/own-handles'
import { pythonWithClient, type PythonWithClient } from '../helpers/python-client'

const SCRIPT = join(__dirname, '..', 'helpers', 'python', 'boost_diversity.py')

/** Runs the Python client's searches on the two classes: each search's ids in order. */
const pythonAnswers = ({ python, env }: PythonWithClient, spread: string, boosted: string): Promise<Record<string, string[]>> =>
  new Promise((resolve, reject) => {
    const url = serverUrl(CURRENT_VERSION)
    const child = execFile(python, [SCRIPT], { timeout: 60_000, env }, (error, stdout, stderr) => {
      if (error !== null) reject(new Error(`${error.message}\n${stderr}`))
      else resolve(JSON.parse(stdout) as Record<string, string[]>)
    })
    child.stdin?.end(JSON.stringify({ http: url, grpc: grpcServerUrl(CURRENT_VERSION), apiKey: apiKeyFor(url) ?? null, spread, boosted }))
  })

type Search = Observable<E.Either<WeaviateError, SearchResult<Record<string, unknown>, unknown>>>

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles()

describe('boost and diversity equal the Python client v4 on 1.39.0', () => {
  const spread = searchClass('grpc', 'PySpread', SPREAD.definition, SPREAD.objects)
  const boosted = searchClass('grpc', 'PyBoosted', BOOSTED.definition, BOOSTED.objects)
  let answers: Record<string, string[]> = {}
  beforeAll(async () => {
    answers = await pythonAnswers(await pythonWithClient(), spread.className, boosted.className)
  }, 240_000)

  const likes: Boost = { conditions: [{ type: 'propertyValue', property: 'likes' }], weight: 1 }
  const searches: ReadonlyArray<readonly [string, () => Search]> = [
    ['nearVector mmr', () => spread.client().query.nearVector({ className: spread.className, vector: SPREAD.query, limit: 40, diversity: { type: 'mmr', limit: 5, balance: 0.3 } })],
    ['nearObject mmr', () => spread.client().query.nearObject({ className: spread.className, id: uuidOf(0), limit: 40, diversity: { type: 'mmr', limit: 5, balance: 0.3 } })],
    ['hybrid mmr', () => spread.client().query.hybrid({ className: spread.className, query: 'item', vector: SPREAD.query, alpha: 1, limit: 40, diversity: { type: 'mmr', limit: 5, balance: 0.1 } })],
    ['nearVector boost likes', () => boosted.client().query.nearVector({ className: boosted.className, vector: [1, 0], limit: 12, boost: likes })],
    ['bm25 boost likes', () => boosted.client().query.bm25({ className: boosted.className, query: 'kettle', limit: 12, boost: likes })],
    ['hybrid boost likes', () => boosted.client().query.hybrid({ className: boosted.className, query: 'kettle', vector: [1, 0], limit: 12, boost: likes })],
    [
      'nearVector boost timeDecay',
      () => boosted.client().query.nearVector({ className: boosted.className, vector: [1, 0], limit: 12, boost: { conditions: [{ type: 'timeDecay', property: 'published', scale: '3650d' }], weight: 1 } }),
    ],
    [
      'nearVector boost numericDecay',
      () =>
        boosted.client().query.nearVector({
          className: boosted.className,
          vector: [1, 0],
          limit: 12,
          boost: { conditions: [{ type: 'numericDecay', property: 'price', origin: 0, scale: 100, curve: 'linear' }], weight: 1 },
        }),
    ],
    [
      'nearVector boost filter',
      () =>
        boosted.client().query.nearVector({
          className: boosted.className,
          vector: [1, 0],
          limit: 5,
          boost: { conditions: [{ type: 'filter', where: { path: ['featured'], operator: 'Equal', valueBoolean: true } }], weight: 0.9 },
        }),
    ],
  ]

  it.each(searches)('%s returns the objects the Python client returns, in its order', async (name, run) => {
    const ours = (await right(run())).objects.map((o) => o.id)
    expect(answers[name]).toBeDefined()
    expect(ours).toEqual(answers[name])
  })
})
