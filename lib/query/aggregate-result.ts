/**
 * The results of `query.aggregate`'s metrics, typed by each property's kind and by the metrics
 * asked (`AggregateOf`), and the one normalization both wire encodings share: a count of no values
 * is 0, a statistic of no values (a minimum of nothing) is `null`, and 64-bit integers are numbers.
 *
 * @packageDocumentation
 */
import type { AggregateMetrics, CheckedMetrics, CountGroup, PropertyMetrics } from './aggregate-args'

/**
 * The metrics of an `int` or `number` property: `null` where there are no values. `median` is the
 * middle value, or the mean of the two middle ones for an even count; `mode` the most frequent
 * value, the smallest on a tie (as the server computes them).
 *
 * @example
 * ```ts
 * const price: NumericAggregate<'number'> = { kind: 'number', count: 3, minimum: 1, maximum: 5, mean: 3, median: 3, mode: 1, sum: 9 }
 * ```
 */
export interface NumericAggregate<K extends 'int' | 'number'> {
  readonly kind: K
  readonly count: number
  readonly minimum: number | null
  readonly maximum: number | null
  readonly mean: number | null
  readonly median: number | null
  readonly mode: number | null
  readonly sum: number | null
}

/**
 * One of a text property's most frequent values.
 *
 * @example
 * ```ts
 * const top: TopOccurrence = { value: 'news', occurs: 12 }
 * ```
 */
export interface TopOccurrence {
  readonly value: string
  readonly occurs: number
}

/**
 * The metrics of a `text` property: the number of values and the most frequent ones (most first,
 * then by value).
 *
 * @example
 * ```ts
 * const title: TextAggregate = { kind: 'text', count: 2, topOccurrences: [{ value: 'a', occurs: 2 }] }
 * ```
 */
export interface TextAggregate {
  readonly kind: 'text'
  readonly count: number
  readonly topOccurrences: readonly TopOccurrence[]
}

/**
 * The metrics of a `boolean` property; percentages are fractions (0.25, not 25), `null` when there
 * are no values (the server's 0/0).
 *
 * @example
 * ```ts
 * const flag: BooleanAggregate = { kind: 'boolean', count: 4, totalTrue: 1, totalFalse: 3, percentageTrue: 0.25, percentageFalse: 0.75 }
 * ```
 */
export interface BooleanAggregate {
  readonly kind: 'boolean'
  readonly count: number
  readonly totalTrue: number
  readonly totalFalse: number
  readonly percentageTrue: number | null
  readonly percentageFalse: number | null
}

/**
 * The metrics of a `date` property, as RFC 3339 strings the server writes; `null` where there are no
 * values. The median of an even count is the instant halfway between the two middle ones.
 *
 * @example
 * ```ts
 * const published: DateAggregate = { kind: 'date', count: 1, minimum: '2024-01-01T00:00:00Z', maximum: '2024-01-01T00:00:00Z', median: '2024-01-01T00:00:00Z', mode: '2024-01-01T00:00:00Z' }
 * ```
 */
export interface DateAggregate {
  readonly kind: 'date'
  readonly count: number
  readonly minimum: string | null
  readonly maximum: string | null
  readonly median: string | null
  readonly mode: string | null
}

/**
 * The metrics of a reference property: the classes it may point to.
 *
 * @example
 * ```ts
 * const author: ReferenceAggregate = { kind: 'reference', pointingTo: ['Author'] }
 * ```
 */
export interface ReferenceAggregate {
  readonly kind: 'reference'
  readonly pointingTo: readonly string[]
}

/**
 * Every metric of one property, by kind.
 *
 * @example
 * ```ts
 * const show = (a: PropertyAggregate): string => (a.kind === 'number' ? `mean ${a.mean}` : a.kind)
 * ```
 */
export type PropertyAggregate = NumericAggregate<'int'> | NumericAggregate<'number'> | TextAggregate | BooleanAggregate | DateAggregate | ReferenceAggregate

/**
 * Each kind's result with every metric.
 *
 * @example
 * ```ts
 * const textResult: PropertyAggregateByKind['text'] = { kind: 'text', count: 0, topOccurrences: [] }
 * ```
 */
export interface PropertyAggregateByKind {
  readonly int: NumericAggregate<'int'>
  readonly number: NumericAggregate<'number'>
  readonly text: TextAggregate
  readonly boolean: BooleanAggregate
  readonly date: DateAggregate
  readonly reference: ReferenceAggregate
}

/**
 * The result of one property's metrics: its `kind` and exactly the metrics asked (every metric of
 * the kind when `metrics` is left out).
 *
 * @example
 * ```ts
 * const r: AggregateOf<{ kind: 'int'; metrics: ['mean'] }> = { kind: 'int', mean: 2.5 }
 * ```
 */
