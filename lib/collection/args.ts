/**
 * The argument types of a collection handle: each flat operation's arguments without what the
 * handle binds (the class name, the tenant, the consistency level, the codec), with the
 * properties typed by the handle's `P`.
 *
 * @packageDocumentation
 */
import type { ConsistencyLevel } from '../input/check'
import type { PropertiesCodec } from '../codecs/decode-object'
import type { AddressArgs, CreateArgs, GetByIdFields, ListFields, ValidateArgs, WriteArgs } from '../objects/args'
import type { BatchObject } from '../batch/well-formed-object'
import type { DeleteManyArgs } from '../objects/delete-many'
import type { CountArgs } from '../objects/count'
import type { StreamFields } from '../objects/stream'
import type { ReturnProperty } from '../query/args'
import type { AggregateArgs } from '../query/aggregate-args'
import type { ReferenceArgs, ReplaceReferencesArgs } from '../references/args'
import type { BatchReference } from '../references/batch'

/**
 * What a handle binds: never an argument of its operations (`withTenant`, `withConsistency` and
 * the handle's options set them).
 *
 * @example
 * ```ts
 * const bound: BoundKey = 'tenant'
 * ```
 */
export type BoundKey = 'className' | 'tenant' | 'consistencyLevel' | 'codec'

/**
 * The property names of `P`.
 *
 * @example
 * ```ts
 * const name: PropertyName<{ title: string; year: number }> = 'year'
 * ```
 */
export type PropertyName<P> = Extract<keyof P, string>

/**
 * A `returnProperties` entry of a handle: a property of `P`, or a nested object property of `P`
 * with the nested properties to return.
 *
 * @example
 * ```ts
 * const entries: ReadonlyArray<TypedReturnProperty<{ title: string; author: { name: string } }>> = ['title', { name: 'author', properties: ['name'] }]
 * ```
 */
export type TypedReturnProperty<P> = PropertyName<P> | { readonly name: PropertyName<P>; readonly properties: readonly ReturnProperty[] }

/**
 * The arguments of a search through a handle: the flat search's (`A`) without what the handle
 * binds, `returnProperties` keyed by `P`.
 *
 * @example
 * ```ts
 * const args: CollectionSearchArgs<NearVectorArgs, { title: string }> = { vector: [0.1, 0.2], returnProperties: ['title'] }
 * ```
 */
export type CollectionSearchArgs<A, P> = Omit<A, BoundKey | 'returnProperties'> & {
  /** The properties to return, by the names of `P` (all of them when absent). */
  readonly returnProperties?: ReadonlyArray<TypedReturnProperty<P>>
}

/**
 * The options of `client.collection`.
 *
 * @example
 * ```ts
 * const options: CollectionOptions<{ title: string }> = { codec: t.type({ title: t.string }), tenant: 'tenantA', consistencyLevel: 'QUORUM' }
 * ```
 */
export interface CollectionOptions<P> {
  /**
   * The io-ts codec of the properties: the handle's `P` is its type, and every read decodes
   * through it (a property that does not fit is a `DecodeError`). Without it, `P` is the type
   * parameter, a promise the reads do not check.
   */
  readonly codec?: PropertiesCodec<P>
  /** The tenant of a multi-tenant class every operation addresses. */
  readonly tenant?: string
  /** The consistency level of every operation that takes one. */
  readonly consistencyLevel?: ConsistencyLevel
  /**
   * The data type of number properties, for the filter builder: a number is sent as `valueInt`
   * on an `int` property and `valueNumber` on a `number` one. Without it, a property whose codec
   * is `t.Int` is `int`, and otherwise an integer value is sent as `valueInt`. Searches over gRPC
   * (Weaviate 1.25+) do not mind, as the server converts to the property's type; REST and GraphQL
   * (`data.deleteMany`, older servers) refuse `valueInt` on a `number` property.
   */
  readonly numberKinds?: Readonly<Partial<Record<PropertyName<P>, 'int' | 'number'>>>
}

/**
 * `data.insert` of a handle: `objects.create` with the properties typed.
 *
 * @example
 * ```ts
 * const args: InsertArgs<{ title: string }> = { dataObject: { title: 'Hello' }, vector: [0.1, 0.2] }
 * ```
 */
export type InsertArgs<P> = Omit<CreateArgs, BoundKey | 'dataObject'> & { readonly dataObject: P }

/**
 * `data.replace` of a handle: every property (`objects.replace`).
 *
 * @example
 * ```ts
 * const args: ReplaceArgs<{ title: string }> = { uuid, dataObject: { title: 'New' } }
 * ```
 */
