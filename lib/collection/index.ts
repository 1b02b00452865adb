/**
 * A typed collection handle: `client.collection(name, options?)` binds a class name (and a tenant
 * and a consistency level when given) and carries the properties type `P`. Every operation
 * delegates to the flat one (`client.objects`, `client.query`, ...) with what the handle binds
 * added to its arguments; nothing here talks to a server. Names after the official TypeScript
 * client (weaviate/typescript-client `src/collections/collection/index.ts`: `data`, `query`,
 * `aggregate`, `tenants`, `config`, `filter`, `iterator`, `length`, `exists`, `withTenant`,
 * `withConsistency`) wherever a member means what the official one means.
 *
 * @packageDocumentation
 */
import { Either } from 'fp-ts/Either'
import * as t from 'io-ts'
import { Observable, map as mapRx } from 'rxjs'
import type { ClassDefinition, PropertyDefinition, Tenant, TenantInput } from '../codecs/class-definition'
import type { PropertiesCodec } from '../codecs/decode-object'
import type { WeaviateObject } from '../codecs/object'
import type { CallOptions } from '../context/context'
import type { WeaviateError } from '../core/errors'
import { OE, type ObservableEither } from '../core/observable-either'
import { ConsistencyLevel } from '../input/check'
import { className } from '../input/names'
import type { VectorFormat, VectorOf } from '../input/vector-format'
import type { BatchSource } from '../batch/source'
import type { ObjectsApi, ObjectBatchOptions, BatchWritten, ValidationResult, DeleteManyProgress, VectorFormatOption } from '../objects'
import type { QueryApi } from '../query'
import type { Bm25Args, FetchObjectsArgs, HybridArgs, NearImageArgs, NearMediaArgs, NearObjectArgs, NearTextArgs, NearVectorArgs } from '../query/args'
import type { AggregateArgs, AggregateMetrics, CountGroup, CountGroupBy } from '../query/aggregate-args'
import type { AggregateResult } from '../query/aggregate'
import type { MetricsGroup, MetricsOf } from '../query/aggregate-result'
import type { SearchResult } from '../query/result'
import type { ReferencesApi, ReferenceBatchOptions, ReferenceWritten } from '../references'
import type { ConfigChange, SchemaApi, ShardStatus, ShardStatusInput, TenantsApi } from '../schema'
import {
  CollectionAddressArgs,
  CollectionAggregateArgs,
  CollectionBatchObject,
  CollectionBatchReference,
  CollectionCountArgs,
  CollectionDeleteManyArgs,
  CollectionGetByIdArgs,
  CollectionListArgs,
  CollectionOptions,
  CollectionReferenceArgs,
  CollectionReplaceReferencesArgs,
  CollectionSearchArgs,
  CollectionStreamArgs,
  CollectionValidateArgs,
  InsertArgs,
  ReplaceArgs,
  UpdateArgs,
} from './args'
import { CollectionFilter, NumberKindOf, collectionFilter } from './filter'

/**
 * A search of a handle: the flat search `A` without what the handle binds, typed by `P`.
 *
 * @example
 * ```ts
 * declare const nearVector: CollectionSearch<NearVectorArgs, { title: string }>
 * nearVector({ vector: [0.1, 0.2], returnProperties: ['title'] })
 * ```
 */
export type CollectionSearch<A, P> = <F extends VectorFormat = 'array'>(
  args: CollectionSearchArgs<A, P> & { readonly vectorFormat?: F },
) => ObservableEither<WeaviateError, SearchResult<P, VectorOf<F>>>

/**
 * `collection.data`: writes (`dataObject` is `P`, `Partial<P>` on `update`), pages of objects
 * (decoded by the handle's codec), deletes and references, all on the handle's class.
 *
 * @example
 * ```ts
 * const books = client.collection('Book', { codec: t.type({ title: t.string, year: t.number }) })
 * books.data.insert({ dataObject: { title: 'Dune', year: 1965 } })
 * books.data.update({ uuid, dataObject: { year: 1966 } })
 * ```
 */
