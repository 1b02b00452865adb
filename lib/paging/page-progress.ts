/**
 * Progress of a paged stream, counted where pages are passed on: after a page has been emitted
 * (so after a consumer that spreads it into items has received them), and `done` once at
 * completion. One operator, so every paged stream (paginateAfter, the object stream with or
 * without partitions) counts the same way.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { Observable, SchedulerLike, asyncScheduler } from 'rxjs'
import { ObservableEither } from '../core/observable-either'
import { Progress, progressMeter } from '../core/progress'

/**
 * Cumulative counts of a paged stream: the common {@link Progress} (`requests` counts pages,
 * `failed` is 0) and `pages`.
 *
 * @example
 * ```ts
 * const show = (p: PageProgress) => process.stderr.write(`\r${p.items} objects in ${p.pages} pages${p.done ? '\n' : ''}`)
 * ```
 */
export interface PageProgress extends Progress {
  /** Pages emitted so far (an empty last page counts); the same as `requests`. */
  readonly pages: number
}

/**
 * Reports {@link PageProgress} to `report` after every `right(page)` has been passed on, and
 * `done: true` right before completion; without `report`, the source itself.
 */
export const withPageProgress =
  <E, T>(report: ((progress: PageProgress) => void) | undefined, scheduler: SchedulerLike = asyncScheduler) =>
  (source: ObservableEither<E, readonly T[]>): ObservableEither<E, readonly T[]> =>
    report === undefined
      ? source
      : new Observable((subscriber) => {
          const meter = progressMeter(scheduler)
          let pages = 0
          let items = 0
          const progress = (done: boolean): PageProgress => ({ ...meter({ items, failed: 0, requests: pages, done }), pages })
          return source.subscribe({
            next: (page) => {
              subscriber.next(page)
              if (E.isLeft(page)) return
              pages += 1
              items += page.right.length
              report(progress(false))
            },
            error: (error: unknown) => subscriber.error(error),
            complete: () => {
              report(progress(true))
              subscriber.complete()
            },
          })
        })
