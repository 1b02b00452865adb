/**
 * `objects.deleteMany`: `DELETE /v1/batch/objects` with a `where` filter, repeated until nothing
 * matches. The server deletes at most `QUERY_MAXIMUM_RESULTS` (default 10,000) matches per call,
 * so one call is not enough for a large class.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import * as t from 'io-ts'
import { EMPTY, Observable, asyncScheduler, concat, defer, expand, from, mergeMap, of, tap } from 'rxjs'
import { decode } from '../codecs/decode'
import { CallOptions, OperationContext, callOptions, withVersion } from '../context/context'
import { missingFeature } from '../context/when-supported'
import { operation } from '../core/operation'
import { BatchObjectError, WeaviateError } from '../core/errors'
import { CheckedWhere, Where, whereFilter } from '../input/where'
import { ConsistencyLevel, argsOf, argumentKeys, boolean, consistencyLevel, name, optional, oneOf, valueError } from '../input/check'
import { className } from '../input/names'
import { ObservableEither } from '../core/observable-either'
import { OnProgress, progressMeter } from '../core/progress'
import { whereFeatures } from '../query/requirements'

/**
 * Arguments of `objects.deleteMany`.
 *
 * @example
 * ```ts
 * const args: DeleteManyArgs = { className: 'Article', where: { path: ['year'], operator: 'LessThan', valueInt: 2000 } }
 * ```
 */
export interface DeleteManyArgs extends CallOptions {
  readonly className: string
  readonly where: Where
  /**
   * Count the matches and delete nothing (one request).
   * @default false
   */
  readonly dryRun?: boolean
  /**
   * `'minimal'`: the server lists only the objects it failed to delete; `'verbose'`: every object.
   * Failed objects are `Left`s either way.
   * @default 'minimal'
   */
  readonly output?: 'minimal' | 'verbose'
  readonly consistencyLevel?: ConsistencyLevel
  readonly tenant?: string
  /**
   * Called after every round (`items`: objects deleted or failed so far, `requests`: rounds) and
   * once more with `done: true` at the end: the same callback shape as a batch's or a stream's.
   */
  readonly onProgress?: OnProgress
}

/**
 * What `objects.deleteMany` emits on the right: one `round` per request, then `done`.
 *
 * @example
 * ```ts
 * const round: DeleteManyProgress = { kind: 'round', round: 1, matches: 10_000, deleted: 10_000, failed: 0 }
 * const done: DeleteManyProgress = { kind: 'done', rounds: 3, matches: 25_000, deleted: 25_000, failed: 0, dryRun: false }
 * ```
 */
export type DeleteManyProgress =
  | { readonly kind: 'round'; readonly round: number; readonly matches: number; readonly deleted: number; readonly failed: number }
  | {
      readonly kind: 'done'
      readonly rounds: number
      /** With `dryRun`, the number of objects that match; otherwise the matches of every round. */
      readonly matches: number
      readonly deleted: number
      readonly failed: number
      readonly dryRun: boolean
    }

const Answer = t.type({
  results: t.intersection([
    t.type({ matches: t.number, successful: t.number, failed: t.number }),
    t.partial({
      limit: t.number,
      objects: t.union([
        t.null,
        t.readonlyArray(
          t.partial({
            id: t.string,
            status: t.string,
            errors: t.union([t.null, t.partial({ error: t.union([t.null, t.readonlyArray(t.partial({ message: t.string }))]) })]),
          }),
        ),
      ]),
    }),
  ]),
})
type Results = t.TypeOf<typeof Answer>['results']

interface Round {
  readonly number: number
  readonly results: Results
  readonly before: { readonly matches: number; readonly deleted: number; readonly failed: number }
}

const DELETE_MANY_KEYS = argumentKeys<DeleteManyArgs>('deleteMany', {
  className: true,
  where: true,
  dryRun: true,
  output: true,
  consistencyLevel: true,
  tenant: true,
  onProgress: true,
  retry: true,
  timeout: true, headers: true,
})

/** Checked input of deleteMany. */
interface DeleteManyInput {
  readonly className: string
  readonly where: CheckedWhere
  readonly dryRun: boolean
  readonly output: 'minimal' | 'verbose'
  readonly consistencyLevel: ConsistencyLevel | undefined
  readonly tenant: string | undefined
  readonly onProgress: OnProgress | undefined
  readonly call: CallOptions
}

const callback = (argument: string, value: unknown): OnProgress =>
  typeof value === 'function' ? (value as OnProgress) : valueError(argument, `'${argument}' must be a function`)

const output = oneOf(['minimal', 'verbose'] as const)

