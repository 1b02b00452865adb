/**
 * A checked query as the text of a GraphQL `Get` (for servers without gRPC search, or when REST is
 * asked for): the search argument, filter, paging and the selection of properties, references and
 * `_additional` metadata.
 *
 * @packageDocumentation
 */
import type { SearchOperator } from '../args'
import type { GenerativeInput, Medium, Move, QueryInput, RerankInput, Search, Targets } from '../input'
import { Literal, enumValue, literal } from './literal'
import { FieldSelection, ReferenceFields, selectionText } from './selection'
import { whereLiteral } from './where'

const targets = (name: string | undefined): readonly string[] | undefined => (name === undefined ? undefined : [name])

/** Several target vectors as GraphQL's `targets` (1.26+); no combination is the server's default. */
const targetsLiteral = (t: Targets | undefined): Literal | undefined =>
  t === undefined ? undefined : { targetVectors: t.names, combinationMethod: t.combination === undefined ? undefined : enumValue(t.combination) }

/** A keyword search's operator as GraphQL's `searchOperator` / `bm25SearchOperator` object. */
const operatorLiteral = (operator: SearchOperator | undefined): Literal | undefined =>
  operator === undefined
    ? undefined
    : { operator: enumValue(operator.operator), minimumOrTokensMatch: operator.operator === 'Or' ? operator.minimumOrTokensMatch : undefined }

/** A nearText move as GraphQL's `moveTo` / `moveAwayFrom`: objects by id (also an aggregate's). */
export const moveLiteral = (move: Move | undefined): Literal | undefined =>
  move === undefined
    ? undefined
    : { force: move.force, concepts: move.concepts.length === 0 ? undefined : move.concepts, objects: move.objects.length === 0 ? undefined : move.objects.map((id) => ({ id })) }

/** The GraphQL argument of a search by a medium (the modules' names), whose field of the base64 text is the medium's name. */
export const MEDIUM_ARGUMENT: Readonly<Record<Medium, string>> = {
  image: 'nearImage',
  audio: 'nearAudio',
  video: 'nearVideo',
  depth: 'nearDepth',
  thermal: 'nearThermal',
  imu: 'nearIMU',
}

const searchArguments = (search: Search): Record<string, Literal | undefined> => {
  switch (search.kind) {
    case 'nearVector':
      return {
        nearVector: {
          vector: search.vector,
          distance: search.distance,
          certainty: search.certainty,
          targetVectors: targets(search.targetVector),
          targets: targetsLiteral(search.targets),
        },
      }
    case 'nearObject':
      return {
        nearObject: {
          id: search.id,
          distance: search.distance,
          certainty: search.certainty,
          targetVectors: targets(search.targetVector),
          targets: targetsLiteral(search.targets),
        },
      }
    case 'nearText':
      return {
        nearText: {
          concepts: search.concepts,
          moveTo: moveLiteral(search.moveTo),
          moveAwayFrom: moveLiteral(search.moveAway),
          distance: search.distance,
          certainty: search.certainty,
          targetVectors: targets(search.targetVector),
          targets: targetsLiteral(search.targets),
        },
      }
    case 'nearMedia':
      return {
        [MEDIUM_ARGUMENT[search.medium]]: {
          [search.medium]: search.base64,
          distance: search.distance,
          certainty: search.certainty,
          targetVectors: targets(search.targetVector),
          targets: targetsLiteral(search.targets),
        },
      }
    case 'bm25':
      return { bm25: { query: search.query, properties: search.properties, searchOperator: operatorLiteral(search.operator) } }
    case 'hybrid':
      return {
        hybrid: {
          query: search.query,
          alpha: search.alpha,
          vector: search.vector,
          properties: search.properties,
          fusionType: search.fusionType === undefined ? undefined : enumValue(search.fusionType === 'ranked' ? 'rankedFusion' : 'relativeScoreFusion'),
          targetVectors: targets(search.targetVector),
          targets: targetsLiteral(search.targets),
          bm25SearchOperator: operatorLiteral(search.operator),
          maxVectorDistance: search.maxVectorDistance,
        },
      }
    case 'fetch':
      return {
        sort: search.sort.length === 0 ? undefined : search.sort.map((c) => ({ path: [c.property], order: enumValue(c.ascending ? 'asc' : 'desc') })),
        after: search.after,
      }
  }
}

