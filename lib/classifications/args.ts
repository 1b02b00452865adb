/**
 * The arguments and the answer of `client.classifications`, and their checks. Names follow the
 * server's and the v2 TypeScript client's (`classifyProperties`, `basedOnProperties`, `type`,
 * `settings`, the three `where` filters).
 *
 * @packageDocumentation
 */
import { ClassificationState } from '../codecs/classification'
import { CallOptions, callOptions } from '../context/context'
import { argsOf, argumentKeys, nonEmptyString, optional, positiveInteger, stringArray, valueError } from '../input/check'
import { className } from '../input/names'
import { uuid } from '../input/uuid'
import { CheckedWhere, Where, whereFilter } from '../input/where'

/** Default of {@link ClassificationScheduleArgs.pollIntervalMs}. */
export const DEFAULT_CLASSIFICATION_POLL_MS = 1_000

/**
 * The arguments of `client.classifications.schedule`: which objects get which reference, by
 * which algorithm. `'knn'` (the default) gives each object without the reference the one most of
 * its `k` nearest neighbours by vector (those that have it, the training set) point to; it needs
 * vectors only, no module. `'zeroshot'` and `'text2vec-contextionary-contextual'` need modules.
 *
 * @example
 * ```ts
 * client.classifications.schedule({ className: 'Article', classifyProperties: ['ofCategory'], basedOnProperties: ['title'], settings: { k: 3 } })
 * ```
 */
export interface ClassificationScheduleArgs extends CallOptions {
  readonly className: string
  /** The reference properties to set (at least one). */
  readonly classifyProperties: readonly string[]
  /** The one text property the classification is based on (the server takes exactly one). */
  readonly basedOnProperties: readonly string[]
  /** `'knn'` (default), `'zeroshot'`, or a module's type such as `'text2vec-contextionary-contextual'`. */
  readonly type?: string
  /** The type's settings: for `'knn'`, `{ k }` (the server's default 3). */
  readonly settings?: Readonly<Record<string, unknown>>
  /** The objects to classify (default: all of the class without the reference). */
  readonly sourceWhere?: Where
  /** The training objects `'knn'` considers. */
  readonly trainingSetWhere?: Where
  /** The targets a type without a training set considers (not with `'knn'`). */
  readonly targetWhere?: Where
  /** The pause between two status reads, in ms. Default 1000. */
  readonly pollIntervalMs?: number
}

/**
 * One classification by id.
 *
 * @example
 * ```ts
 * client.classifications.get({ id: 'ee722219-b8ec-4db1-8f8d-5150bb1a9e0c' })
 * ```
 */
export interface ClassificationArgs extends CallOptions {
  readonly id: string
}

/**
 * A classification and its progress.
 *
 * @example
 * ```ts
 * const show = (c: Classification): string => `${c.id}: ${c.status} (${c.meta?.countSucceeded ?? 0} of ${c.meta?.count ?? 0})`
 * ```
 */
export interface Classification {
  readonly id: string
  readonly status: ClassificationState
  readonly className?: string
  readonly type?: string
  readonly classifyProperties?: readonly string[]
  readonly basedOnProperties?: readonly string[]
  /** The settings the server ran with, its defaults filled in. */
  readonly settings?: Readonly<Record<string, unknown>>
  /** The server's message when the classification failed. */
  readonly error?: string
  readonly meta?: {
    /** ISO date-times. */
    readonly started?: string
    readonly completed?: string
    /** The objects considered, those classified, those that could not be. */
    readonly count?: number
    readonly countSucceeded?: number
    readonly countFailed?: number
  }
}

// -------------------------------------------------------------------------------------
// checks
// -------------------------------------------------------------------------------------

/** The keys each classification operation takes. */
export const CLASSIFICATION_KEYS = {
  schedule: argumentKeys<ClassificationScheduleArgs>('classifications.schedule', {
    className: true,
    classifyProperties: true,
    basedOnProperties: true,
    type: true,
    settings: true,
    sourceWhere: true,
    trainingSetWhere: true,
    targetWhere: true,
    pollIntervalMs: true,
    retry: true,
    timeout: true,
    headers: true,
  }),
  get: argumentKeys<ClassificationArgs>('classifications.get', { id: true, retry: true, timeout: true, headers: true }),
} as const

const names = (argument: string, value: unknown): readonly string[] => {
  const list = stringArray(argument, value)
  if (list.length === 0) valueError(argument, `'${argument}' must name at least one property`)
  list.forEach((p, i) => nonEmptyString(`${argument}[${i}]`, p))
  return list
}

const settingsObject = (argument: string, value: unknown): Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : valueError(argument, `'${argument}' must be an object`)

/** A checked schedule: the request body and how to follow it. */
export interface CheckedSchedule {
  readonly body: Record<string, unknown>
  readonly pollIntervalMs: number
  readonly call: CallOptions
}

export const checkSchedule = (args: unknown): CheckedSchedule => {
  const a = argsOf(CLASSIFICATION_KEYS.schedule, args)
  const type = optional(nonEmptyString, 'type', a['type']) ?? 'knn'
  const settings = optional(settingsObject, 'settings', a['settings'])
  if (type === 'knn' && settings?.['k'] !== undefined) positiveInteger('settings.k', settings['k'])
  const filters: Record<string, CheckedWhere> = {}
  for (const key of ['sourceWhere', 'trainingSetWhere', 'targetWhere'] as const) {
    const where = optional(whereFilter, key, a[key])
    if (where !== undefined) filters[key] = where
  }
  if (type === 'knn' && filters['targetWhere'] !== undefined) valueError('targetWhere', "'targetWhere' is not for 'knn': limit its training set with 'trainingSetWhere'")
  return {
    body: {
      class: className('className', a['className']),
      classifyProperties: names('classifyProperties', a['classifyProperties']),
      basedOnProperties: names('basedOnProperties', a['basedOnProperties']),
      type,
      ...(settings === undefined ? {} : { settings }),
      ...(Object.keys(filters).length === 0 ? {} : { filters }),
    },
    pollIntervalMs: optional(positiveInteger, 'pollIntervalMs', a['pollIntervalMs']) ?? DEFAULT_CLASSIFICATION_POLL_MS,
    call: callOptions(a),
  }
}

export const checkGet = (args: unknown): { readonly id: string; readonly call: CallOptions } => {
  const a = argsOf(CLASSIFICATION_KEYS.get, args)
  return { id: uuid('id', a['id']), call: callOptions(a) }
}