export interface CollectionData<P> {
  /** `objects.create`: emits the new object's UUID. */
  readonly insert: (args: InsertArgs<P>) => ObservableEither<WeaviateError, string>
  /** `objects.batch`: one result per object, at the server's pace. */
  readonly insertMany: (
    source: BatchSource<CollectionBatchObject<P>>,
    options?: Omit<ObjectBatchOptions, 'consistencyLevel'>,
  ) => ObservableEither<WeaviateError, BatchWritten>
  /** `objects.replace`: every property. */
  readonly replace: (args: ReplaceArgs<P>) => ObservableEither<WeaviateError, void>
  /** `objects.update`: the properties given, merged into the stored ones. */
  readonly update: (args: UpdateArgs<P>) => ObservableEither<WeaviateError, void>
  /** `objects.delete`. */
  readonly deleteById: (args: CollectionAddressArgs) => ObservableEither<WeaviateError, void>
  /** `objects.deleteMany`: every object a filter matches, round after round. */
  readonly deleteMany: (args: CollectionDeleteManyArgs) => ObservableEither<WeaviateError, DeleteManyProgress>
  /** `objects.exists`. */
  readonly exists: (args: CollectionAddressArgs) => ObservableEither<WeaviateError, boolean>
  /** `objects.validate`. */
  readonly validate: (args: CollectionValidateArgs<P>) => ObservableEither<WeaviateError, ValidationResult>
  /** `objects.list`, decoded by the handle's codec. */
  readonly list: (args?: CollectionListArgs) => ObservableEither<WeaviateError, Array<WeaviateObject<P>>>
  /** `references.add` from an object of the handle's class. */
  readonly referenceAdd: (args: CollectionReferenceArgs) => ObservableEither<WeaviateError, void>
  /** `references.replace`. */
  readonly referenceReplace: (args: CollectionReplaceReferencesArgs) => ObservableEither<WeaviateError, void>
  /** `references.delete`. */
  readonly referenceDelete: (args: CollectionReferenceArgs) => ObservableEither<WeaviateError, void>
  /** `references.batch`. */
  readonly referenceAddMany: (
    source: BatchSource<CollectionBatchReference>,
    options?: Omit<ReferenceBatchOptions, 'consistencyLevel'>,
  ) => ObservableEither<WeaviateError, ReferenceWritten>
}

/**
 * `collection.query`: the searches of `client.query` on the handle's class, their properties
 * typed by `P` (decoded by the handle's codec) and `returnProperties` keyed by `P`; and one object
 * by its UUID.
 *
 * @example
 * ```ts
 * const books = client.collection('Book', { codec: t.type({ title: t.string, year: t.number }) })
 * books.query.nearVector({ vector, limit: 3, returnProperties: ['title', 'year'], where: books.filter.byProperty('year').greaterThan(2000) })
 * ```
 */
export interface CollectionQuery<P> {
  /** `objects.getById`, decoded by the handle's codec; `null` when there is none. */
  readonly fetchObjectById: (args: CollectionGetByIdArgs) => ObservableEither<WeaviateError, WeaviateObject<P> | null>
  readonly nearVector: CollectionSearch<NearVectorArgs<P>, P>
  readonly nearObject: CollectionSearch<NearObjectArgs<P>, P>
  readonly nearText: CollectionSearch<NearTextArgs<P>, P>
  readonly nearImage: CollectionSearch<NearImageArgs<P>, P>
  readonly nearMedia: CollectionSearch<NearMediaArgs<P>, P>
  readonly bm25: CollectionSearch<Bm25Args<P>, P>
  readonly hybrid: CollectionSearch<HybridArgs<P>, P>
  readonly fetchObjects: CollectionSearch<FetchObjectsArgs<P>, P>
}

/**
 * `collection.aggregate.overAll`: `query.aggregate` on the handle's class, its answer typed as
 * the flat one's (a count, metrics, or groups).
 *
 * @example
 * ```ts
 * declare const overAll: CollectionAggregateOverAll
 * overAll({ groupBy: { property: 'category' } })
 * ```
 */
