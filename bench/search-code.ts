/**
 * The `searchcode` group: our own per-query code of a search, in-process, without a server or a
 * transport: the stages `client.query.nearVector` runs around its one grpc-js call, each timed
 * alone in a loop, with the bytes it allocates. The query: a 128-dimension vector, top 10, no
 * properties, id and distance; the reply 10 results with their id (text) and distance, as a 1.39
 * server sends them for that query.
 *
 * Stages: `check` (the arguments, `nearVectorInput`), `version` (the features the query needs
 * against the server's version), `request` (`searchRequest`), `encode` (the static serializer),
 * `decode` (the static reply decoder), `result` (`searchReplyToResult` and `decodeResult`),
 * `observable` (`operation` with an Observable that answers at once, subscribed: the plumbing of a
 * call around its transport).
 *
 * Client CPU per call (`process.cpuUsage`), the median of 7 rounds of 20,000 calls after a
 * warm-up; allocated bytes per call over 1,000 calls kept alive. The measuring runs in a child
 * process with the GC exposed and a young generation large enough to hold a round without a GC
 * (`--expose-gc --max-semi-space-size=128`). Lines: `bench: search code <stage> cpu = <µs>
 * µs/call` and `bench: search code <stage> allocated = <bytes> B/call`, and both for all stages.
 *
 * Run alone: `npx ts-node --transpile-only bench/search-code.ts`.
 */
import { create, toBinary } from '@bufbuild/protobuf'
import * as E from 'fp-ts/Either'
import { getHeapStatistics } from 'node:v8'
import { Observable } from 'rxjs'
import { operation } from '../lib/core/operation'
import { argsOf } from '../lib/input/check'
import { SearchReplySchema } from '../lib/proto/generated/weaviate/v1/search_pb'
import { SEARCH_KEYS, nearVectorInput } from '../lib/query/check'
import { decodeResult } from '../lib/query/decode'
import { searchReplyToResult } from '../lib/query/grpc/search-decode'
import { searchRequest } from '../lib/query/grpc/search-request'
import { supportsQuery } from '../lib/query/requirements'
import { parseVersion } from '../lib/server/version'
import { METHODS } from '../lib/transport/grpc/methods'
import { median } from './harness'
import { reportValue } from './report'
import { seededVectors } from './seeded'
import { taggedChildResult } from './tagged-child'

const CLASS = 'BenchSearch'
const CALLS = 20_000
const ROUNDS = 7
const WARMUP_CALLS = 5_000
const ALLOCATION_CALLS = 1_000
/** The prefix of the child's one line of results. */
const RESULT_TAG = 'search-code-result '

/** One stage's figures: client CPU in µs per call and bytes allocated per call. */
interface StageResult {
  readonly stage: string
  readonly cpuUs: number
  readonly bytes: number
}

/** The stages of one search, each a function doing that stage's work once for the bench's query. */
const searchStages = (): Record<string, () => unknown> => {
  const vector = seededVectors(1, 1, 128)[0] ?? []
  const args = { className: CLASS, vector, limit: 10, returnProperties: [], returnMetadata: ['distance'] }
  const input = nearVectorInput(argsOf(SEARCH_KEYS.nearVector, args))
  const request = searchRequest(input)
  const hex = (i: number): string => i.toString(16).padStart(12, '0')
  const replyBytes = Buffer.from(
    toBinary(
      SearchReplySchema,
      create(SearchReplySchema, {
        took: 0.001,
        results: Array.from({ length: 10 }, (_, i) => ({
          properties: { targetCollection: CLASS, nonRefProps: { fields: {} } },
          metadata: { id: `2c3d7b1e-0000-4000-8000-${hex(i)}`, distance: 0.01 * i, distancePresent: true },
        })),
      }),
    ),
  )
  const reply = METHODS.search.deserialize(replyBytes)
  const decodeOptions = { className: CLASS, metadata: input.metadata, vectorFormat: input.vectorFormat, grouped: false, reranked: false, single: false }
  const version = parseVersion('1.39.0')
  if (version === undefined) throw new Error('1.39.0 does not parse')
  const answer = new Observable<E.Either<never, number>>((subscriber) => {
    subscriber.next(E.right(1))
    subscriber.complete()
  })
  return {
    check: () => nearVectorInput(argsOf(SEARCH_KEYS.nearVector, args)),
    version: () => supportsQuery(version, input),
    request: () => searchRequest(input),
    encode: () => METHODS.search.serialize(request),
    decode: () => METHODS.search.deserialize(replyBytes),
    result: () => decodeResult(searchReplyToResult(reply, decodeOptions), input, ''),
    observable: () => {
      let seen: unknown
      operation(
        () => 1,
        () => answer,
      ).subscribe((value) => {
        seen = value
      })
      return seen
    },
  }
}

