/**
 * The arguments of `query.aggregate`: the count of the objects a filter or a search matches,
 * metrics of properties typed by each property's kind, and both per value of one property;
 * checked once into an {@link AggregateInput}.
 *
 * @packageDocumentation
 */
import { CallOptions, callOptions } from '../context/context'
import { CheckedWhere, Where, whereFilter } from '../input/where'
import { TransportMode, transportMode } from '../input/transport-mode'
import {
  MAX_UINT32,
  argsObject,
  argumentKeys,
  atMost,
  finiteNumber,
  knownKeys,
  name,
  oneOf,
  optional,
  positiveInteger,
  string,
  stringArray,
  valueError,
} from '../input/check'
import { className, propertyName } from '../input/names'
import { uuid } from '../input/uuid'
import { nonEmptyVector } from '../input/vectors'
import type { MediaInput, MediaType, NearTextMove } from './args'
import { concepts, mediaBase64, mediaType, move } from './check'
import type { Medium, Move } from './input'

/**
 * Counting per value of a property: the `limit` largest groups (default 100, always sent).
 *
 * @example
 * ```ts
 * const groupBy: CountGroupBy = { property: 'category', limit: 20 }
 * ```
 */
export interface CountGroupBy {
  readonly property: string
  readonly limit?: number
}

/**
 * The metrics of an `int` or `number` property (and of `int[]` / `number[]`, over every element).
 *
 * @example
 * ```ts
 * const asked: readonly NumericMetric[] = ['mean', 'median']
 * ```
 */
export type NumericMetric = 'count' | 'minimum' | 'maximum' | 'mean' | 'median' | 'mode' | 'sum'

/**
 * The metrics of a `text` property (and of `text[]`, over every element).
 *
 * @example
 * ```ts
 * const asked: readonly TextMetric[] = ['count', 'topOccurrences']
 * ```
 */
export type TextMetric = 'count' | 'topOccurrences'

/**
 * The metrics of a `boolean` property.
 *
 * @example
 * ```ts
 * const asked: readonly BooleanMetric[] = ['totalTrue', 'percentageTrue']
 * ```
 */
export type BooleanMetric = 'count' | 'totalTrue' | 'totalFalse' | 'percentageTrue' | 'percentageFalse'

/**
 * The metrics of a `date` property.
 *
 * @example
 * ```ts
 * const asked: readonly DateMetric[] = ['minimum', 'maximum']
 * ```
 */
export type DateMetric = 'count' | 'minimum' | 'maximum' | 'median' | 'mode'

/**
 * The metrics of a reference property: the classes it points to.
 *
 * @example
 * ```ts
 * const asked: readonly ReferenceMetric[] = ['pointingTo']
 * ```
 */
export type ReferenceMetric = 'pointingTo'

/**
 * What to compute of one property, by its kind (`int`, `number`, `text`, `boolean`, `date`,
 * `reference`); `metrics` left out asks for every metric of the kind. A text property's
 * `topOccurrencesLimit` is how many of the most frequent values come back (the server's default is 5).
 *
 * @example
 * ```ts
 * const price: PropertyMetrics = { kind: 'number', metrics: ['mean', 'sum'] }
 * const title: PropertyMetrics = { kind: 'text', metrics: ['topOccurrences'], topOccurrencesLimit: 3 }
 * ```
 */
export type PropertyMetrics =
  | { readonly kind: 'int'; readonly metrics?: readonly NumericMetric[] }
  | { readonly kind: 'number'; readonly metrics?: readonly NumericMetric[] }
  | { readonly kind: 'text'; readonly metrics?: readonly TextMetric[]; readonly topOccurrencesLimit?: number }
  | { readonly kind: 'boolean'; readonly metrics?: readonly BooleanMetric[] }
  | { readonly kind: 'date'; readonly metrics?: readonly DateMetric[] }
  | { readonly kind: 'reference'; readonly metrics?: readonly ReferenceMetric[] }

/**
 * The metrics asked of each property, by property name.
 *
 * @example
 * ```ts
 * const metrics: AggregateMetrics = { price: { kind: 'number' }, inStock: { kind: 'boolean', metrics: ['percentageTrue'] } }
 * ```
 */
export type AggregateMetrics = Readonly<Record<string, PropertyMetrics>>