export type ReplaceArgs<P> = Omit<WriteArgs, BoundKey | 'dataObject'> & { readonly dataObject: P }

/**
 * `data.update` of a handle: the properties to change, merged into the stored ones (`objects.update`).
 *
 * @example
 * ```ts
 * const args: UpdateArgs<{ title: string; year: number }> = { uuid, dataObject: { year: 2001 } }
 * ```
 */
export type UpdateArgs<P> = Omit<WriteArgs, BoundKey | 'dataObject'> & { readonly dataObject: Partial<P> }

/**
 * `data.validate` of a handle (`objects.validate`).
 *
 * @example
 * ```ts
 * const args: CollectionValidateArgs<{ title: string }> = { dataObject: { title: 'x' } }
 * ```
 */
export type CollectionValidateArgs<P> = Omit<ValidateArgs, BoundKey | 'dataObject'> & { readonly dataObject: P }

/**
 * One object of `data.insertMany` (`objects.batch`), its properties typed.
 *
 * @example
 * ```ts
 * const item: CollectionBatchObject<{ title: string }> = { dataObject: { title: 'x' }, vector: [0.1, 0.2] }
 * ```
 */
export type CollectionBatchObject<P> = Omit<BatchObject, BoundKey | 'dataObject'> & { readonly dataObject: P }

/**
 * `data.deleteById` and `data.exists` of a handle.
 *
 * @example
 * ```ts
 * const args: CollectionAddressArgs = { uuid }
 * ```
 */
export type CollectionAddressArgs = Omit<AddressArgs, BoundKey>

/**
 * `query.fetchObjectById` of a handle (`objects.getById`), decoded by the handle's codec.
 *
 * @example
 * ```ts
 * const args: CollectionGetByIdArgs = { uuid, withVector: true }
 * ```
 */
export type CollectionGetByIdArgs = Omit<GetByIdFields, BoundKey>

/**
 * `data.list` of a handle (`objects.list`), decoded by the handle's codec.
 *
 * @example
 * ```ts
 * const args: CollectionListArgs = { limit: 10 }
 * ```
 */
export type CollectionListArgs = Omit<ListFields, BoundKey>

/**
 * `data.deleteMany` of a handle; `where` from the handle's filter builder or written by hand.
 *
 * @example
 * ```ts
 * const args: CollectionDeleteManyArgs = { where: { path: ['year'], operator: 'LessThan', valueInt: 2000 }, dryRun: true }
 * ```
 */
export type CollectionDeleteManyArgs = Omit<DeleteManyArgs, BoundKey>

/**
 * `stream`, `iterator` and `streamPages` of a handle (`objects.stream`), decoded by the handle's codec.
 *
 * @example
 * ```ts
 * const args: CollectionStreamArgs = { pageSize: 500 }
 * ```
 */
export type CollectionStreamArgs = Omit<StreamFields, BoundKey>

/**
 * `length` of a handle (`objects.count`).
 *
 * @example
 * ```ts
 * const args: CollectionCountArgs = { transport: 'rest' }
 * ```
 */
export type CollectionCountArgs = Omit<CountArgs, BoundKey>

/**
 * `aggregate.overAll` of a handle (`query.aggregate`).
 *
 * @example
 * ```ts
 * const args: CollectionAggregateArgs = { groupBy: { property: 'category' } }
 * ```
 */
export type CollectionAggregateArgs = Omit<AggregateArgs, BoundKey>

/**
 * `data.referenceAdd` and `data.referenceDelete` of a handle: the source is the handle's class.
 *
 * @example
 * ```ts
 * const args: CollectionReferenceArgs = { fromUuid, fromPropertyName: 'writtenBy', toUuid, toClassName: 'Author' }
 * ```
 */
export type CollectionReferenceArgs = Omit<ReferenceArgs, BoundKey | 'fromClassName'>

/**
 * `data.referenceReplace` of a handle.
 *
 * @example
 * ```ts
 * const args: CollectionReplaceReferencesArgs = { fromUuid, fromPropertyName: 'writtenBy', toUuids: [toUuid], toClassNames: 'Author' }
 * ```
 */
export type CollectionReplaceReferencesArgs = Omit<ReplaceReferencesArgs, BoundKey | 'fromClassName'>

/**
 * One reference of `data.referenceAddMany` (`references.batch`): the source is the handle's class.
 *
 * @example
 * ```ts
 * const ref: CollectionBatchReference = { fromUuid, fromPropertyName: 'writtenBy', toUuid, toClassName: 'Author' }
 * ```
 */
export type CollectionBatchReference = Omit<BatchReference, BoundKey | 'fromClassName'>
