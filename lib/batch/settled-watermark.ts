/**
 * The settled watermark of a batch run: the lowest index whose item has no final result yet. Items
 * settle out of order (requests run concurrently, retried items come later); the watermark moves
 * only over a gap-free prefix, so everything below it is final.
 *
 * @packageDocumentation
 */

/**
 * Tracks which indices have settled.
 */
export interface SettledWatermark {
  /** Marks item `index` as final (each index once). */
  settle(index: number): void
  /** Every index below this one has settled. */
  through(): number
}

/**
 * A new watermark at 0. Holds only the indices settled above the watermark (at most the items in
 * flight), not the whole run.
 */
export const settledWatermark = (): SettledWatermark => {
  let through = 0
  const ahead = new Set<number>()
  return {
    settle: (index) => {
      if (index !== through) {
        ahead.add(index)
        return
      }
      through += 1
      while (ahead.delete(through)) through += 1
    },
    through: () => through,
  }
}