/**
 * The objects an aggregate covers when they are those a search finds: the nearest to a vector, to
 * a stored object or to the vector the class's vectorizer makes of a text (`nearText`: `concepts`,
 * moved by `moveTo` / `moveAway`), of an image (`nearImage`) or of other media (`nearMedia`: audio,
 * video, depth, thermal, IMU; Weaviate 1.21+), each with `objectLimit` or a `distance` /
 * `certainty`; or a
 * hybrid search's results (with `objectLimit`). `nearText` runs over gRPC `Aggregate` and GraphQL
 * alike, on a class whose vectorizer the server can run: GraphQL asks that a module of the class
 * declare the `nearText` argument (`text2vec-bigram` alone does not), and gRPC asks the same of
 * the vectorizer (the server's refusal, an `UnexpectedStatusError`). `nearImage` and `nearMedia`
 * likewise need a module of the class that vectorizes the medium (`multi2vec-clip`,
 * `img2vec-neural`, `multi2vec-bind`, ...).
 *
 * @example
 * ```ts
 * const near: AggregateSearch = { kind: 'nearVector', vector: [0.1, 0.2], distance: 0.3 }
 * const about: AggregateSearch = { kind: 'nearText', concepts: ['sailing boats'], moveAway: { force: 0.3, concepts: ['motor'] }, certainty: 0.7 }
 * const looksLike: AggregateSearch = { kind: 'nearImage', image: 'iVBORw0KGgo=', distance: 0.4 }
 * const soundsLike: AggregateSearch = { kind: 'nearMedia', media: 'UklGRg==', mediaType: 'audio', certainty: 0.7 }
 * ```
 */
export type AggregateSearch =
  | {
      readonly kind: 'nearVector'
      readonly vector: readonly number[]
      readonly targetVector?: string
      readonly distance?: number
      readonly certainty?: number
    }
  | {
      readonly kind: 'nearObject'
      readonly id: string
      readonly targetVector?: string
      readonly distance?: number
      readonly certainty?: number
    }
  | {
      readonly kind: 'nearText'
      /** The text searched for, or several texts searched together (none empty). */
      readonly concepts: string | readonly string[]
      readonly moveTo?: NearTextMove
      readonly moveAway?: NearTextMove
      readonly targetVector?: string
      readonly distance?: number
      readonly certainty?: number
    }
  | {
      readonly kind: 'nearImage'
      /** The image, base64 or its bytes. */
      readonly image: MediaInput
      readonly targetVector?: string
      readonly distance?: number
      readonly certainty?: number
    }
  | {
      readonly kind: 'nearMedia'
      /** The audio, video, depth or thermal image or IMU data, base64 or its bytes. */
      readonly media: MediaInput
      readonly mediaType: MediaType
      readonly targetVector?: string
      readonly distance?: number
      readonly certainty?: number
    }
  | {
      readonly kind: 'hybrid'
      readonly query: string
      /** 0 is keyword only, 1 vector only (default 0.75). */
      readonly alpha?: number
      readonly vector?: readonly number[]
      readonly queryProperties?: readonly string[]
      readonly targetVector?: string
      readonly maxVectorDistance?: number
    }

/**
 * `query.aggregate` arguments.
 *
 * @example
 * ```ts
 * const args: AggregateArgs = { className: 'Article', where: { path: ['year'], operator: 'GreaterThan', valueInt: 2000 } }
 * ```
 */
export interface AggregateArgs extends CallOptions {
  readonly className: string
  readonly where?: Where
  readonly tenant?: string
  readonly groupBy?: CountGroupBy
  /** Metrics of properties, by property name, typed by each property's kind. */
  readonly metrics?: AggregateMetrics
  /** Aggregate over the objects a search finds. */
  readonly search?: AggregateSearch
  /** With `search`: how many of the nearest objects are aggregated. */
  readonly objectLimit?: number
  /** `'grpc'` (Weaviate 1.28.5+ and 1.29+), `'rest'` (GraphQL) or `'auto'` (the client's choice). */
  readonly transport?: TransportMode
}

/**
 * The count of one group; `value` typed by the property's data type.
 *
 * @example
 * ```ts
 * const group: CountGroup = { value: 'news', count: 12 }
 * ```
 */
export interface CountGroup {
  readonly value: string | number | boolean
  readonly count: number
}

/** The kind of a property's metrics. */
export type MetricKind = PropertyMetrics['kind']

/** The metrics of one property, checked: the names given (or every one of the kind), without repeats. */
export type CheckedMetrics = { readonly property: string } & (
  | { readonly kind: 'int' | 'number'; readonly metrics: readonly NumericMetric[] }
  | { readonly kind: 'text'; readonly metrics: readonly TextMetric[]; readonly topOccurrencesLimit?: number }
  | { readonly kind: 'boolean'; readonly metrics: readonly BooleanMetric[] }
  | { readonly kind: 'date'; readonly metrics: readonly DateMetric[] }
  | { readonly kind: 'reference'; readonly metrics: readonly ReferenceMetric[] }
)

