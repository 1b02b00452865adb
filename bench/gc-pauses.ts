/**
 * The main thread's GC pauses while some work runs, by kind, from Node's `gc` performance entries:
 * what the profile (profile.ts) and the search A/B (search-ab.ts) print beside client CPU.
 */
import { PerformanceObserver, constants } from 'node:perf_hooks'

/** The pauses of one kind: how many and their milliseconds. */
export interface GcTally {
  n: number
  ms: number
}

const KINDS: Readonly<Record<number, string>> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
}

/**
 * Starts counting GC pauses; `stop` waits a turn (the entries of the work arrive on a later one)
 * and gives the tallies by kind.
 */
export const watchGcPauses = (): { readonly stop: () => Promise<Readonly<Record<string, GcTally>>> } => {
  const tallies: Record<string, GcTally> = {}
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const { detail } = entry as unknown as { readonly detail?: { readonly kind?: number } }
      const tally = (tallies[KINDS[detail?.kind ?? 0] ?? 'other'] ??= { n: 0, ms: 0 })
      tally.n += 1
      tally.ms += entry.duration
    }
  })
  observer.observe({ entryTypes: ['gc'] })
  return {
    stop: async () => {
      await new Promise((resolve) => setImmediate(resolve))
      observer.disconnect()
      return tallies
    },
  }
}

/** The milliseconds of all the tallies. */
export const gcMs = (tallies: Readonly<Record<string, GcTally>>): number => Object.values(tallies).reduce((sum, t) => sum + t.ms, 0)
