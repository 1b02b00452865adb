/**
 * The class (collection) definition as the schema endpoints send and take it. Typed fields are
 * checked; every other field passes through untouched (the codecs are not exact), so a class read
 * from one server can be created on another without losing what the server returned.
 *
 * @packageDocumentation
 */
import * as t from 'io-ts'
import {
  InvertedIndexConfig,
  InvertedIndexConfigCodec,
  ModuleConfig,
  ModuleConfigCodec,
  MultiTenancyConfig,
  MultiTenancyConfigCodec,
  NamedVectorConfig,
  NamedVectorConfigCodec,
  ObjectTtlConfig,
  ObjectTtlConfigCodec,
  ReplicationConfig,
  ReplicationConfigCodec,
  ShardingConfig,
  ShardingConfigCodec,
  VectorIndexConfig,
  VectorIndexConfigCodec,
  VectorIndexType,
  VectorIndexTypeCodec,
} from './collection-config'

/**
 * Whether a property is a cross-reference: its data types are class names, which start with an
 * upper-case letter; every primitive type is lower-case (`text`, `int[]`, `geoCoordinates`).
 *
 * @example
 * ```ts
 * isReferenceProperty({ name: 'writtenBy', dataType: ['Author'] }) // true
 * isReferenceProperty({ name: 'title', dataType: ['text'] })       // false
 * ```
 */
export const isReferenceProperty = (property: PropertyDefinition): boolean =>
  /^[A-Z]/.test(property.dataType[0] ?? '')

/** The server sends `null` for unset fields (e.g. `properties` of a class without any); kept as sent. */
const orNull = <C extends t.Mixed>(codec: C) => t.union([codec, t.null])

/**
 * A property of a class, or a nested property of an `object` / `object[]` property.
 * `dataType` holds one primitive type (`text`, `text[]`, `int`, `number`, `boolean`, `date`,
 * `uuid`, `geoCoordinates`, `phoneNumber`, `blob`, `object`, ...) or, for a cross-reference, the
 * names of the classes it may point to.
 *
 * @example
 * ```ts
 * const writtenBy: PropertyDefinition = { name: 'writtenBy', dataType: ['Author'] }
 * const title: PropertyDefinition = { name: 'title', dataType: ['text'], tokenization: 'word' }
 * ```
 */
export interface PropertyDefinition {
  readonly name: string
  readonly dataType: readonly string[]
  readonly description?: string | null
  readonly tokenization?: string | null
  readonly indexFilterable?: boolean | null
  readonly indexSearchable?: boolean | null
  readonly indexRangeFilters?: boolean | null
  readonly moduleConfig?: Readonly<Record<string, unknown>> | null
  /** The properties of an `object` or `object[]` property. */
  readonly nestedProperties?: readonly PropertyDefinition[] | null
  /** Fields this version of the client does not model are kept as they came. */
  readonly [field: string]: unknown
}

/**
 * The codec of {@link PropertyDefinition}; recursive through `nestedProperties`.
 */
export const PropertyDefinition: t.Type<PropertyDefinition, PropertyDefinition> = t.recursion('PropertyDefinition', () =>
  t.intersection([
    t.type({ name: t.string, dataType: t.readonlyArray(t.string) }),
    t.partial({
      description: orNull(t.string),
      tokenization: orNull(t.string),
      indexFilterable: orNull(t.boolean),
      indexSearchable: orNull(t.boolean),
      indexRangeFilters: orNull(t.boolean),
      moduleConfig: orNull(t.UnknownRecord),
      nestedProperties: orNull(t.readonlyArray(PropertyDefinition)),
    }),
  ]),
)

/**
 * A class definition. Only `class` is required; the server fills in defaults for the rest and
 * returns them on read. Every configuration part is typed (`lib/codecs/collection-config.ts`), and
 * what a server returns decodes into the same types, so a definition read from a server can be
 * changed and written back as it is.
 *
 * @example
 * ```ts
 * const article: ClassDefinition = {
 *   class: 'Article',
 *   vectorizer: 'none',
 *   properties: [{ name: 'title', dataType: ['text'] }, { name: 'writtenBy', dataType: ['Author'] }],
 *   vectorIndexType: 'hnsw',
 *   vectorIndexConfig: { distance: 'cosine', pq: { enabled: true, segments: 4 } },
 *   invertedIndexConfig: { bm25: { k1: 1.2, b: 0.75 }, indexNullState: true },
 *   multiTenancyConfig: { enabled: false },
 * }
 * ```
 */
export interface ClassDefinition {
  readonly class: string
  readonly description?: string | null
  readonly properties?: readonly PropertyDefinition[] | null
  /** The class vectorizer: `none` or a module name (not with `vectorConfig`). */
  readonly vectorizer?: string | null
  readonly vectorIndexType?: VectorIndexType | null
  readonly vectorIndexConfig?: VectorIndexConfig | null
  readonly moduleConfig?: ModuleConfig | null
  readonly invertedIndexConfig?: InvertedIndexConfig | null
  readonly replicationConfig?: ReplicationConfig | null
  readonly shardingConfig?: ShardingConfig | null
  readonly multiTenancyConfig?: MultiTenancyConfig | null
  /** Named vectors (1.24+), each under its name. */
  readonly vectorConfig?: Readonly<Record<string, NamedVectorConfig>> | null
  /** Object time-to-live (1.35+). */
  readonly objectTtlConfig?: ObjectTtlConfig | null
  /** Fields this version of the client does not model are kept as they came. */
  readonly [field: string]: unknown
}

/**
 * The codec of {@link ClassDefinition}.
 */