export interface CollectionAggregateOverAll {
  <const M extends AggregateMetrics>(
    args: CollectionAggregateArgs & { readonly groupBy: CountGroupBy; readonly metrics: M },
  ): ObservableEither<WeaviateError, { readonly groups: ReadonlyArray<MetricsGroup<M>> }>
  <const M extends AggregateMetrics>(
    args: CollectionAggregateArgs & { readonly groupBy?: undefined; readonly metrics: M },
  ): ObservableEither<WeaviateError, { readonly count: number; readonly metrics: MetricsOf<M> }>
  (args: CollectionAggregateArgs & { readonly groupBy: CountGroupBy; readonly metrics?: undefined }): ObservableEither<WeaviateError, { readonly groups: readonly CountGroup[] }>
  (args?: CollectionAggregateArgs & { readonly groupBy?: undefined; readonly metrics?: undefined }): ObservableEither<WeaviateError, { readonly count: number }>
}

/**
 * `collection.aggregate`: counts and metrics of the handle's class (or tenant).
 *
 * @example
 * ```ts
 * const books = client.collection('Book')
 * books.aggregate.overAll({ metrics: { year: { kind: 'int', metrics: ['mean'] } } })
 * ```
 */
export interface CollectionAggregate {
  readonly overAll: CollectionAggregateOverAll
}

/**
 * `collection.tenants`: `client.tenants` on the handle's class.
 *
 * @example
 * ```ts
 * client.collection('Book').tenants.create(['tenantA', { name: 'tenantB', activityStatus: 'INACTIVE' }])
 * ```
 */
export interface CollectionTenants {
  /** `tenants.list`: every tenant of the class. */
  readonly get: (options?: CallOptions) => ObservableEither<WeaviateError, readonly Tenant[]>
  /** `tenants.get`: one tenant, `null` when there is none. */
  readonly getByName: (name: string, options?: CallOptions) => ObservableEither<WeaviateError, Tenant | null>
  readonly getByNames: (names: readonly string[], options?: CallOptions) => ObservableEither<WeaviateError, readonly Tenant[]>
  readonly exists: (name: string, options?: CallOptions) => ObservableEither<WeaviateError, boolean>
  readonly create: (tenants: ReadonlyArray<string | TenantInput>, options?: CallOptions) => ObservableEither<WeaviateError, readonly Tenant[]>
  readonly update: (tenants: readonly TenantInput[], options?: CallOptions) => ObservableEither<WeaviateError, readonly Tenant[]>
  readonly activate: (names: readonly string[], options?: CallOptions) => ObservableEither<WeaviateError, readonly Tenant[]>
  readonly deactivate: (names: readonly string[], options?: CallOptions) => ObservableEither<WeaviateError, readonly Tenant[]>
  readonly offload: (names: readonly string[], options?: CallOptions) => ObservableEither<WeaviateError, readonly Tenant[]>
  /** `tenants.delete`. */
  readonly remove: (names: readonly string[], options?: CallOptions) => ObservableEither<WeaviateError, void>
}

/**
 * `collection.config`: the class definition and its changes (`client.schema` on the handle's class).
 *
 * @example
 * ```ts
 * const books = client.collection('Book')
 * books.config.addProperty({ name: 'isbn', dataType: ['text'] })
 * books.config.update({ description: 'Books we sell' })
 * books.config.updateShards('READONLY') // every shard; then the shards as they now are
 * ```
 */
export interface CollectionConfig {
  /** `schema.getClass`: the definition, or `null` when there is no such class. */
  readonly get: (options?: CallOptions) => ObservableEither<WeaviateError, ClassDefinition | null>
  /** `schema.updateConfig`: changes what it names. */
  readonly update: (change: ConfigChange, options?: CallOptions) => ObservableEither<WeaviateError, ClassDefinition>
  /** `schema.addProperty`. */
  readonly addProperty: (property: PropertyDefinition, options?: CallOptions) => ObservableEither<WeaviateError, PropertyDefinition>
  /** `schema.getShards`. */
  readonly getShards: (options?: CallOptions) => ObservableEither<WeaviateError, readonly ShardStatus[]>
  /**
   * `schema.updateShardStatus` for each shard named (every shard of the class when `names` is
   * absent), one after the other, stopping at the first failure; then `schema.getShards`: the
   * shards as they now are.
   */
  readonly updateShards: (
    status: ShardStatusInput,
    names?: string | readonly string[],
    options?: CallOptions,
  ) => ObservableEither<WeaviateError, readonly ShardStatus[]>
}