/** A checked search of an aggregate. */
export type CheckedAggregateSearch =
  | { readonly kind: 'nearVector'; readonly vector: readonly number[]; readonly targetVector?: string; readonly distance?: number; readonly certainty?: number }
  | { readonly kind: 'nearObject'; readonly id: string; readonly targetVector?: string; readonly distance?: number; readonly certainty?: number }
  | {
      readonly kind: 'nearText'
      readonly concepts: readonly string[]
      readonly moveTo?: Move
      readonly moveAway?: Move
      readonly targetVector?: string
      readonly distance?: number
      readonly certainty?: number
    }
  | {
      readonly kind: 'nearMedia'
      readonly medium: Medium
      readonly base64: string
      readonly targetVector?: string
      readonly distance?: number
      readonly certainty?: number
    }
  | {
      readonly kind: 'hybrid'
      readonly query: string
      readonly alpha: number
      readonly vector?: readonly number[]
      readonly properties?: readonly string[]
      readonly targetVector?: string
      readonly maxVectorDistance?: number
    }

/**
 * A checked aggregate.
 */
export interface AggregateInput {
  readonly className: string
  readonly where?: CheckedWhere
  readonly tenant?: string
  readonly groupBy?: { readonly property: string; readonly limit: number }
  /** None or empty: counts only. */
  readonly metrics?: readonly CheckedMetrics[]
  readonly search?: CheckedAggregateSearch
  readonly objectLimit?: number
  readonly transport?: TransportMode
  readonly call: CallOptions
}

const DEFAULT_GROUPS = 100
const DEFAULT_ALPHA = 0.75

/** How many groups (or objects) an aggregation asks for (uint32 on the wire). */
const uint32Count = atMost(MAX_UINT32, positiveInteger)

/** The keys `query.aggregate` takes. */
export const AGGREGATE_KEYS = argumentKeys<AggregateArgs>('aggregate', {
  className: true,
  where: true,
  tenant: true,
  groupBy: true,
  metrics: true,
  search: true,
  objectLimit: true,
  transport: true,
  retry: true,
  timeout: true, headers: true,
})

const GROUP_BY_KEYS = argumentKeys<CountGroupBy>('groupBy', { property: true, limit: true })

/** Every metric of each kind, in the order results list them. */
export const METRICS_OF = {
  int: ['count', 'minimum', 'maximum', 'mean', 'median', 'mode', 'sum'],
  number: ['count', 'minimum', 'maximum', 'mean', 'median', 'mode', 'sum'],
  text: ['count', 'topOccurrences'],
  boolean: ['count', 'totalTrue', 'totalFalse', 'percentageTrue', 'percentageFalse'],
  date: ['count', 'minimum', 'maximum', 'median', 'mode'],
  reference: ['pointingTo'],
} as const satisfies {
  readonly [K in MetricKind]: ReadonlyArray<NonNullable<Extract<PropertyMetrics, { readonly kind: K }>['metrics']>[number]>
}

const metricKind: (argument: string, value: unknown) => MetricKind = oneOf(['int', 'number', 'text', 'boolean', 'date', 'reference'] as const)

const PROPERTY_METRICS_KEYS = {
  plain: argumentKeys<{ kind: unknown; metrics: unknown }>('a property\'s metrics', { kind: true, metrics: true }),
  text: argumentKeys<Extract<PropertyMetrics, { readonly kind: 'text' }>>("a text property's metrics", { kind: true, metrics: true, topOccurrencesLimit: true }),
}

/** The metric names of one kind, given (checked, without repeats) or all of them. */
const metricNames = <N extends string>(argument: string, value: unknown, all: readonly N[], kind: MetricKind): readonly N[] => {
  if (value === undefined || value === null) return all
  const names = stringArray(argument, value)
  if (names.length === 0) valueError(argument, `'${argument}' must name at least one metric (leave it out for every metric)`)
  const checked = names.map((n, i): N => {
    const found = all.find((m) => m === n)
    return found !== undefined ? found : valueError(`${argument}[${i}]`, `'${n}' is not a metric of a ${kind} property; use ${all.join(', ')}`)
  })
  return all.filter((m) => checked.includes(m))
}

