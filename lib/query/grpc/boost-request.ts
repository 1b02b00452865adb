/**
 * A checked query's re-rankings as gRPC messages: `SearchRequest.boost` and the search message's
 * `selection` (maximal marginal relevance).
 *
 * @packageDocumentation
 */
import type { DecayCurve } from '../args'
import type { BoostConditionInput, BoostInput, DiversityInput } from '../input'
import { Boost, Boost_Condition, Boost_DecayCurve, Boost_PropertyValueModifier, Selection } from '../../proto/static/requests/weaviate/v1/search'
import { whereToFilters } from './filters'

const CURVE: Readonly<Record<DecayCurve, Boost_DecayCurve>> = {
  exponential: Boost_DecayCurve.EXPONENTIAL,
  gaussian: Boost_DecayCurve.GAUSS,
  linear: Boost_DecayCurve.LINEAR,
}

const MODIFIER = { log1p: Boost_PropertyValueModifier.LOG1P, sqrt: Boost_PropertyValueModifier.SQRT } as const

/** What the two decays share: the curve and the score at the scale, when given. */
const decayOptions = (c: { readonly curve?: DecayCurve; readonly decay?: number }): { curve?: Boost_DecayCurve; decayValue?: number } => {
  const init: { curve?: Boost_DecayCurve; decayValue?: number } = {}
  if (c.curve !== undefined) init.curve = CURVE[c.curve]
  if (c.decay !== undefined) init.decayValue = c.decay
  return init
}

const conditionPart = (c: BoostConditionInput): Boost_Condition['condition'] => {
  switch (c.type) {
    case 'filter':
      return { $case: 'filter', value: whereToFilters(c.where) }
    case 'timeDecay':
      // The server reads an empty origin as 'now' and an empty offset as none.
      return {
        $case: 'timeDecay',
        value: { property: c.property, scale: c.scale, origin: c.origin ?? 'now', ...(c.offset === undefined ? {} : { offset: c.offset }), ...decayOptions(c) },
      }
    case 'numericDecay':
      return {
        $case: 'numericDecay',
        value: { property: c.property, origin: c.origin, scale: c.scale, ...(c.offset === undefined ? {} : { offset: c.offset }), ...decayOptions(c) },
      }
    case 'propertyValue':
      return { $case: 'propertyValue', value: c.modifier === undefined ? { property: c.property } : { property: c.property, modifier: MODIFIER[c.modifier] } }
  }
}

/** A boost as `SearchRequest.boost`; weight and depth left out are the server's defaults (0.5, its own depth). */
export const boostInit = (boost: BoostInput): Boost => {
  const init: Boost = {
    conditions: boost.conditions.map((c): Boost_Condition => (c.weight === undefined ? { condition: conditionPart(c) } : { condition: conditionPart(c), weight: c.weight })),
  }
  if (boost.weight !== undefined) init.weight = boost.weight
  if (boost.depth !== undefined) init.depth = boost.depth
  return init
}

/** A diversity selection as a search message's `selection`. */
export const selectionInit = (d: DiversityInput): Selection => ({
  selection: { $case: 'mmr', value: d.balance === undefined ? { limit: d.limit } : { limit: d.limit, balance: d.balance } },
})
