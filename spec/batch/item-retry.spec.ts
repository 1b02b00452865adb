/**
 * Per-item retries of a batch in virtual time: which items are sent again, and when. The waits come
 * from the request retry policy (http/retry.ts) with the call's options; transience comes from the
 * item's tagged error (item-failure.ts), never from message text at the decision.
 */
import { Observable, of } from 'rxjs'
import type { TestScheduler } from 'rxjs/testing'
import { ConnectionError, isUnexpectedStatusError } from '../../lib/core/errors'
import { itemFailure, missingItem } from '../../lib/batch/item-failure'
import { ItemOutcome, ItemRetryPolicy, allFailed, withItemRetries } from '../../lib/batch/item-retry'
import { Prepared } from '../../lib/batch/sink'
import { DEFAULT_RETRY } from '../../lib/transport/http/retry'
import { testScheduler } from '../helpers/test-scheduler'

const REQUEST = { method: 'POST', url: 'http://127.0.0.1:8080/v1/batch/objects' } as const
const items: ReadonlyArray<Prepared<string>> = [0, 1, 2, 3].map((index) => ({ index, payload: `item ${index}`, bytes: 6 }))

let scheduler: TestScheduler
beforeEach(() => {
  scheduler = testScheduler()
})

/** A policy with jitter fixed at one half: waits of 50, 100, 200 ... ms for baseDelayMs 100. */
const policy = (attempts: number): ItemRetryPolicy => ({
  options: { ...DEFAULT_RETRY, attempts, baseDelayMs: 100, random: () => 0.5 },
  scheduler,
})

interface Send {
  readonly at: number
  readonly indices: readonly number[]
}

/**
 * Runs withItemRetries where `failing(index, attempt)` gives an item's messages (undefined: written);
 * returns the sends (time, items) and the final outcomes (index, ok) in emission order.
 */
const run = (failing: (index: number, attempt: number) => readonly string[] | undefined, retryPolicy: ItemRetryPolicy) => {
  const sends: Send[] = []
  const finals: Array<readonly [number, boolean]> = []
  scheduler.run(() => {
    const sendOnce = (batch: ReadonlyArray<Prepared<string>>): Observable<ReadonlyArray<ItemOutcome<string>>> => {
      sends.push({ at: scheduler.now(), indices: batch.map((i) => i.index) })
      const attempt = sends.length
      return of(
        batch.map((item): ItemOutcome<string> => {
          const messages = failing(item.index, attempt)
          return messages === undefined ? { item, ok: true } : { item, ok: false, failure: { kind: 'item', error: itemFailure(REQUEST, messages) } }
        }),
      )
    }
    withItemRetries(items, sendOnce, retryPolicy).subscribe((outcomes) => outcomes.forEach((o) => finals.push([o.item.index, o.ok])))
  })
  return { sends, finals }
}

describe('withItemRetries', () => {
  it('sends only the transient items again, each time after the wait of the request retry policy', () => {
    const { sends, finals } = run((index, attempt) => (index === 1 && attempt < 3 ? ['429 Too Many Requests: rate limit reached'] : undefined), policy(4))
    // Backoff random() * baseDelayMs * 2^(n-1): 0.5 * 100 = 50 ms, then 0.5 * 200 = 100 ms.
    expect(sends).toEqual([
      { at: 0, indices: [0, 1, 2, 3] },
      { at: 50, indices: [1] },
      { at: 150, indices: [1] },
    ])
    expect(finals).toEqual([[0, true], [2, true], [3, true], [1, true]])
  })

  it('takes its waits from the options given (a call with a larger baseDelayMs waits longer)', () => {
    const slow: ItemRetryPolicy = { options: { ...DEFAULT_RETRY, attempts: 2, baseDelayMs: 1_000, random: () => 0.5 }, scheduler }
    const { sends } = run((index, attempt) => (index === 0 && attempt === 1 ? ['server overloaded, try again'] : undefined), slow)
    expect(sends.map((s) => s.at)).toEqual([0, 500])
  })

  it('an item the server refused (422 by its messages) is final at once and never sent again', () => {
    const { sends, finals } = run((index) => (index === 2 ? ["invalid text property 'title'"] : undefined), policy(4))
    expect(sends).toEqual([{ at: 0, indices: [0, 1, 2, 3] }])
    expect(finals).toContainEqual([2, false])
  })

  it('gives up when the attempts run out: the transient failure is the final outcome', () => {
    const { sends, finals } = run((index) => (index === 3 ? ['context deadline exceeded'] : undefined), policy(3))
    expect(sends.map((s) => s.indices)).toEqual([[0, 1, 2, 3], [3], [3]])
    expect(finals.filter(([, ok]) => !ok)).toEqual([[3, false]])
  })

  it('a failure of the whole request is final: the pipeline has already retried it', () => {
    const sends: number[] = []
    const error = new ConnectionError({ method: 'POST', url: REQUEST.url, code: 'ECONNRESET', detail: 'reset' })
    scheduler.run(() => {
      withItemRetries(items, (batch) => (sends.push(batch.length), allFailed(batch, error)), policy(4)).subscribe()
    })
    expect(sends).toEqual([4])
  })
})

describe('itemFailure', () => {
  it.each([
    ['429 Too Many Requests', 429],
    ['rate limit reached for requests', 429],
    ['rpc error: code = ResourceExhausted desc = resource exhausted', 429],
    ['context deadline exceeded', 504],
    ['request timed out', 504],
    ['vectorizer overloaded', 503],
    ['connection reset by peer', 503],
    ['auto-schema: create collection: class name Article already exists', 503],
    ["invalid text property 'title'", 422],
    ['class Nope not found', 422],
  ])('%j is an UnexpectedStatusError with status %i', (message, status) => {
    const error = itemFailure(REQUEST, [message])
    expect(isUnexpectedStatusError(error) && [error.status, error.messages, error.url]).toEqual([status, [message], REQUEST.url])
  })

  it('is transient only when every message is: one refusal makes the item 422', () => {
    expect(itemFailure(REQUEST, ['429 Too Many Requests', "invalid text property 'title'"]).status).toBe(422)
    expect(itemFailure(REQUEST, ['429 Too Many Requests', 'service unavailable']).status).toBe(429)
  })

  it('an item the answer left out is a 502', () => {
    expect(missingItem(REQUEST).status).toBe(502)
  })
})
