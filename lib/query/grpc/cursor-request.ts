/**
 * The gRPC `Search` request of a whole-class read by cursor (`after`): every property (references
 * by name, with their targets' ids), the object's metadata, no filter, offset or sort (the
 * server's cursor validator refuses them with a cursor). Built and encoded once per stream; each
 * page appends only its `after` ({@link cursorRequestBytes}). Beside `search-request.ts`, which
 * builds the searches of `client.query`.
 *
 * @packageDocumentation
 */
import { create, toBinary } from '@bufbuild/protobuf'
import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire'
import { isReferenceProperty, type ClassDefinition } from '../../codecs/class-definition'
import { WIRE_CONSISTENCY } from '../../codecs/consistency'
import type { ConsistencyLevel } from '../../input/check'
import { SearchRequest, SearchRequestSchema } from '../../proto/generated/weaviate/v1/search_pb'

/** What a cursor read is of: the class, and how each page reads it. */
export interface CursorRead {
  readonly className: string
  readonly tenant: string | undefined
  readonly consistencyLevel: ConsistencyLevel | undefined
  readonly pageSize: number
  readonly withVector: boolean
}

/**
 * The properties a page asks for. "All properties" over gRPC leaves blobs and references out: a
 * class with blobs names every non-reference property instead (an object property by name brings
 * all its nested properties), and each reference property is asked for by name.
 */
interface Selection {
  /** Every non-reference property by name, or `undefined` for "all" (the class has no blob). */
  readonly named: readonly string[] | undefined
  readonly references: readonly string[]
}

const selection = (definition: ClassDefinition | null): Selection => {
  const properties = definition?.properties ?? []
  const plain = properties.filter((p) => !isReferenceProperty(p))
  return {
    named: plain.some((p) => p.dataType[0] === 'blob') ? plain.map((p) => p.name) : undefined,
    references: properties.filter(isReferenceProperty).map((p) => p.name),
  }
}

/** The search request of every page of `read` over the class `definition` describes, all but the cursor. */
export const cursorSearchRequest = (read: CursorRead, definition: ClassDefinition | null): SearchRequest => {
  const { named, references } = selection(definition)
  return create(SearchRequestSchema, {
    collection: read.className,
    tenant: read.tenant ?? '',
    ...(read.consistencyLevel === undefined ? {} : { consistencyLevel: WIRE_CONSISTENCY[read.consistencyLevel] }),
    limit: read.pageSize,
    properties: {
      ...(named === undefined ? { returnAllNonrefProperties: true } : { nonRefProperties: [...named] }),
      refProperties: references.map((name) => ({ referenceProperty: name, properties: {}, metadata: { uuid: true } })),
    },
    metadata: { uuid: true, creationTimeUnix: true, lastUpdateTimeUnix: true, vector: read.withVector },
    uses123Api: true,
    uses125Api: true,
    uses127Api: true,
  })
}

/** The field number of `SearchRequest.after`, from the generated descriptor. */
const AFTER_FIELD = SearchRequestSchema.field.after.number

/**
 * The bytes of each page's request: `request` (a {@link cursorSearchRequest}, no cursor set)
 * encoded once, and a page's `after` appended to those bytes as its own field. Protobuf reads a
 * message's fields in any order and the base holds no `after`, so a page's bytes decode to
 * `request` with `after` set, what encoding `{ ...request, after }` gives, without encoding the
 * whole request again for every page: that encoding would stand between a page's reply and the
 * next page's request (docs/decisions/0007-grpc-stream-page-cycle.md).
 */
export const cursorRequestBytes = (request: SearchRequest): ((after: string | undefined) => Uint8Array) => {
  const base = toBinary(SearchRequestSchema, request.after === '' ? request : { ...request, after: '' })
  return (after) => (after === undefined || after === '' ? base : new BinaryWriter().raw(base).tag(AFTER_FIELD, WireType.LengthDelimited).string(after).finish())
}