export type AggregateOf<P extends PropertyMetrics> = P extends { readonly kind: infer K extends keyof PropertyAggregateByKind }
  ? Pick<PropertyAggregateByKind[K], 'kind' | (P extends { readonly metrics: readonly (infer N)[] } ? Extract<N, keyof PropertyAggregateByKind[K]> : keyof PropertyAggregateByKind[K])>
  : never

/**
 * The results of the metrics asked, by property name.
 *
 * @example
 * ```ts
 * const r: MetricsOf<{ price: { kind: 'number'; metrics: ['sum'] } }> = { price: { kind: 'number', sum: 12.5 } }
 * ```
 */
export type MetricsOf<M extends AggregateMetrics> = { readonly [K in keyof M]: AggregateOf<M[K]> }

/**
 * One group of a grouped aggregate with metrics: its value, count and the metrics of its objects.
 *
 * @example
 * ```ts
 * const g: MetricsGroup<{ price: { kind: 'number'; metrics: ['mean'] } }> = { value: 'news', count: 2, metrics: { price: { kind: 'number', mean: 3 } } }
 * ```
 */
export interface MetricsGroup<M extends AggregateMetrics> extends CountGroup {
  readonly metrics: MetricsOf<M>
}

/**
 * Any property's result, untyped by the request: its kind and some of its metrics.
 *
 * @example
 * ```ts
 * const some: SomePropertyAggregate = { kind: 'text', count: 4 }
 * ```
 */
export type SomePropertyAggregate = { [K in PropertyAggregate['kind']]: Pick<PropertyAggregateByKind[K], 'kind'> & Partial<Omit<PropertyAggregateByKind[K], 'kind'>> }[PropertyAggregate['kind']]

/**
 * Metric results by property name, untyped by the request (what `AggregateResult` carries).
 *
 * @example
 * ```ts
 * const some: AggregatedMetrics = { price: { kind: 'number', mean: 3 } }
 * ```
 */
export type AggregatedMetrics = Readonly<Record<string, SomePropertyAggregate>>

/** A metric's value as the wire gives it (a number, a 64-bit integer, a string, a list), or nothing. */
export type RawMetric = (metric: string) => unknown

/** A number of the wire; NaN (the server's 0/0 of a percentage of no values) is none. */
const numberOf = (v: unknown): number | null => (typeof v === 'bigint' ? Number(v) : typeof v === 'number' && !Number.isNaN(v) ? v : null)

const stringOf = (v: unknown): string | null => (typeof v === 'string' ? v : null)

const occurrences = (v: unknown): TopOccurrence[] =>
  Array.isArray(v)
    ? v.flatMap((item: unknown): TopOccurrence[] => {
        if (typeof item !== 'object' || item === null) return []
        const o = item as Record<string, unknown>
        return typeof o['value'] === 'string' ? [{ value: o['value'], occurs: numberOf(o['occurs']) ?? 0 }] : []
      })
    : []

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [])

/**
 * One property's result from its raw metrics: only the metrics asked, normalized.
 */
export const propertyResult = (asked: CheckedMetrics, raw: RawMetric): SomePropertyAggregate => {
  const out: Record<string, unknown> = { kind: asked.kind }
  for (const metric of asked.metrics) {
    const v = raw(metric)
    switch (asked.kind) {
      case 'int':
      case 'number':
        out[metric] = metric === 'count' ? (numberOf(v) ?? 0) : numberOf(v)
        break
      case 'text':
        out[metric] = metric === 'count' ? (numberOf(v) ?? 0) : occurrences(v)
        break
      case 'boolean':
        out[metric] = metric === 'percentageTrue' || metric === 'percentageFalse' ? numberOf(v) : (numberOf(v) ?? 0)
        break
      case 'date':
        out[metric] = metric === 'count' ? (numberOf(v) ?? 0) : stringOf(v)
        break
      case 'reference':
        out[metric] = strings(v)
        break
    }
  }
  return out as SomePropertyAggregate
}

/**
 * The results of every property asked, by name.
 */
export const metricsResult = (asked: readonly CheckedMetrics[], rawOf: (property: string) => RawMetric): AggregatedMetrics => {
  const out: Record<string, SomePropertyAggregate> = {}
  for (const m of asked) out[m.property] = propertyResult(m, rawOf(m.property))
  return out
}

/**
 * An aggregate's answer without groups: the count, with metrics when asked.
 *
 * @example
 * ```ts
 * const answer: CountAnswer = { count: 3, metrics: { price: { kind: 'number', mean: 2 } } }
 * ```
 */
export interface CountAnswer {
  readonly count: number
  readonly metrics?: AggregatedMetrics
}

/**
 * One group of an aggregate's answer: its value and count, with metrics when asked.
 *
 * @example
 * ```ts
 * const group: GroupAnswer = { value: 'news', count: 3 }
 * ```
 */
export interface GroupAnswer extends CountGroup {
  readonly metrics?: AggregatedMetrics
}