/**
 * A typed handle on one class (`client.collection(name, options?)`): its operations are the flat
 * ones with the class name, the tenant and the consistency level bound, and the properties typed
 * by `P`. Making a handle sends nothing.
 *
 * @example
 * ```ts
 * const Book = t.type({ title: t.string, year: t.number })
 * const books = client.collection('Book', { codec: Book })
 * books.query.fetchObjects({ where: books.filter.byProperty('year').lessThan(1970), returnProperties: ['title'] }).subscribe((r) => {
 *   if (r._tag === 'Right') for (const o of r.right.objects) console.log(o.properties.title)
 * })
 * books.withTenant('tenantA').data.insert({ dataObject: { title: 'Dune', year: 1965 } })
 * ```
 */
export interface Collection<P> {
  /** The class name. */
  readonly name: string
  /** The bound tenant, if any. */
  readonly tenant: string | undefined
  /** The bound consistency level, if any. */
  readonly consistencyLevel: ConsistencyLevel | undefined
  readonly data: CollectionData<P>
  readonly query: CollectionQuery<P>
  readonly aggregate: CollectionAggregate
  readonly tenants: CollectionTenants
  readonly config: CollectionConfig
  /** Builds `where` filters checked against `P`. */
  readonly filter: CollectionFilter<P>
  /** `objects.stream`: every object of the class (or tenant) in UUID order, decoded by the handle's codec. */
  readonly stream: <F extends VectorFormat = 'array'>(args?: CollectionStreamArgs & VectorFormatOption<F>) => ObservableEither<WeaviateError, WeaviateObject<P, VectorOf<F>>>
  /** `objects.iterate`: the objects of `stream` for `for await`. */
  readonly iterator: <F extends VectorFormat = 'array'>(
    args?: Omit<CollectionStreamArgs, 'pacer'> & VectorFormatOption<F>,
  ) => AsyncIterable<Either<WeaviateError, WeaviateObject<P, VectorOf<F>>>>
  /** `objects.streamPages`: the pages of `stream`. */
  readonly streamPages: <F extends VectorFormat = 'array'>(
    args?: CollectionStreamArgs & VectorFormatOption<F>,
  ) => ObservableEither<WeaviateError, ReadonlyArray<WeaviateObject<P, VectorOf<F>>>>
  /** `schema.exists`: whether the class exists. */
  readonly exists: (options?: CallOptions) => ObservableEither<WeaviateError, boolean>
  /** `objects.count`: the number of objects of the class (or tenant). */
  readonly length: (args?: CollectionCountArgs) => ObservableEither<WeaviateError, number>
  /** The same handle bound to a tenant (sends nothing). */
  readonly withTenant: (tenant: string) => Collection<P>
  /** The same handle bound to a consistency level (sends nothing). */
  readonly withConsistency: (consistencyLevel: ConsistencyLevel) => Collection<P>
}

/** The flat APIs a handle delegates to. */
export interface FlatApis {
  readonly objects: ObjectsApi
  readonly references: ReferencesApi
  readonly query: QueryApi
  readonly schema: SchemaApi
  readonly tenants: TenantsApi
}

/**
 * The codec of a handle typed by a type parameter alone: any record passes as `P`, unchecked.
 * The one place a handle takes the caller's word for the properties.
 */
const promised = <P>(): PropertiesCodec<P> =>
  new t.Type<P, P, unknown>(
    'properties (unchecked)',
    (u): u is P => t.UnknownRecord.is(u),
    (u, c) => (t.UnknownRecord.is(u) ? t.success(u as P) : t.failure(u, c)),
    t.identity,
  )

/** The codec of one property of an object codec (`t.type`, `t.partial`, `t.exact`, ...), if it has one. */
const propertyCodec = (codec: unknown, property: string): unknown => {
  if (codec instanceof t.InterfaceType || codec instanceof t.PartialType) return (codec.props as Record<string, unknown>)[property]
  if (codec instanceof t.ExactType || codec instanceof t.ReadonlyType || codec instanceof t.RefinementType) return propertyCodec(codec.type, property)
  if (codec instanceof t.IntersectionType) {
    for (const part of codec.types as readonly unknown[]) {
      const found = propertyCodec(part, property)
      if (found !== undefined) return found
    }
  }
  return undefined
}

