/**
 * The figures a benchmark run produces: every `bench:` line is printed and kept, so `run.ts` can
 * write them all as JSON (`--json`) for `bench/readme-table.ts`.
 *
 * Two kinds of figure: a ratio of medians with its spread (min-max of the per-run ratios, runs
 * paired in the order they were taken), and a plain value (MB, objects/s, a ratio of two values).
 */
import { median } from './harness'

/** `bench: <name> <ours>/<peer> = <ratio> (spread <min>-<max>)`. */
export interface RatioFigure {
  readonly kind: 'ratio'
  /** `<name> <ours>/<peer>`: the key the README table and the baseline check use. */
  readonly key: string
  readonly name: string
  readonly ours: string
  readonly peer: string
  readonly ratio: number
  readonly min: number
  readonly max: number
  readonly runs: number
  /** The `npm run bench` group that printed it (none when run on its own, or in files before groups were kept). */
  readonly group?: string
}

/** `bench: <name> = <value> <unit>`. */
export interface ValueFigure {
  readonly kind: 'value'
  readonly key: string
  readonly value: number
  readonly unit: string
  readonly group?: string
}

export type Figure = RatioFigure | ValueFigure

const figures: Figure[] = []

/** Every figure printed so far. */
export const allFigures = (): readonly Figure[] => figures

let currentGroup: string | undefined

/** The group the figures printed from now on belong to (`run.ts` sets it before each group). */
export const inGroup = (group: string): void => {
  currentGroup = group
}

const grouped = (): { readonly group?: string } => (currentGroup === undefined ? {} : { group: currentGroup })

const round = (x: number): number => Math.round(x * 100) / 100

/**
 * Prints and records the ratio of medians of two contenders' run times, with the spread of the
 * per-run ratios (run i of ours against run i of the peer).
 */
export const reportRatio = (name: string, times: Readonly<Record<string, readonly number[]>>, peer: string, ours = 'ours'): RatioFigure => {
  const a = times[ours] ?? []
  const b = times[peer] ?? []
  const ratios = a.map((x, i) => x / (b[i] ?? Number.NaN)).filter((r) => Number.isFinite(r))
  const figure: RatioFigure = {
    kind: 'ratio',
    key: `${name} ${ours}/${peer}`,
    name,
    ours,
    peer,
    ratio: round(median(a) / median(b)),
    min: round(ratios.length === 0 ? Number.NaN : Math.min(...ratios)),
    max: round(ratios.length === 0 ? Number.NaN : Math.max(...ratios)),
    runs: ratios.length,
    ...grouped(),
  }
  figures.push(figure)
  console.log(`bench: ${figure.key} = ${figure.ratio.toFixed(2)} (spread ${figure.min.toFixed(2)}-${figure.max.toFixed(2)})`)
  return figure
}

/** Prints and records a plain value: `bench: <key> = <value> <unit>`. */
export const reportValue = (key: string, value: number, unit = '', digits = 2): ValueFigure => {
  const figure: ValueFigure = { kind: 'value', key, value: Number(value.toFixed(digits)), unit, ...grouped() }
  figures.push(figure)
  console.log(`bench: ${key} = ${value.toFixed(digits)}${unit === '' ? '' : ` ${unit}`}`)
  return figure
}

/**
 * Runs per figure of the groups that carry target lines (search, stream, vectors): a
 * median of ten paired runs, which moves less from run to run than one of five (docs/decisions/0015-how-the-bench-measures.md).
 */
export const TARGET_RUNS = 10

/** A size from the environment (`BENCH_<NAME>`), for short development runs; else `fallback`. */
export const sizeFromEnv = (name: string, fallback: number): number => {
  const raw = process.env[`BENCH_${name}`]
  const n = raw === undefined ? Number.NaN : Number(raw)
  return Number.isInteger(n) && n > 0 ? n : fallback
}