/** The bytes one call of `stage` allocates (what stays in the heap over calls kept alive), or NaN without `--expose-gc`. */
const allocated = (stage: () => unknown): number => {
  const gc = (globalThis as { gc?: () => void }).gc
  if (gc === undefined) return Number.NaN
  const kept: unknown[] = new Array(ALLOCATION_CALLS)
  gc()
  const before = getHeapStatistics().used_heap_size
  for (let i = 0; i < ALLOCATION_CALLS; i++) kept[i] = stage()
  const after = getHeapStatistics().used_heap_size
  return kept.length > 0 ? (after - before) / ALLOCATION_CALLS : Number.NaN
}

/** Times every stage (in this process: the child's side). */
const measureStages = (): StageResult[] => {
  const stages = searchStages()
  const cpu: Record<string, number[]> = {}
  for (const stage of Object.values(stages)) for (let i = 0; i < WARMUP_CALLS; i++) stage()
  for (let round = 0; round < ROUNDS; round++) {
    const names = round % 2 === 0 ? Object.keys(stages) : Object.keys(stages).reverse()
    for (const name of names) {
      const stage = stages[name] ?? ((): undefined => undefined)
      const start = process.cpuUsage()
      for (let i = 0; i < CALLS; i++) stage()
      const used = process.cpuUsage(start)
      ;(cpu[name] ??= []).push((used.user + used.system) / CALLS)
    }
  }
  return Object.entries(stages).map(([stage, run]) => ({ stage, cpuUs: median(cpu[stage] ?? []), bytes: allocated(run) }))
}

const isStageResults = (u: unknown): u is StageResult[] =>
  Array.isArray(u) && u.every((r: unknown) => typeof r === 'object' && r !== null && typeof (r as StageResult).stage === 'string' && typeof (r as StageResult).cpuUs === 'number' && typeof (r as StageResult).bytes === 'number')

/** {@link measureStages} in a child process with the GC exposed and a young generation that holds a round. */
const measureInChild = async (): Promise<StageResult[]> => {
  const results = await taggedChildResult({ file: __filename, args: ['--child'], nodeFlags: ['--expose-gc', '--max-semi-space-size=128'], tag: RESULT_TAG })
  if (!isStageResults(results)) throw new Error(`search code child printed ${JSON.stringify(results)}`)
  return results
}

/**
 * Runs the group and prints its lines.
 *
 * @example
 * ```ts
 * await benchSearchCode() // bench: search code check cpu = 0.80 µs/call ...
 * ```
 */
export async function benchSearchCode(): Promise<void> {
  const results = await measureInChild()
  for (const { stage, cpuUs, bytes } of results) {
    reportValue(`search code ${stage} cpu`, cpuUs, 'µs/call')
    reportValue(`search code ${stage} allocated`, bytes, 'B/call', 0)
  }
  reportValue('search code all stages cpu', results.reduce((sum, r) => sum + r.cpuUs, 0), 'µs/call')
  reportValue('search code all stages allocated', results.reduce((sum, r) => sum + r.bytes, 0), 'B/call', 0)
}

if (require.main === module) {
  const child = (): Promise<void> => new Promise((resolve) => process.stdout.write(`${RESULT_TAG}${JSON.stringify(measureStages())}\n`, () => resolve()))
  const run = process.argv[2] === '--child' ? child() : benchSearchCode()
  run.catch((e: unknown) => {
    console.error(e)
    process.exitCode = 1
  })
}