/**
 * `t.Int` (or an array of it) is an `int` property; `t.number` says nothing (both `int` and
 * `number` properties decode as numbers).
 */
const numberKind = (codec: unknown): 'int' | undefined => {
  if (codec === t.Int) return 'int'
  if (codec instanceof t.ArrayType || codec instanceof t.ReadonlyArrayType || codec instanceof t.ReadonlyType) return numberKind(codec.type)
  if (codec instanceof t.UnionType) {
    for (const member of codec.types as readonly unknown[]) {
      const kind = numberKind(member)
      if (kind !== undefined) return kind
    }
  }
  return undefined
}

const numberKindOf =
  (codec: unknown, given: Readonly<Partial<Record<string, 'int' | 'number'>>>): NumberKindOf =>
  (property) =>
    given[property] ?? numberKind(propertyCodec(codec, property))

/**
 * The flat arguments of a call: the handle's own plus what it binds. The one place the type
 * system cannot follow that `Omit<A, K>` with the `K` keys added is `A`.
 */
const complete = <A>(args: object | undefined, bound: Readonly<Record<string, unknown>>): A => ({ ...args, ...bound }) as A

/** Maps the items of a batch source, whichever of its three forms it has, lazily. */
const mapSource = <A, B>(source: BatchSource<A>, f: (a: A) => B): BatchSource<B> => {
  if (source instanceof Observable) return source.pipe(mapRx(f))
  if (Symbol.asyncIterator in source) {
    return {
      [Symbol.asyncIterator]: async function* () {
        for await (const item of source) yield f(item)
      },
    }
  }
  return {
    [Symbol.iterator]: function* () {
      for (const item of source) yield f(item)
    },
  }
}

interface Binding<P> {
  readonly name: string
  readonly codec: PropertiesCodec<P>
  readonly numberKind: NumberKindOf
  readonly tenant: string | undefined
  readonly consistencyLevel: ConsistencyLevel | undefined
}