export const ClassDefinition: t.Type<ClassDefinition, ClassDefinition> = t.intersection([
  t.type({ class: t.string }),
  t.partial({
    description: orNull(t.string),
    properties: orNull(t.readonlyArray(PropertyDefinition)),
    vectorizer: orNull(t.string),
    vectorIndexType: orNull(VectorIndexTypeCodec),
    vectorIndexConfig: orNull(VectorIndexConfigCodec),
    moduleConfig: orNull(ModuleConfigCodec),
    invertedIndexConfig: orNull(InvertedIndexConfigCodec),
    replicationConfig: orNull(ReplicationConfigCodec),
    shardingConfig: orNull(ShardingConfigCodec),
    multiTenancyConfig: orNull(MultiTenancyConfigCodec),
    vectorConfig: orNull(t.record(t.string, NamedVectorConfigCodec)),
    objectTtlConfig: orNull(ObjectTtlConfigCodec),
  }),
])

/**
 * `GET /v1/schema`: the classes of the server.
 *
 * @example
 * ```ts
 * client.schema.get() // right({ classes: [{ class: 'Article', ... }] })
 * ```
 */
export interface Schema {
  readonly classes: readonly ClassDefinition[]
  readonly [field: string]: unknown
}

/**
 * The codec of {@link Schema}; a server with no classes may send `classes: null` or leave it out,
 * which decodes as `[]`.
 */
export const SchemaCodec: t.Decoder<unknown, Schema> = new t.Type<Schema, Schema, unknown>(
  'Schema',
  (u): u is Schema => typeof u === 'object' && u !== null && Array.isArray((u as { classes?: unknown }).classes),
  (u, c) => {
    const record = t.UnknownRecord.validate(u, c)
    if (record._tag === 'Left') return record
    const raw = record.right['classes']
    const classes = t.readonlyArray(ClassDefinition).validate(raw ?? [], t.appendContext(c, 'classes', ClassDefinition, raw))
    return classes._tag === 'Left' ? classes : t.success({ ...record.right, classes: classes.right })
  },
  t.identity,
)

/**
 * The activity status of a tenant as the client reports it. `ACTIVE`, `INACTIVE` and `OFFLOADED`
 * can be set; `OFFLOADING` and `ONLOADING` are set by the server while a tenant moves to or from
 * cloud storage. Servers store and return the legacy names (`HOT`, `COLD`, `FROZEN`, `FREEZING`,
 * `UNFREEZING`); every read maps them onto these names.
 *
 * @example
 * ```ts
 * const status: TenantActivityStatus = 'INACTIVE'
 * ```
 */
export type TenantActivityStatus = 'ACTIVE' | 'INACTIVE' | 'OFFLOADED' | 'OFFLOADING' | 'ONLOADING'

/**
 * The activity statuses a client may set. `OFFLOADED` needs Weaviate 1.26+ with the `offload-s3`
 * module enabled; without it the server refuses the change.
 *
 * @example
 * ```ts
 * const status: TenantActivityStatusInput = 'ACTIVE'
 * ```
 */
export type TenantActivityStatusInput = 'ACTIVE' | 'INACTIVE' | 'OFFLOADED'

/** Each status name a server may return, with the name the client reports. */
export const TENANT_STATUS_READ: Readonly<Record<string, TenantActivityStatus>> = {
  ACTIVE: 'ACTIVE',
  INACTIVE: 'INACTIVE',
  OFFLOADED: 'OFFLOADED',
  OFFLOADING: 'OFFLOADING',
  ONLOADING: 'ONLOADING',
  HOT: 'ACTIVE',
  COLD: 'INACTIVE',
  FROZEN: 'OFFLOADED',
  FREEZING: 'OFFLOADING',
  UNFREEZING: 'ONLOADING',
}

/** A status name from the server (new or legacy), decoded as the new name. */
const TenantActivityStatusCodec = new t.Type<TenantActivityStatus, string>(
  'TenantActivityStatus',
  (u): u is TenantActivityStatus => typeof u === 'string' && TENANT_STATUS_READ[u] === u,
  (u, c) => {
    const read = typeof u === 'string' && Object.prototype.hasOwnProperty.call(TENANT_STATUS_READ, u) ? TENANT_STATUS_READ[u] : undefined
    return read === undefined ? t.failure(u, c, `an unknown tenant activity status ${JSON.stringify(u)}`) : t.success(read)
  },
  t.identity,
)

/**
 * A tenant of a multi-tenant class as the server reports it. `activityStatus` (from Weaviate 1.21)
 * always reads as a {@link TenantActivityStatus}: the legacy names the server stores (`HOT`,
 * `COLD`, `FROZEN`, ...) are read as `ACTIVE`, `INACTIVE`, `OFFLOADED`, ....
 *
 * @example
 * ```ts
 * const tenant: Tenant = { name: 'tenantA', activityStatus: 'ACTIVE' }
 * ```
 */
export interface Tenant {
  readonly name: string
  readonly activityStatus?: TenantActivityStatus
  readonly [field: string]: unknown
}

/**
 * A tenant to create or update: a name, and optionally the status to set.
 *
 * @example
 * ```ts
 * const tenant: TenantInput = { name: 'tenantA', activityStatus: 'INACTIVE' }
 * ```
 */
export interface TenantInput {
  readonly name: string
  readonly activityStatus?: TenantActivityStatusInput
}

/**
 * The codec of {@link Tenant}; it decodes the legacy status names as the new ones.
 */
export const TenantCodec: t.Type<Tenant, unknown> = t.intersection([
  t.type({ name: t.string }),
  t.partial({ activityStatus: TenantActivityStatusCodec }),
])
