/**
 * The checkers of the two re-rankings a search can ask the server for: a boost by the results'
 * properties and a diversity selection. Each refuses what the server would refuse or silently
 * ignore (a duration it cannot read scores nothing; a decay of 0 is taken as unset), so a
 * mistake is an `ArgumentValueError` before any request.
 *
 * @packageDocumentation
 */
import { CheckedWhere, whereFilter } from '../input/where'
import { MAX_UINT32, argsObject, argumentKeys, atMost, knownKeys, nonNegativeInteger, oneOf, optional, positiveInteger, string, typeError, valueError } from '../input/check'
import { propertyName } from '../input/names'
import type { Boost, BoostCondition, DecayCurve, Diversity } from './args'
import type { BoostConditionInput, BoostInput, DiversityInput } from './input'

type Of<K extends BoostCondition['type']> = Extract<BoostCondition, { readonly type: K }>

const DIVERSITY_KEYS = argumentKeys<Diversity>('diversity', { type: true, limit: true, balance: true })
const BOOST_KEYS = argumentKeys<Boost>('boost', { conditions: true, weight: true, depth: true })
const CONDITION_KEYS = {
  filter: argumentKeys<Of<'filter'>>('a filter condition', { type: true, where: true, weight: true }),
  timeDecay: argumentKeys<Of<'timeDecay'>>('a timeDecay condition', { type: true, property: true, scale: true, origin: true, offset: true, curve: true, decay: true, weight: true }),
  numericDecay: argumentKeys<Of<'numericDecay'>>('a numericDecay condition', {
    type: true,
    property: true,
    origin: true,
    scale: true,
    offset: true,
    curve: true,
    decay: true,
    weight: true,
  }),
  propertyValue: argumentKeys<Of<'propertyValue'>>('a propertyValue condition', { type: true, property: true, modifier: true, weight: true }),
} as const

/** The most conditions one boost takes (the server's `MaxBoostConditions`, entities/filters/boost.go). */
const MAX_CONDITIONS = 20

/** The operators the server scores a boost filter with (it refuses the others). */
const BOOST_OPERATORS: ReadonlySet<string> = new Set(['Equal', 'NotEqual', 'GreaterThan', 'GreaterThanEqual', 'LessThan', 'LessThanEqual', 'And', 'Or', 'Not'])

/** A duration the server reads: its own `7d` / `12h` / `30m` / `10s` / `500ms`, or Go's `1h30m`. */
const DURATION = /^(?:\d+(?:\.\d+)?(?:d|h|m|s|ms)|(?:(?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|ms|s|m|h))+)$/

/** A date the server reads as an origin: RFC 3339 (with or without a zone) or `YYYY-MM-DD`. */
const DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})?)?$/

const finite = (argument: string, value: unknown): number =>
  typeof value === 'number' ? (Number.isFinite(value) ? value : valueError(argument, `'${argument}' must be a finite number`)) : typeError(argument, 'number', value)

/** A finite number between 0 and 1. */
const unit = (argument: string, value: unknown): number => {
  const n = finite(argument, value)
  return n < 0 || n > 1 ? valueError(argument, `'${argument}' must be between 0 and 1`) : n
}

/** A decay's score at the scale: above 0 (the server takes 0 as unset) and at most 1. */
const decayValue = (argument: string, value: unknown): number => {
  const n = finite(argument, value)
  return n <= 0 || n > 1 ? valueError(argument, `'${argument}' must be above 0 and at most 1`) : n
}

const duration = (argument: string, value: unknown): string => {
  const given = string(argument, value)
  return DURATION.test(given) ? given : valueError(argument, `'${argument}' must be a duration like '7d', '12h', '30m', '10s', '500ms' or '1h30m'`)
}

const origin = (argument: string, value: unknown): string => {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? valueError(argument, `'${argument}' is an invalid Date`) : value.toISOString()
  const given = string(argument, value)
  if (given === 'now') return given
  return DATE.test(given) && !Number.isNaN(Date.parse(given)) ? given : valueError(argument, `'${argument}' must be 'now', a Date, or an RFC 3339 or YYYY-MM-DD date`)
}

const curve: (argument: string, value: unknown) => DecayCurve = oneOf(['exponential', 'gaussian', 'linear'] as const)
const modifier: (argument: string, value: unknown) => 'log1p' | 'sqrt' = oneOf(['log1p', 'sqrt'] as const)
const conditionType: (argument: string, value: unknown) => BoostCondition['type'] = oneOf(['filter', 'timeDecay', 'numericDecay', 'propertyValue'] as const)
const depth = atMost(MAX_UINT32, nonNegativeInteger)
const selected = atMost(MAX_UINT32, positiveInteger)