const propertyMetrics = (argument: string, property: string, value: unknown): CheckedMetrics => {
  const o = argsObject(argument, value)
  const kind = metricKind(`${argument}.kind`, o['kind'])
  knownKeys(kind === 'text' ? PROPERTY_METRICS_KEYS.text : PROPERTY_METRICS_KEYS.plain, o, argument)
  const at = `${argument}.metrics`
  switch (kind) {
    case 'int':
    case 'number':
      return { property, kind, metrics: metricNames(at, o['metrics'], METRICS_OF[kind], kind) }
    case 'text': {
      const limit = optional(uint32Count, `${argument}.topOccurrencesLimit`, o['topOccurrencesLimit'])
      const metrics = metricNames(at, o['metrics'], METRICS_OF.text, kind)
      if (limit !== undefined && !metrics.includes('topOccurrences')) valueError(`${argument}.topOccurrencesLimit`, "'topOccurrencesLimit' needs the metric 'topOccurrences'")
      return limit === undefined ? { property, kind, metrics } : { property, kind, metrics, topOccurrencesLimit: limit }
    }
    case 'boolean':
      return { property, kind, metrics: metricNames(at, o['metrics'], METRICS_OF.boolean, kind) }
    case 'date':
      return { property, kind, metrics: metricNames(at, o['metrics'], METRICS_OF.date, kind) }
    case 'reference':
      return { property, kind, metrics: metricNames(at, o['metrics'], METRICS_OF.reference, kind) }
  }
}

const metricsOf = (argument: string, value: unknown): readonly CheckedMetrics[] => {
  const o = argsObject(argument, value)
  const checked = Object.keys(o)
    .filter((key) => o[key] !== undefined)
    .map((key) => propertyMetrics(`${argument}.${key}`, propertyName(`${argument}.${key}`, key), o[key]))
  return checked.length > 0 ? checked : valueError(argument, `'${argument}' must name at least one property (leave it out for counts only)`)
}

const groupBy = (argument: string, value: unknown): { readonly property: string; readonly limit: number } => {
  const g = argsObject(argument, value)
  knownKeys(GROUP_BY_KEYS, g, argument)
  return { property: propertyName(`${argument}.property`, g['property']), limit: optional(uint32Count, `${argument}.limit`, g['limit']) ?? DEFAULT_GROUPS }
}

const searchKind: (argument: string, value: unknown) => AggregateSearch['kind'] = oneOf(['nearVector', 'nearObject', 'nearText', 'nearImage', 'nearMedia', 'hybrid'] as const)

const SEARCH_KEYS = {
  nearVector: argumentKeys<Extract<AggregateSearch, { readonly kind: 'nearVector' }>>('an aggregate nearVector', { kind: true, vector: true, targetVector: true, distance: true, certainty: true }),
  nearObject: argumentKeys<Extract<AggregateSearch, { readonly kind: 'nearObject' }>>('an aggregate nearObject', { kind: true, id: true, targetVector: true, distance: true, certainty: true }),
  nearText: argumentKeys<Extract<AggregateSearch, { readonly kind: 'nearText' }>>('an aggregate nearText', {
    kind: true,
    concepts: true,
    moveTo: true,
    moveAway: true,
    targetVector: true,
    distance: true,
    certainty: true,
  }),
  nearImage: argumentKeys<Extract<AggregateSearch, { readonly kind: 'nearImage' }>>('an aggregate nearImage', {
    kind: true,
    image: true,
    targetVector: true,
    distance: true,
    certainty: true,
  }),
  nearMedia: argumentKeys<Extract<AggregateSearch, { readonly kind: 'nearMedia' }>>('an aggregate nearMedia', {
    kind: true,
    media: true,
    mediaType: true,
    targetVector: true,
    distance: true,
    certainty: true,
  }),
  hybrid: argumentKeys<Extract<AggregateSearch, { readonly kind: 'hybrid' }>>('an aggregate hybrid', {
    kind: true,
    query: true,
    alpha: true,
    vector: true,
    queryProperties: true,
    targetVector: true,
    maxVectorDistance: true,
  }),
}

/** A vector search's threshold: `distance` XOR `certainty` (0..1). */
const threshold = (argument: string, o: Record<string, unknown>): { distance?: number; certainty?: number } => {
  const distance = optional(finiteNumber, `${argument}.distance`, o['distance'])
  const certainty = optional(finiteNumber, `${argument}.certainty`, o['certainty'])
  if (distance !== undefined && certainty !== undefined) valueError(`${argument}.distance`, "give 'distance' or 'certainty', not both")
  if (certainty !== undefined && (certainty < 0 || certainty > 1)) valueError(`${argument}.certainty`, "'certainty' must be between 0 and 1")
  return { ...(distance === undefined ? {} : { distance }), ...(certainty === undefined ? {} : { certainty }) }
}

