/**
 * Our own per-query code of a search, in-process, without a server or a transport (issue 42): the
 * stages `client.query.nearVector` runs around its one grpc-js call, each timed alone in a loop,
 * with the bytes it allocates. The bench's query: a 128-dimension vector, top 10, no properties,
 * id and distance; the reply 10 results with their id (text) and distance, as a 1.39 server sends
 * them for that query.
 *
 * Stages: `check` (the arguments, `nearVectorInput`), `version` (the features the query needs
 * against the server's version), `request` (`searchRequest`), `encode` (the static serializer),
 * `decode` (the static reply decoder), `result` (`searchReplyToResult` and `decodeResult`),
 * `observable` (`operation` with an Observable that answers at once, subscribed: the plumbing of a
 * call around its transport).
 *
 * Client CPU per call (`process.cpuUsage`), the median of 7 rounds of 20,000 calls after a warm-up.
 * Allocated bytes need a young generation large enough to hold a round without a GC and the GC
 * exposed: `node --expose-gc --max-semi-space-size=128 build/bench/bench/search-own-code.js` after
 * `npm run bench:build` (without them, CPU only). Findings: docs/benchmarks.md, "Our own code per
 * search query".
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
import { seededVectors } from './seeded'

const CLASS = 'BenchSearch'
const CALLS = 20_000
const ROUNDS = 7
const ALLOCATION_CALLS = 1_000

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
const parsed = parseVersion('1.39.0')
if (parsed === undefined) throw new Error('1.39.0 does not parse')
const version = parsed
const answer = new Observable<E.Either<never, number>>((subscriber) => {
  subscriber.next(E.right(1))
  subscriber.complete()
})

const stages: Record<string, () => unknown> = {
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

const gc = (globalThis as { gc?: () => void }).gc

/** The bytes one call of `stage` allocates (what stays in the heap over calls kept alive), or NaN without `--expose-gc`. */
const allocated = (stage: () => unknown): number => {
  if (gc === undefined) return Number.NaN
  const kept: unknown[] = new Array(ALLOCATION_CALLS)
  gc()
  const before = getHeapStatistics().used_heap_size
  for (let i = 0; i < ALLOCATION_CALLS; i++) kept[i] = stage()
  const after = getHeapStatistics().used_heap_size
  return kept.length > 0 ? (after - before) / ALLOCATION_CALLS : Number.NaN
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN

const main = (): void => {
  const cpu: Record<string, number[]> = {}
  for (const stage of Object.values(stages)) for (let i = 0; i < 5_000; i++) stage()
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
  let totalCpu = 0
  let totalBytes = 0
  for (const [name, stage] of Object.entries(stages)) {
    const us = median(cpu[name] ?? [])
    const bytes = allocated(stage)
    totalCpu += us
    totalBytes += bytes
    console.log(`own code: ${name} ${us.toFixed(2)} µs/call cpu, ${bytes.toFixed(0)} B/call allocated`)
  }
  console.log(`own code: all stages ${totalCpu.toFixed(1)} µs/call cpu, ${totalBytes.toFixed(0)} B/call allocated (reply ${replyBytes.byteLength} B)`)
}

main()
