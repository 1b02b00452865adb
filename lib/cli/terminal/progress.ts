/**
 * A small progress reporter on stderr: a bar redrawn in place when stderr is a TTY (objects,
 * rate, ETA from the expected total), or one JSON line a second for machines; and the final
 * summary line (objects, failed, elapsed, rate).
 *
 * Kept hand-written after a comparison with `cli-progress` (3.12) on what a user sees. Off a
 * terminal, cli-progress prints nothing by default, or (`noTTYOutput`) the bar's text every 2 s;
 * here `--progress json` prints one parseable line a second and `auto` prints only the summary,
 * which is what logs and scripts want. On a terminal both redraw in place about 10 times a second,
 * cut to the terminal width. The ETA was where ours fell short: it came from the average rate
 * since the start (slow at first while the schema is read and pages warm up, and after a resume),
 * while cli-progress averages the last updates (`etaBuffer`); the rate and ETA shown now come from
 * the last 10 s. The phases (`objects`, then `references`) and the summary line have no
 * counterpart there.
 *
 * @packageDocumentation
 */
import type { CliIo } from './io'

/**
 * Counts objects as they are done and reports them.
 *
 * @example
 * ```ts
 * const progress = createProgress({ label: 'copy', mode: 'auto', stderr: io.stderr })
 * progress.setTotal(20_000)
 * progress.add(100)
 * progress.finish() // prints the summary
 * ```
 */
export interface Progress {
  /** The expected number of objects (for percent and ETA). */
  setTotal(total: number): void
  /** Objects done (written, exported, compared). */
  add(count: number): void
  /** Objects that failed. */
  fail(count: number): void
  /**
   * What the current pass does (`objects`, `references`), shown before the numbers. A pass after
   * `objects` counts from 0 again; the summary reports the objects.
   */
  setPhase(phase: string): void
  readonly done: () => number
  readonly failed: () => number
  /** Stops the redraw timer and prints the summary line. */
  finish(): void
}

/**
 * How to report.
 *
 * @example
 * ```ts
 * const options: ProgressOptions = { label: 'export', mode: 'json', stderr: process.stderr }
 * ```
 */
export interface ProgressOptions {
  readonly label: string
  readonly mode: 'auto' | 'json' | 'none'
  readonly stderr: CliIo['stderr']
  /** Objects already done by an earlier run (a resumed checkpoint). */
  readonly initial?: number
  /** Clock in ms; default `Date.now`. */
  readonly now?: () => number
}

const BAR_WIDTH = 24

/** The rate and ETA shown while running are those of this last stretch. */
const RECENT_MS = 10_000

const duration = (seconds: number): string => {
  if (!Number.isFinite(seconds)) return '--'
  const s = Math.max(0, Math.round(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const rest = s % 60
  const mm = String(m).padStart(h > 0 ? 2 : 1, '0')
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(rest).padStart(2, '0')}`
}

/**
 * Creates a reporter: a bar redrawn 10 times a second when `mode` is `auto` and stderr is a TTY,
 * a JSON line every second when `mode` is `json`, nothing until the summary otherwise.
 *
 * @example
 * ```ts
 * const progress = createProgress({ label: 'import', mode: 'json', stderr: process.stderr })
 * ```
 */
export const createProgress = (options: ProgressOptions): Progress => {
  const now = options.now ?? Date.now
  const started = now()
  const initial = options.initial ?? 0
  let done = initial
  let failed = 0
  let total: number | undefined
  let phase = ''
  let objects: number | undefined

  // (time, done) at each report of the last RECENT_MS, oldest first.
  const samples: Array<readonly [number, number]> = [[started, initial]]
  const stats = () => {
    const at = now()
    const elapsed = (at - started) / 1000
    samples.push([at, done])
    while (samples.length > 2 && at - (samples[1]?.[0] ?? at) >= RECENT_MS) samples.shift()
    const [since, doneThen] = samples[0] ?? [started, initial]
    const rate = at > since ? ((done - doneThen) * 1000) / (at - since) : 0
    const remaining = total === undefined ? undefined : Math.max(0, total - done)
    const eta = remaining === undefined || rate <= 0 ? undefined : remaining / rate
    return { elapsed, rate, eta }
  }

  const bar = (): string => {
    const { rate, eta } = stats()
    const fraction = total === undefined || total === 0 ? undefined : Math.min(1, done / total)
    const filled = fraction === undefined ? 0 : Math.round(fraction * BAR_WIDTH)
    const gauge = fraction === undefined ? '' : `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${Math.floor(fraction * 100)}% `
    const counts = `${done}${total === undefined ? '' : `/${total}`} objects`
    return `${options.label}${phase === '' ? '' : ` ${phase}`} ${gauge}${counts}, ${failed} failed, ${Math.round(rate)}/s, ETA ${duration(eta ?? NaN)}`
  }

  const json = (summary: boolean): string => {
    const { elapsed, rate, eta } = stats()
    return JSON.stringify({
      command: options.label,
      ...(phase === '' ? {} : { phase }),
      ...(summary ? { summary: true } : {}),
      objects: summary ? (objects ?? done) : done,
      failed,
      ...(total === undefined ? {} : { total }),
      elapsedSeconds: Math.round(elapsed * 10) / 10,
      rate: Math.round(rate),
      ...(summary || eta === undefined ? {} : { etaSeconds: Math.round(eta) }),
    })
  }

  const tty = options.mode === 'auto' && options.stderr.isTTY === true
  const draw = () => {
    const line = bar()
    const width = options.stderr.columns ?? 120
    options.stderr.write(`\r${line.slice(0, width - 1)}\x1b[K`)
  }
  const timer = tty
    ? setInterval(draw, 100)
    : options.mode === 'json'
      ? setInterval(() => options.stderr.write(`${json(false)}\n`), 1000)
      : undefined
  timer?.unref()

  return {
    setTotal: (n) => {
      total = n
    },
    add: (n) => {
      done += n
    },
    fail: (n) => {
      failed += n
    },
    setPhase: (p) => {
      if (phase === 'objects' && p !== 'objects') {
        objects = done
        done = 0
      }
      phase = p
    },
    done: () => done,
    failed: () => failed,
    finish: () => {
      if (timer !== undefined) clearInterval(timer)
      if (tty) {
        draw()
        options.stderr.write('\n')
      }
      if (options.mode === 'json') {
        options.stderr.write(`${json(true)}\n`)
        return
      }
      const { elapsed } = stats()
      const count = objects ?? done
      const rate = elapsed > 0 ? (count - initial) / elapsed : 0
      options.stderr.write(`${options.label}: ${count} objects, ${failed} failed, ${elapsed.toFixed(1)} s, ${Math.round(rate)} objects/s\n`)
    },
  }
}
