/**
 * The checked model of a search: what `query/check.ts` makes of a search's arguments, and what
 * the two wire encodings (`query/grpc/`, `query/graphql/`) and the requirements read.
 *
 * @packageDocumentation
 */
import type { CallOptions } from '../context/context'
import type { CheckedWhere } from '../input/where'
import type { VectorFormat } from '../input/vector-format'
import type { TransportMode } from '../input/transport-mode'
import type { ConsistencyLevel } from '../input/check'
import type { SortClause } from '../input/sort'
import type { PropertiesCodec } from '../codecs/decode-object'
import type { BoostCondition, MediaType, MetadataField, ReferenceMetadataField, SearchGroupBy, SearchOperator, TargetCombination } from './args'

/** How a checked search over several named vectors combines their distances. */
export type TargetJoin = TargetCombination | 'relativeScore' | 'manualWeights'

/** Several named vectors searched at once, checked: distinct names, how their distances combine, and a weight per name for the weighted methods. */
export interface Targets {
  readonly names: readonly string[]
  readonly combination?: TargetJoin
  /** With `relativeScore` and `manualWeights` only: one per name, in the names' order. */
  readonly weights?: readonly number[]
}

/** A checked vector per target vector, in the order of the search's targets. */
export interface VectorForTarget {
  readonly name: string
  readonly vector: readonly number[]
}

/** A checked threshold: a distance or a certainty, at most one. */
export interface Threshold {
  readonly distance?: number
  readonly certainty?: number
}

/** What a checked nearText search vectorizes: the texts, and their moves. */
export interface TextQuery {
  /** The texts, at least one, none empty. */
  readonly concepts: readonly string[]
  readonly moveTo?: Move
  readonly moveAway?: Move
}

/** A checked hybrid search's vector side given as a search of its own (sent as the hybrid's near_vector or near_text). */
export type HybridSubSearch =
  | (Threshold & {
      readonly kind: 'nearVector'
      /** One vector for every target, or (`perTarget`) a vector per target. */
      readonly vector?: readonly number[]
      readonly perTarget?: readonly VectorForTarget[]
    })
  | (Threshold & TextQuery & { readonly kind: 'nearText' })

/** A checked move of a nearText search: a force between 0 and 1, and at least one concept or object. */
export interface Move {
  readonly force: number
  readonly concepts: readonly string[]
  /** Object ids (checked UUIDs). */
  readonly objects: readonly string[]
}

/** The media a search by a medium reads: an image (`nearImage`) or one of `nearMedia`'s. */
export type Medium = 'image' | MediaType

/** The search part of a checked query. */
export type Search =
  | {
      readonly kind: 'nearVector'
      /** A vector, or a multi-vector (checked: non-empty vectors of one dimension). */
      readonly vector: readonly number[] | ReadonlyArray<readonly number[]>
      readonly targetVector?: string
      readonly targets?: Targets
      readonly distance?: number
      readonly certainty?: number
    }
  | {
      readonly kind: 'nearObject'
      readonly id: string
      readonly targetVector?: string
      readonly targets?: Targets
      readonly distance?: number
      readonly certainty?: number
    }
  | (Threshold &
      TextQuery & {
        readonly kind: 'nearText'
        readonly targetVector?: string
        readonly targets?: Targets
      })
  | {
      readonly kind: 'nearMedia'
      readonly medium: Medium
      /** The medium as base64 text. */
      readonly base64: string
      readonly targetVector?: string
      readonly targets?: Targets
      readonly distance?: number
      readonly certainty?: number
    }
  | { readonly kind: 'bm25'; readonly query: string; readonly properties?: readonly string[]; readonly operator?: SearchOperator }
  | {
      readonly kind: 'hybrid'
      readonly query: string
      readonly alpha: number
      readonly vector?: readonly number[]
      /** The vector side as a nearVector or nearText search (no `vector` then). */
      readonly subSearch?: HybridSubSearch
      readonly properties?: readonly string[]
      readonly operator?: SearchOperator
      readonly maxVectorDistance?: number
      readonly fusionType?: 'ranked' | 'relativeScore'
      readonly targetVector?: string
      readonly targets?: Targets
    }
  | { readonly kind: 'fetch'; readonly sort: readonly SortClause[]; readonly after?: string }

/** A checked property to return. */
export type PropertySelection = { readonly name: string; readonly nested?: readonly PropertySelection[] }

/** A checked reference to follow. */
export interface ReferenceSelection {
  readonly linkOn: string
  readonly targetClassName?: string
  readonly properties: readonly PropertySelection[]
  readonly metadata: readonly ReferenceMetadataField[]
  readonly references: readonly ReferenceSelection[]
}

/** A checked generative search: a prompt per result, a task over all of them, or both. */
export interface GenerativeInput {
  readonly singlePrompt?: string
  readonly groupedTask?: string
  /** Only with `groupedTask`; `undefined`: every property of the class. */
  readonly groupedProperties?: readonly string[]
}

/** A checked rerank. */
export interface RerankInput {
  readonly property: string
  readonly query?: string
}

/** A checked diversity selection: how many to keep (1 to the search's limit) and the balance (0 to 1). */
export interface DiversityInput {
  readonly limit: number
  readonly balance?: number
}

/** A checked boost condition: a filter checked as `where` is, a time decay's origin as text (`'now'` or an RFC 3339 / `YYYY-MM-DD` date). */
export type BoostConditionInput =
  | (Omit<Extract<BoostCondition, { readonly type: 'filter' }>, 'where'> & { readonly where: CheckedWhere })
  | (Omit<Extract<BoostCondition, { readonly type: 'timeDecay' }>, 'origin'> & { readonly origin?: string })
  | Extract<BoostCondition, { readonly type: 'numericDecay' | 'propertyValue' }>

/** A checked boost: one to twenty conditions, a weight between 0 and 1, a depth. */
export interface BoostInput {
  readonly conditions: readonly BoostConditionInput[]
  readonly weight?: number
  readonly depth?: number
}

/** A checked query. */
export interface QueryInput<P> {
  readonly className: string
  readonly search: Search
  readonly where?: CheckedWhere
  readonly limit: number
  readonly offset?: number
  readonly autocut?: number
  readonly groupBy?: SearchGroupBy
  readonly generate?: GenerativeInput
  readonly rerank?: RerankInput
  /** Re-rank by the results' properties (gRPC only). */
  readonly boost?: BoostInput
  /** Keep a diverse subset of the results (gRPC only; nearVector, nearObject, nearText, hybrid). */
  readonly diversity?: DiversityInput
  readonly tenant?: string
  readonly consistencyLevel?: ConsistencyLevel
  /** `undefined`: every non-reference, non-blob property. */
  readonly properties?: readonly PropertySelection[]
  readonly references: readonly ReferenceSelection[]
  readonly metadata: readonly MetadataField[]
  /** Ask for the search's query profile. */
  readonly queryProfile?: boolean
  readonly vector: boolean
  readonly vectorNames: readonly string[]
  readonly vectorFormat: VectorFormat
  readonly codec?: PropertiesCodec<P>
  readonly transport?: TransportMode
  readonly call: CallOptions
}
