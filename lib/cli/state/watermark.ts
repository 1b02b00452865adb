/**
 * The contiguous watermark of a run: entries join in source order and settle in any order (batch
 * requests finish out of order); what has passed the watermark is the longest settled prefix. A
 * checkpoint advances only past that prefix, so a resumed run sends again only what had not
 * passed, never skips anything.
 *
 * @packageDocumentation
 */

/**
 * One entry's place in the queue; settled once with its outcome.
 *
 * @example
 * ```ts
 * const slot = watermark.add(position)
 * watermark.settle(slot, undefined) // succeeded
 * ```
 */
export interface Slot<P, F> {
  readonly position: P
  /** `undefined` until settled. */
  outcome: { readonly failure: F | undefined } | undefined
}

/**
 * Entries in source order.
 *
 * @example
 * ```ts
 * const watermark = createWatermark<number, string>()
 * const a = watermark.add(1)
 * const b = watermark.add(2)
 * watermark.settle(b, undefined)
 * watermark.passed() // []: 1 is not settled yet
 * watermark.settle(a, 'refused')
 * watermark.passed() // [{ position: 1, failure: 'refused' }, { position: 2, failure: undefined }]
 * ```
 */
export interface Watermark<P, F> {
  /** Adds an entry after the others; settled at once when `outcome` is given. */
  add(position: P, outcome?: { readonly failure: F | undefined }): Slot<P, F>
  settle(slot: Slot<P, F>, failure: F | undefined): void
  /** Removes and returns the settled prefix, in source order. */
  passed(): Array<{ readonly position: P; readonly failure: F | undefined }>
  /** Entries added and not yet returned by `passed`. */
  waiting(): number
}

/**
 * An empty watermark.
 *
 * @example
 * ```ts
 * const watermark = createWatermark<{ line: number }, FailureRecord>()
 * ```
 */
export const createWatermark = <P, F>(): Watermark<P, F> => {
  let queue: Array<Slot<P, F>> = []
  let head = 0
  return {
    add: (position, outcome) => {
      const slot: Slot<P, F> = { position, outcome }
      queue.push(slot)
      return slot
    },
    settle: (slot, failure) => {
      slot.outcome = { failure }
    },
    passed: () => {
      const out: Array<{ readonly position: P; readonly failure: F | undefined }> = []
      for (let slot = queue[head]; slot?.outcome !== undefined; slot = queue[head]) {
        out.push({ position: slot.position, failure: slot.outcome.failure })
        head++
      }
      if (head > 1024 && head * 2 > queue.length) {
        queue = queue.slice(head)
        head = 0
      }
      return out
    },
    waiting: () => queue.length - head,
  }
}