/**
 * Deletes every object of a class that matches `where`, in as many rounds as the server's limit
 * needs; emits `right({ kind: 'round', ... })` per round, one `left(BatchObjectError)` per object
 * the server failed to delete (its `index` counts the failures from 0), and `right({ kind: 'done',
 * ... })` last. It stops when nothing matches, when a round deleted nothing (so a set of objects
 * that cannot be deleted does not loop), or after a round with fewer matches than the limit. A
 * filter the server is too old for (`Not` before 1.33, ...) is one `UnsupportedVersionError` with
 * no delete request, as in a search.
 */
export const deleteMany =
  (ctx: OperationContext) =>
  (args: DeleteManyArgs): ObservableEither<WeaviateError, DeleteManyProgress> =>
    operation(
      () => {
        const a = argsOf(DELETE_MANY_KEYS, args)
        const input: DeleteManyInput = {
          className: className('className', a['className']),
          // A copy: a later change to the caller's filter cannot change a later round.
          where: structuredClone(whereFilter('where', a['where'])),
          dryRun: optional(boolean, 'dryRun', a['dryRun']) ?? false,
          output: optional(output, 'output', a['output']) ?? 'minimal',
          consistencyLevel: optional(consistencyLevel, 'consistencyLevel', a['consistencyLevel']),
          tenant: optional(name, 'tenant', a['tenant']),
          onProgress: optional(callback, 'onProgress', a['onProgress']),
          call: callOptions(a),
        }
        return input
      },
      (input) => {
        let failures = 0
        const meter = progressMeter(asyncScheduler)
        const counts = { items: 0, failed: 0, requests: 0 }
        const reportRound = (done: boolean): Observable<never> =>
          defer(() => {
            input.onProgress?.(meter({ ...counts, done }))
            return EMPTY
          })
        const request = (): Observable<E.Either<WeaviateError, Results>> =>
          ctx.http.run(
            {
              method: 'DELETE',
              path: '/batch/objects',
              query: [
                ['consistency_level', input.consistencyLevel],
                ['tenant', input.tenant],
              ],
              body: { match: { class: input.className, where: input.where }, output: input.output, dryRun: input.dryRun },
              expect: [200],
              ...input.call,
            },
            (res) => E.map((answer: t.TypeOf<typeof Answer>) => answer.results)(decode(Answer, res.body, res)),
          )
        const roundAfter = (previous: Round | undefined): Observable<E.Either<WeaviateError, Round>> => {
          const before = previous === undefined ? { matches: 0, deleted: 0, failed: 0 } : totals(previous)
          return request().pipe(mergeMap((r) => of(E.map((results: Results): Round => ({ number: (previous?.number ?? 0) + 1, results, before }))(r))))
        }
        const finished = (round: Round): boolean =>
          input.dryRun ||
          round.results.matches === 0 ||
          round.results.successful === 0 ||
          (round.results.limit !== undefined && round.results.matches < round.results.limit)
        const rounds = roundAfter(undefined).pipe(
          expand((r) => (E.isRight(r) && !finished(r.right) ? roundAfter(r.right) : EMPTY)),
          mergeMap((r): Observable<E.Either<WeaviateError, DeleteManyProgress>> => {
            if (E.isLeft(r)) return of(r)
            const round = r.right
            const failed = (round.results.objects ?? []).filter((o) => o.status === 'FAILED' || (o.errors?.error ?? []).length > 0)
            const lefts = failed.map((o) =>
              E.left(
                new BatchObjectError({
                  index: failures++,
                  uuid: o.id ?? '',
                  className: input.className,
                  messages: (o.errors?.error ?? []).map((e) => e.message ?? 'unknown error'),
                }),
              ),
            )
            const progress = E.right<WeaviateError, DeleteManyProgress>({
              kind: 'round',
              round: round.number,
              matches: round.results.matches,
              deleted: round.results.successful,
              failed: round.results.failed,
            })
            counts.requests += 1
            counts.items += round.results.successful + round.results.failed
            counts.failed += round.results.failed
            const all = totals(round)
            const done = finished(round)
              ? of(E.right<WeaviateError, DeleteManyProgress>({ kind: 'done', rounds: round.number, ...all, dryRun: input.dryRun }))
              : EMPTY
            return concat(from(lefts), of(progress), reportRound(false), done)
          }),
          tap({ complete: () => input.onProgress?.(meter({ ...counts, done: true })) }),
        )
        return withVersion(ctx, input.call, (version): ObservableEither<WeaviateError, DeleteManyProgress> => {
          const refused = missingFeature(version, whereFeatures(input.where))
          return refused === undefined ? rounds : of(refused)
        })
      },
    )

const totals = (round: Round): { readonly matches: number; readonly deleted: number; readonly failed: number } => ({
  matches: round.before.matches + round.results.matches,
  deleted: round.before.deleted + round.results.successful,
  failed: round.before.failed + round.results.failed,
})