const targetOf = (argument: string, o: Record<string, unknown>): { targetVector?: string } => {
  const target = optional(propertyName, `${argument}.targetVector`, o['targetVector'])
  return target === undefined ? {} : { targetVector: target }
}

const aggregateSearch = (argument: string, value: unknown): CheckedAggregateSearch => {
  const o = argsObject(argument, value)
  const kind = searchKind(`${argument}.kind`, o['kind'])
  knownKeys(SEARCH_KEYS[kind], o, argument)
  switch (kind) {
    case 'nearVector':
      return { kind, vector: nonEmptyVector(`${argument}.vector`, o['vector']), ...targetOf(argument, o), ...threshold(argument, o) }
    case 'nearObject':
      return { kind, id: uuid(`${argument}.id`, o['id']), ...targetOf(argument, o), ...threshold(argument, o) }
    case 'nearText': {
      const moveTo = optional(move, `${argument}.moveTo`, o['moveTo'])
      const moveAway = optional(move, `${argument}.moveAway`, o['moveAway'])
      return {
        kind,
        concepts: concepts(`${argument}.concepts`, o['concepts']),
        ...(moveTo === undefined ? {} : { moveTo }),
        ...(moveAway === undefined ? {} : { moveAway }),
        ...targetOf(argument, o),
        ...threshold(argument, o),
      }
    }
    case 'nearImage':
      return { kind: 'nearMedia', medium: 'image', base64: mediaBase64(`${argument}.image`, o['image']), ...targetOf(argument, o), ...threshold(argument, o) }
    case 'nearMedia':
      return {
        kind,
        medium: mediaType(`${argument}.mediaType`, o['mediaType']),
        base64: mediaBase64(`${argument}.media`, o['media']),
        ...targetOf(argument, o),
        ...threshold(argument, o),
      }
    case 'hybrid': {
      const alpha = optional(finiteNumber, `${argument}.alpha`, o['alpha']) ?? DEFAULT_ALPHA
      if (alpha < 0 || alpha > 1) valueError(`${argument}.alpha`, "'alpha' must be between 0 and 1")
      const vector = optional(nonEmptyVector, `${argument}.vector`, o['vector'])
      const properties = optional(stringArray, `${argument}.queryProperties`, o['queryProperties'])
      const maxVectorDistance = optional(finiteNumber, `${argument}.maxVectorDistance`, o['maxVectorDistance'])
      return {
        kind,
        query: string(`${argument}.query`, o['query']),
        alpha,
        ...(vector === undefined ? {} : { vector }),
        ...(properties === undefined ? {} : { properties }),
        ...targetOf(argument, o),
        ...(maxVectorDistance === undefined ? {} : { maxVectorDistance }),
      }
    }
  }
}

/** The search's name as the caller wrote it (`nearImage` is a nearMedia of an image here). */
const searchName = (search: CheckedAggregateSearch): string => (search.kind === 'nearMedia' && search.medium === 'image' ? 'nearImage' : search.kind)

/**
 * Checks the arguments of an aggregate.
 */
export const aggregateInput = (a: Record<string, unknown>): AggregateInput => {
  const where = optional(whereFilter, 'where', a['where'])
  const tenant = optional(name, 'tenant', a['tenant'])
  const group = optional(groupBy, 'groupBy', a['groupBy'])
  const metrics = optional(metricsOf, 'metrics', a['metrics'])
  const search = optional(aggregateSearch, 'search', a['search'])
  const objectLimit = optional(uint32Count, 'objectLimit', a['objectLimit'])
  const transport = transportMode('transport', a['transport'])
  if (objectLimit !== undefined && search === undefined) valueError('objectLimit', "'objectLimit' limits the objects a search finds: give 'search' too")
  // The server refuses a vector search with neither (traverser_aggregate.go: "must provide certainty or objectLimit").
  if (search !== undefined && search.kind !== 'hybrid' && objectLimit === undefined && search.distance === undefined && search.certainty === undefined) {
    valueError('search', `an aggregate over '${searchName(search)}' needs 'objectLimit', or a 'distance' or 'certainty' in 'search'`)
  }
  return {
    className: className('className', a['className']),
    ...(where === undefined ? {} : { where }),
    ...(tenant === undefined ? {} : { tenant }),
    ...(group === undefined ? {} : { groupBy: group }),
    ...(metrics === undefined ? {} : { metrics }),
    ...(search === undefined ? {} : { search }),
    ...(objectLimit === undefined ? {} : { objectLimit }),
    ...(transport === undefined ? {} : { transport }),
    call: callOptions(a),
  }
}