const argumentsText = (input: QueryInput<unknown>): string => {
  const args: Record<string, Literal | undefined> = {
    ...searchArguments(input.search),
    where: input.where === undefined ? undefined : whereLiteral(input.where),
    limit: input.limit,
    offset: input.offset,
    autocut: input.autocut,
    groupBy:
      input.groupBy === undefined
        ? undefined
        : { path: [input.groupBy.property], groups: input.groupBy.numberOfGroups, objectsPerGroup: input.groupBy.objectsPerGroup },
    tenant: input.tenant,
    consistencyLevel: input.consistencyLevel === undefined ? undefined : enumValue(input.consistencyLevel),
  }
  // The argument list is an object literal without its braces.
  return literal(args).slice(1, -1).trim()
}

/** A generative search as the `generate` field of `_additional` (its arguments as the generative modules name them). */
const generateText = (g: GenerativeInput): string => {
  const args = literal({
    singleResult: g.singlePrompt === undefined ? undefined : { prompt: g.singlePrompt },
    groupedResult: g.groupedTask === undefined ? undefined : { task: g.groupedTask, properties: g.groupedProperties },
  }).slice(1, -1).trim()
  return `generate(${args}) { singleResult groupedResult error }`
}

/** A rerank as the `rerank` field of `_additional`: a list of one score. */
const rerankText = (r: RerankInput): string => `rerank(${literal({ property: r.property, query: r.query }).slice(1, -1).trim()}) { score }`

/**
 * The `_additional` fields. `isConsistent` is left out: the server's GraphQL schema has the field
 * only on a class with replication, so asking for it elsewhere fails the whole search; gRPC reads it.
 */
const additionalText = (input: QueryInput<unknown>): string => {
  const fields = ['id', ...input.metadata.filter((field) => field !== 'isConsistent')]
  if (input.vector) fields.push('vector')
  if (input.vectorNames.length > 0) fields.push(`vectors { ${input.vectorNames.join(' ')} }`)
  if (input.generate !== undefined) fields.push(generateText(input.generate))
  if (input.rerank !== undefined) fields.push(rerankText(input.rerank))
  if (input.queryProfile === true) fields.push('queryProfile')
  return `_additional { ${fields.join(' ')} }`
}

const referenceText = (ref: ReferenceFields): string =>
  `${ref.linkOn} { ... on ${ref.targetClassName} { ${[selectionText(ref.fields), ...ref.references.map(referenceText)].filter((s) => s !== '').join(' ')} _additional { ${['id', ...ref.metadata].join(' ')} } } }`

const objectText = (input: QueryInput<unknown>, fields: readonly FieldSelection[], references: readonly ReferenceFields[]): string =>
  [selectionText(fields), ...references.map(referenceText), additionalText(input)].filter((s) => s !== '').join(' ')

/**
 * A grouped search: one item per group; its hits know only id, distance and vector as metadata.
 * The group item itself (the group's first object) carries the generation, the rerank score and
 * (on the first group) the query profile, as an ungrouped search's objects do.
 */
const groupText = (input: QueryInput<unknown>, fields: readonly FieldSelection[], references: readonly ReferenceFields[]): string => {
  const hitAdditional = ['id', ...(input.metadata.includes('distance') ? ['distance'] : []), ...(input.vector ? ['vector'] : [])]
  const hits = [selectionText(fields), ...references.map(referenceText), `_additional { ${hitAdditional.join(' ')} }`].filter((s) => s !== '').join(' ')
  const group = [`group { groupedBy { value } count minDistance maxDistance hits { ${hits} } }`]
  if (input.generate !== undefined) group.push(generateText(input.generate))
  if (input.rerank !== undefined) group.push(rerankText(input.rerank))
  if (input.queryProfile === true) group.push('queryProfile')
  return `_additional { ${group.join(' ')} }`
}

/**
 * The GraphQL query of a checked query.
 */
export const getQuery = (input: QueryInput<unknown>, fields: readonly FieldSelection[], references: readonly ReferenceFields[]): string => {
  const args = argumentsText(input)
  const selection = input.groupBy === undefined ? objectText(input, fields, references) : groupText(input, fields, references)
  return `{ Get { ${input.className}${args === '' ? '' : `(${args})`} { ${selection} } } }`
}
