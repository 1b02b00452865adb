/**
 * A dependency-free progress bar for the examples: objects done, rate per second and, when the
 * total is known, a bar and an ETA. On a terminal it redraws one line in place; anywhere else
 * (a pipe, a CI log) it prints a line at most every few seconds and one at the end.
 *
 * @example
 * ```ts
 * const bar = progressBar({ label: 'export Article', total: 3000 })
 * for (const item of items) { write(item); bar.tick() }
 * bar.done()
 * ```
 */

/** Where the bar is drawn: `process.stderr` or anything with `write` (and maybe `isTTY`). */
export interface ProgressSink {
  write(text: string): unknown
  readonly isTTY?: boolean
}

/** Options of {@link progressBar}. */
export interface ProgressOptions {
  /** Shown before the bar, e.g. `export Article`. */
  readonly label: string
  /** Expected number of items; without it there is no bar and no ETA. */
  readonly total?: number
  /** Default `process.stderr`; `null` draws nothing. */
  readonly sink?: ProgressSink | null
  /** Least time between two redraws on a terminal; default 100 ms (5 s when not a terminal). */
  readonly intervalMs?: number
  /** Clock in ms; default `Date.now`. */
  readonly now?: () => number
}

/** A running progress bar. */
export interface ProgressBar {
  /** Counts `n` more items done (default 1) and redraws when due. */
  tick(n?: number): void
  /** Draws the final state and ends the line. Idempotent. */
  done(): void
  /** Items counted so far. */
  readonly count: number
}

const WIDTH = 24

/** `1234567` → `1,234,567`. */
const grouped = (n: number): string => Math.round(n).toLocaleString('en-US')

/** Seconds as `42s`, `3m05s` or `1h02m`. */
export const formatDuration = (seconds: number): string => {
  if (!Number.isFinite(seconds)) return '?'
  const s = Math.max(0, Math.round(seconds))
  if (s < 60) return `${s}s`
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`
}

/**
 * One line of progress: `label [#####.....] 1,200/3,000 40% 950/s ETA 2s`.
 *
 * @example
 * ```ts
 * renderProgress('export A', 1500, 3000, 2) // 'export A [############............] 1,500/3,000  50%  750/s  ETA 2s'
 * ```
 */
export const renderProgress = (label: string, count: number, total: number | undefined, elapsedSeconds: number): string => {
  const rate = elapsedSeconds > 0 ? count / elapsedSeconds : 0
  const rateText = `${grouped(rate)}/s`
  if (total === undefined || total <= 0) return `${label} ${grouped(count)}  ${rateText}`
  const fraction = Math.min(1, count / total)
  const filled = Math.round(fraction * WIDTH)
  const bar = `[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}]`
  const percent = `${String(Math.floor(fraction * 100)).padStart(3)}%`
  const eta = rate > 0 ? formatDuration(Math.max(0, total - count) / rate) : '?'
  return `${label} ${bar} ${grouped(count)}/${grouped(total)} ${percent}  ${rateText}  ETA ${eta}`
}

/**
 * Starts a progress bar.
 *
 * @example
 * ```ts
 * const bar = progressBar({ label: 'import', total: lines, sink: process.stderr })
 * bar.tick(); bar.done()
 * ```
 */
export const progressBar = (options: ProgressOptions): ProgressBar => {
  const sink = options.sink === undefined ? process.stderr : options.sink
  const now = options.now ?? Date.now
  const tty = sink?.isTTY === true
  const interval = options.intervalMs ?? (tty ? 100 : 5_000)
  const started = now()
  let count = 0
  let drawn = started
  let finished = false

  const draw = (last: boolean): void => {
    if (sink === null) return
    const line = renderProgress(options.label, count, options.total, (now() - started) / 1000)
    sink.write(tty ? `\r${line}\x1b[K${last ? '\n' : ''}` : `${line}\n`)
  }

  return {
    tick(n = 1) {
      count += n
      const t = now()
      if (t - drawn >= interval) {
        drawn = t
        draw(false)
      }
    },
    done() {
      if (finished) return
      finished = true
      draw(true)
    },
    get count() {
      return count
    },
  }
}