/** Refuses an operator the server does not score in a boost filter, wherever it is in the tree. */
const boostOperators = (argument: string, where: CheckedWhere): void => {
  if (!BOOST_OPERATORS.has(where.operator)) valueError(argument, `a boost filter takes ${[...BOOST_OPERATORS].join(', ')}; not '${where.operator}'`)
  if ('operands' in where) for (const operand of where.operands) boostOperators(argument, operand)
}

/** Builds a condition by assignment: its optional members only when given. */
type Building = Record<string, unknown>

const decayParts = (at: string, c: Record<string, unknown>, into: Building): void => {
  const shape = optional(curve, `${at}.curve`, c['curve'])
  if (shape !== undefined) into['curve'] = shape
  const value = optional(decayValue, `${at}.decay`, c['decay'])
  if (value !== undefined) into['decay'] = value
}

const condition = (at: string, value: unknown): BoostConditionInput => {
  const c = argsObject(at, value)
  const type = conditionType(`${at}.type`, c['type'])
  knownKeys(CONDITION_KEYS[type], c, at)
  const weight = optional(finite, `${at}.weight`, c['weight'])
  const checked: Building = { type }
  switch (type) {
    case 'filter': {
      const where = whereFilter(`${at}.where`, c['where'])
      boostOperators(`${at}.where`, where)
      checked['where'] = where
      break
    }
    case 'timeDecay': {
      checked['property'] = propertyName(`${at}.property`, c['property'])
      checked['scale'] = duration(`${at}.scale`, c['scale'])
      const from = optional(origin, `${at}.origin`, c['origin'])
      if (from !== undefined) checked['origin'] = from
      const offset = optional(duration, `${at}.offset`, c['offset'])
      if (offset !== undefined) checked['offset'] = offset
      decayParts(at, c, checked)
      break
    }
    case 'numericDecay': {
      checked['property'] = propertyName(`${at}.property`, c['property'])
      checked['origin'] = finite(`${at}.origin`, c['origin'])
      const scale = finite(`${at}.scale`, c['scale'])
      checked['scale'] = scale > 0 ? scale : valueError(`${at}.scale`, `'${at}.scale' must be above 0`)
      const offset = optional(finite, `${at}.offset`, c['offset'])
      if (offset !== undefined) checked['offset'] = offset
      decayParts(at, c, checked)
      break
    }
    case 'propertyValue': {
      checked['property'] = propertyName(`${at}.property`, c['property'])
      const mod = optional(modifier, `${at}.modifier`, c['modifier'])
      if (mod !== undefined) checked['modifier'] = mod
      break
    }
  }
  if (weight !== undefined) checked['weight'] = weight
  return checked as BoostConditionInput
}

/**
 * Checks a boost: one to twenty conditions, a weight between 0 and 1, a non-negative depth.
 */
export const boost = (argument: string, value: unknown): BoostInput => {
  const b = argsObject(argument, value)
  knownKeys(BOOST_KEYS, b, argument)
  const given = b['conditions']
  if (!Array.isArray(given)) return typeError(`${argument}.conditions`, 'array', given)
  if (given.length === 0 || given.length > MAX_CONDITIONS) valueError(`${argument}.conditions`, `a boost takes 1 to ${MAX_CONDITIONS} conditions, not ${given.length}`)
  const conditions = given.map((c: unknown, i) => condition(`${argument}.conditions[${i}]`, c))
  const weight = optional(unit, `${argument}.weight`, b['weight'])
  const deep = optional(depth, `${argument}.depth`, b['depth'])
  const checked: { -readonly [K in keyof BoostInput]: BoostInput[K] } = { conditions }
  if (weight !== undefined) checked.weight = weight
  if (deep !== undefined) checked.depth = deep
  return checked
}

/**
 * Checks a diversity selection against the search's `limit`: MMR keeps 1 to `limit` of the
 * candidates (the server refuses more), with a balance between 0 and 1.
 */
export const diversity = (argument: string, value: unknown, limit: number): DiversityInput => {
  const d = argsObject(argument, value)
  knownKeys(DIVERSITY_KEYS, d, argument)
  oneOf(['mmr'] as const)(`${argument}.type`, d['type'])
  const kept = selected(`${argument}.limit`, d['limit'])
  if (kept > limit) valueError(`${argument}.limit`, `'${argument}.limit' (${kept}) must not exceed the search's 'limit' (${limit}): MMR keeps that many of the search's candidates`)
  const balance = optional(unit, `${argument}.balance`, d['balance'])
  return balance === undefined ? { limit: kept } : { limit: kept, balance }
}
