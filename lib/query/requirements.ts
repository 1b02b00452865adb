/**
 * The server features a checked query needs, in the order they are checked; the first the server
 * lacks is the query's `UnsupportedVersionError`, before any request.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { UnsupportedVersionError } from '../core/errors'
import { CheckedWhere, WhereOperator } from '../input/where'
import { isMultiVector } from '../input/vectors'
import { Feature, ServerVersion, requireFeature } from '../server/version'
import type { SearchOperator } from './args'
import type { HybridSubSearch, QueryInput, Targets } from './input'

/**
 * The features a where filter's operators need.
 */
export const whereFeatures = (where: CheckedWhere | undefined): Feature[] => {
  if (where === undefined) return []
  if ('operands' in where) return [...(where.operator === 'Not' ? ['whereNot' as const] : []), ...where.operands.flatMap(whereFeatures)]
  const lengths = where.path.some((step) => LENGTH_PATH.test(step)) ? ['wherePropertyLength' as const] : []
  return [...lengths, ...operatorFeatures(where.operator)]
}

/** The path of a property-length filter: `len(title)`. */
const LENGTH_PATH = /^len\(.+\)$/

/** The features a leaf's operator needs. */
const operatorFeatures = (operator: WhereOperator): Feature[] => {
  switch (operator) {
    case 'IsNull':
      return ['whereIsNull']
    case 'ContainsAny':
    case 'ContainsAll':
      return ['whereContainsAnyAll']
    case 'ContainsNone':
      return ['whereContainsNone']
    default:
      return []
  }
}

/** A keyword search's operator: 1.30.17+, `AndCross` 1.38.8+. */
const searchOperatorFeatures = (operator: SearchOperator | undefined): Feature[] => {
  if (operator === undefined) return []
  return operator.operator === 'AndCross' ? ['keywordOperator', 'keywordAndCross'] : ['keywordOperator']
}

/** A search's named vectors: one from 1.24, several (combined) from 1.26. */
const targetFeatures = (search: { readonly targetVector?: string; readonly targets?: Targets }): Feature[] => {
  if (search.targets?.weights !== undefined) return ['multiTargetVectors', 'targetWeights', 'namedVectors']
  if (search.targets !== undefined) return ['multiTargetVectors', 'namedVectors']
  return search.targetVector === undefined ? [] : ['namedVectors']
}

/** A hybrid's sub-search from 1.25, a vector per target from 1.27. */
const subSearchFeatures = (sub: HybridSubSearch | undefined): Feature[] => {
  if (sub === undefined) return []
  const features: Feature[] = ['hybridSubSearch']
  if (sub.kind === 'nearVector' && sub.perTarget !== undefined) features.push('vectorPerTarget')
  if (sub.distance !== undefined) features.push('searchDistance')
  return features
}

const searchFeatures = (input: QueryInput<unknown>): Feature[] => {
  const s = input.search
  switch (s.kind) {
    case 'nearVector':
    case 'nearObject': {
      const features = targetFeatures(s)
      if (s.distance !== undefined) features.push('searchDistance')
      if (s.kind === 'nearVector' && isMultiVector(s.vector)) features.push('multiVectors')
      return features
    }
    case 'nearText':
    case 'nearMedia': {
      // nearText and nearImage need no version of their own (below); the other media 1.21.
      const features = targetFeatures(s)
      if (s.kind === 'nearMedia' && s.medium !== 'image') features.push('nearMedia')
      if (s.distance !== undefined) features.push('searchDistance')
      return features
    }
    case 'bm25':
      return ['bm25', ...searchOperatorFeatures(s.operator)]
    case 'hybrid':
      return [
        'hybrid',
        ...(s.properties === undefined ? [] : ['hybridProperties' as const]),
        ...(s.fusionType === undefined ? [] : ['hybridFusion' as const]),
        ...targetFeatures(s),
        ...searchOperatorFeatures(s.operator),
        ...(s.maxVectorDistance === undefined ? [] : ['hybridMaxVectorDistance' as const]),
        ...subSearchFeatures(s.subSearch),
      ]
    case 'fetch':
      return s.after === undefined ? [] : ['cursor']
  }
}

/** A vector search groups from 1.19, bm25 and hybrid from 1.25. */
const groupByFeatures = (input: QueryInput<unknown>): Feature[] => {
  if (input.groupBy === undefined) return []
  return input.search.kind === 'bm25' || input.search.kind === 'hybrid' ? ['keywordGroupBy'] : ['searchGroupBy']
}

/**
 * Every feature the query uses.
 */
export const queryFeatures = (input: QueryInput<unknown>): readonly Feature[] => {
  // One array pushed to (no spread of a fresh array per feature): every search reads this.
  const features = searchFeatures(input)
  if (input.metadata.includes('distance')) features.push('searchDistance')
  if (input.metadata.includes('score') || input.metadata.includes('explainScore')) features.push('searchScore')
  if (input.metadata.includes('isConsistent')) features.push('searchIsConsistent')
  if (input.queryProfile === true) features.push('queryProfile')
  if (input.autocut !== undefined) features.push('autocut')
  if (input.groupBy !== undefined) features.push(...groupByFeatures(input))
  if (input.generate !== undefined) {
    features.push('generative')
    if (input.generate.groupedProperties !== undefined) features.push('generativeGroupedProperties')
  }
  if (input.rerank !== undefined) features.push('rerank')
  if (input.boost !== undefined) features.push('boost')
  if (input.diversity !== undefined) features.push(input.search.kind === 'hybrid' ? 'hybridMmr' : 'mmr')
  if (input.tenant !== undefined) features.push('tenants')
  if (input.consistencyLevel !== undefined) features.push('searchConsistency')
  if (input.vectorNames.length > 0) features.push('namedVectors')
  if (input.where !== undefined) features.push(...whereFeatures(input.where))
  return features
}

/**
 * `right` when the server has every feature the query uses, else the first one it lacks.
 */
export const supportsQuery = (version: ServerVersion, input: QueryInput<unknown>): E.Either<UnsupportedVersionError, undefined> =>
  supportsAll(version, queryFeatures(input))

/**
 * `right` when the server has every feature, else the first one it lacks.
 */
export const supportsAll = (version: ServerVersion, features: readonly Feature[]): E.Either<UnsupportedVersionError, undefined> => {
  for (const feature of features) {
    const ok = requireFeature(version, feature)
    if (E.isLeft(ok)) return ok
  }
  return E.right(undefined)
}
