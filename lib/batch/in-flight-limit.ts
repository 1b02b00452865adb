/**
 * A limit on the calls in flight shared by the requests of one run, for a sender whose requests
 * the run keeps more of in flight than its calls may be (`batch-stream-fallback.ts`: `BatchObjects`
 * in place of `BatchStream`, whose window is wider).
 *
 * @packageDocumentation
 */
import { Observable, Subscription } from 'rxjs'

/**
 * Creates a limit of `limit` calls in flight: each Observable passed through it is subscribed only
 * while fewer than `limit` others are (the others wait, first come first served, for one to
 * complete, fail or be unsubscribed); unsubscribing one that waits takes it out of the queue.
 */
export const inFlightLimit = (limit: number): (<T>(call: Observable<T>) => Observable<T>) => {
  let running = 0
  const queue: Array<() => void> = []
  return <T>(call: Observable<T>): Observable<T> =>
    new Observable<T>((subscriber) => {
      let started = false
      let inner: Subscription | undefined
      const start = (): void => {
        started = true
        running += 1
        inner = call.subscribe({ next: (value) => subscriber.next(value), error: (e: unknown) => subscriber.error(e), complete: () => subscriber.complete() })
      }
      if (running < limit) start()
      else queue.push(start)
      return () => {
        if (!started) {
          const at = queue.indexOf(start)
          if (at >= 0) queue.splice(at, 1)
          return
        }
        inner?.unsubscribe()
        running -= 1
        queue.shift()?.()
      }
    })
}