const bind = <P>(api: FlatApis, b: Binding<P>): Collection<P> => {
  const { name, codec, tenant, consistencyLevel } = b
  // What each kind of operation takes of the binding (an undefined key is left out).
  const inClass = { className: name, ...(tenant === undefined ? {} : { tenant }) }
  const consistency = consistencyLevel === undefined ? {} : { consistencyLevel }
  const full = { ...inClass, ...consistency }
  const read = { ...full, codec }
  const fromClass = { fromClassName: name, ...(tenant === undefined ? {} : { tenant }), ...consistency }
  const batchOptions = <O extends object>(options: O | undefined): O => complete<O>(options, consistency)
  // A search's own type (its vector format) is the flat search's; the binding adds keys only.
  const search =
    <A>(run: (args: A) => unknown) =>
    (args: object): unknown =>
      run(complete<A>(args, read))
  const aggregateAll = api.query.aggregate as unknown as (args: AggregateArgs) => ObservableEither<WeaviateError, AggregateResult>
  return {
    name,
    tenant,
    consistencyLevel,
    data: {
      insert: (args) => api.objects.create(complete(args, full)),
      insertMany: (source, options) =>
        api.objects.batch(
          mapSource(source, (item) => complete(item, inClass)),
          batchOptions(options),
        ),
      replace: (args) => api.objects.replace(complete(args, full)),
      update: (args) => api.objects.update(complete(args, full)),
      deleteById: (args) => api.objects.delete(complete(args, full)),
      deleteMany: (args) => api.objects.deleteMany(complete(args, full)),
      exists: (args) => api.objects.exists(complete(args, full)),
      validate: (args) => api.objects.validate(complete(args, { className: name })),
      list: (args) => api.objects.list<P>(complete(args, read)),
      referenceAdd: (args) => api.references.add(complete(args, fromClass)),
      referenceReplace: (args) => api.references.replace(complete(args, fromClass)),
      referenceDelete: (args) => api.references.delete(complete(args, fromClass)),
      referenceAddMany: (source, options) =>
        api.references.batch(
          mapSource(source, (item) => complete(item, { fromClassName: name, ...(tenant === undefined ? {} : { tenant }) })),
          batchOptions(options),
        ),
    },
    query: {
      fetchObjectById: (args) => api.objects.getById<P>(complete(args, read)),
      nearVector: search(api.query.nearVector) as CollectionQuery<P>['nearVector'],
      nearObject: search(api.query.nearObject) as CollectionQuery<P>['nearObject'],
      nearText: search(api.query.nearText) as CollectionQuery<P>['nearText'],
      nearImage: search(api.query.nearImage) as CollectionQuery<P>['nearImage'],
      nearMedia: search(api.query.nearMedia) as CollectionQuery<P>['nearMedia'],
      bm25: search(api.query.bm25) as CollectionQuery<P>['bm25'],
      hybrid: search(api.query.hybrid) as CollectionQuery<P>['hybrid'],
      fetchObjects: search(api.query.fetchObjects) as CollectionQuery<P>['fetchObjects'],
    },
    aggregate: {
      overAll: ((args?: CollectionAggregateArgs) => aggregateAll(complete(args, inClass))) as CollectionAggregateOverAll,
    },
    tenants: {
      get: (options) => api.tenants.list(name, options),
      getByName: (tenantName, options) => api.tenants.get(name, tenantName, options),
      getByNames: (names, options) => api.tenants.getByNames(name, names, options),
      exists: (tenantName, options) => api.tenants.exists(name, tenantName, options),
      create: (tenants, options) => api.tenants.create(name, tenants, options),
      update: (tenants, options) => api.tenants.update(name, tenants, options),
      activate: (names, options) => api.tenants.activate(name, names, options),
      deactivate: (names, options) => api.tenants.deactivate(name, names, options),
      offload: (names, options) => api.tenants.offload(name, names, options),
      remove: (names, options) => api.tenants.delete(name, names, options),
    },
    config: {
      get: (options) => api.schema.getClass(name, options),
      update: (change, options) => api.schema.updateConfig(name, change, options),
      addProperty: (property, options) => api.schema.addProperty(name, property, options),
      getShards: (options) => api.schema.getShards(name, options),
      updateShards: (status, names, options) => {
        const shardNames: ObservableEither<WeaviateError, readonly string[]> =
          names === undefined ? api.schema.getShards(name, options).pipe(OE.map((all) => all.map((shard) => shard.name))) : OE.right(typeof names === 'string' ? [names] : names)
        // One shard after the other; the first failure ends it.
        const updateEach = (list: readonly string[]): ObservableEither<WeaviateError, unknown> =>
          list.reduce<ObservableEither<WeaviateError, unknown>>(
            (before, shard) => before.pipe(OE.flatMap(() => api.schema.updateShardStatus(name, shard, status, options))),
            OE.right(undefined),
          )
        return shardNames.pipe(
          OE.flatMap(updateEach),
          OE.flatMap(() => api.schema.getShards(name, options)),
        )
      },
    },
    filter: collectionFilter<P>(b.numberKind),
    stream: (args) => api.objects.stream(complete(args, read)),
    iterator: (args) => api.objects.iterate(complete(args, read)),
    streamPages: (args) => api.objects.streamPages(complete(args, read)),
    exists: (options) => api.schema.exists(name, options),
    length: (args) => api.objects.count(complete(args, inClass)),
    withTenant: (next) => bind(api, { ...b, tenant: next }),
    withConsistency: (level) => bind(api, { ...b, consistencyLevel: level }),
  }
}

/**
 * A handle on the class `name` over the flat APIs. Throws an `ArgumentValueError` for a name
 * that is not a class name; sends nothing.
 */
export const collection = <P>(api: FlatApis, name: string, options: CollectionOptions<P> = {}): Collection<P> => {
  const checked = className('name', name)
  const codec = options.codec ?? promised<P>()
  return bind(api, {
    name: checked,
    codec,
    numberKind: numberKindOf(options.codec, options.numberKinds ?? {}),
    tenant: options.tenant,
    consistencyLevel: options.consistencyLevel,
  })
}

export type * from './args'
export type { CollectionFilter, CountFilter, FilterValueOf, GeoCoordinates, GeoFilter, LengthPropertyOf, PropertyFilter, ReferenceFilter, ReferenceNameOf, TimeFilter, ValueFilter } from './filter'
