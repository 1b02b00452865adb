/**
 * The public argument types of the object operations, and the checks they share. Names are the
 * interface's names in camelCase (`data_object` -> `dataObject`, `class_name` -> `className`, ...).
 *
 * @packageDocumentation
 */
import { CallOptions } from '../context/context'
import { ArgumentValueError } from '../core/errors'
import {
  ConsistencyLevel,
  argumentKeys,
  boolean,
  consistencyLevel,
  name,
  optional,
  stringArray,
} from '../input/check'
import { DataSource, dataObject } from '../input/data-object'
import { className } from '../input/names'
import { uuid } from '../input/uuid'
import { CheckedNamedVectors, NamedVectorsInput, VectorInput, namedVectors, vector } from '../input/vectors'
import type { Sort } from '../input/sort'
import type { PropertiesCodec } from '../codecs/decode-object'

/**
 * The `codec` of a read: optional for the default, unchecked `Record<string, unknown>` properties,
 * and required as soon as the properties are typed as anything narrower, so a call cannot claim
 * checked properties it never checked (`getById<{ pages: number }>({ uuid })` does not compile;
 * `getById({ uuid, codec: Article })` infers the type from the codec).
 *
 * @example
 * ```ts
 * const Article = t.type({ title: t.string })
 * const options: CodecOption<t.TypeOf<typeof Article>> = { codec: Article }
 * ```
 */
export type CodecOption<P> = Record<string, unknown> extends P
  ? { /** io-ts codec of the properties; the result is typed by it. */ readonly codec?: PropertiesCodec<P> }
  : { /** io-ts codec of the properties; the result is typed by it. */ readonly codec: PropertiesCodec<P> }

/**
 * Properties inline, or a string: an http(s) URL or a path to a JSON file holding them.
 *
 * @example
 * ```ts
 * const inline: DataObjectInput = { title: 'Hello' }
 * const fromFile: DataObjectInput = './article.json'
 * const fromUrl: DataObjectInput = 'https://example.com/article.json'
 * ```
 */
export type DataObjectInput = Readonly<Record<string, unknown>> | string

/**
 * Arguments of `objects.create`.
 *
 * @example
 * ```ts
 * const args: CreateArgs = { className: 'Article', dataObject: { title: 'Hello' }, uuid: '36ddd591-2dee-4e7e-a3cc-eb86d30a4303' }
 * const named: CreateArgs = { className: 'Page', dataObject: { title: 'Hello' }, vectors: { title: [0.1, 0.2], colbert: [[0.1, 0.2], [0.3, 0.4]] } }
 * ```
 */
export interface CreateArgs extends CallOptions {
  readonly dataObject: DataObjectInput
  readonly className: string
  /** When given, the object is created under it; otherwise the server generates one. */
  readonly uuid?: string
  /** The object's vector (a class with one vector; a class with `vectorConfig` takes `vectors`). */
  readonly vector?: VectorInput
  /**
   * Named vectors (Weaviate 1.24+), by the names of the class's `vectorConfig`: a vector, or a
   * multi-vector (a list of vectors of one dimension, Weaviate 1.29+). Older servers would drop
   * them: the write fails with UnsupportedVersionError there, before anything is sent.
   */
  readonly vectors?: NamedVectorsInput
  readonly consistencyLevel?: ConsistencyLevel
  /** Tenant of a multi-tenant class (sent in the body). */
  readonly tenant?: string
  /** Create is a POST and is not retried unless marked safe here. With a `uuid`, a retry after a
   *  lost answer may report AlreadyExistsError for the object the first attempt created. */
  readonly idempotent?: boolean
}

/**
 * Arguments of `objects.getById`.
 *
 * @example
 * ```ts
 * const args: GetByIdArgs = { className: 'Article', uuid, withVector: true }
 * ```
 */
export type GetByIdArgs<P = Record<string, unknown>> = GetByIdFields & CodecOption<P>

/**
 * The fields of {@link GetByIdArgs} besides `codec`.
 *
 * @example
 * ```ts
 * const fields: GetByIdFields = { className: 'Article', uuid, withVector: true }
 * ```
 */
export interface GetByIdFields extends CallOptions {
  readonly uuid: string
  /** Strongly recommended from server 1.14. */
  readonly className?: string
  readonly additionalProperties?: readonly string[]
  readonly withVector?: boolean
  /** Node that must serve the read; excludes `consistencyLevel`. */
  readonly nodeName?: string
  readonly consistencyLevel?: ConsistencyLevel
  readonly tenant?: string
}

/**
 * Arguments of `objects.list`.
 *
 * @example
 * ```ts
 * const args: ListArgs = { className: 'Article', limit: 10, sort: { properties: 'title' } }
 * ```
 */
export type ListArgs<P = Record<string, unknown>> = ListFields & CodecOption<P>

/**
 * The fields of {@link ListArgs} besides `codec`.
 *
 * @example
 * ```ts
 * const fields: ListFields = { className: 'Article', limit: 10 }
 * ```
 */
export interface ListFields extends CallOptions {
  readonly className?: string
  readonly additionalProperties?: readonly string[]
  readonly withVector?: boolean
  readonly nodeName?: string
  readonly consistencyLevel?: ConsistencyLevel
  /** Maximum number of objects; 100 when absent. */
  readonly limit?: number
  /** Cursor: the last id of the previous page. Needs `limit` and `className`; excludes `offset` and `sort`. */
  readonly after?: string
  readonly offset?: number
  readonly sort?: Sort
  readonly tenant?: string
}

/**
 * Arguments of `objects.get`: a single object when `uuid` is given, else a list.
 *
 * @example
 * ```ts
 * const one: GetArgs = { className: 'Article', uuid }
 * const many: GetArgs = { className: 'Article', limit: 5 }
 * ```
 */
export type GetArgs<P = Record<string, unknown>> = ListArgs<P> & { readonly uuid?: string }

/**
 * Arguments of `objects.exists` and `objects.delete`.
 *
 * @example
 * ```ts
 * const args: AddressArgs = { className: 'Article', uuid }
 * ```
 */
export interface AddressArgs extends CallOptions {
  readonly uuid: string
  readonly className?: string
  readonly consistencyLevel?: ConsistencyLevel
  readonly tenant?: string
}

/**
 * Arguments of `objects.replace` and `objects.update`.
 *
 * @example
 * ```ts
 * const args: WriteArgs = { className: 'Article', uuid, dataObject: { title: 'New' } }
 * const named: WriteArgs = { className: 'Page', uuid, dataObject: { title: 'New' }, vectors: { colbert: [[0.1, 0.2]] } }
 * ```
 */
export interface WriteArgs extends CallOptions {
  readonly dataObject: DataObjectInput
  readonly className: string
  readonly uuid: string
  /** The object's vector (a class with one vector; a class with `vectorConfig` takes `vectors`). */
  readonly vector?: VectorInput
  /**
   * Named vectors (Weaviate 1.24+), by the names of the class's `vectorConfig`: a vector, or a
   * multi-vector (a list of vectors of one dimension, Weaviate 1.29+). Older servers would drop
   * them: the write fails with UnsupportedVersionError there, before anything is sent.
   */
  readonly vectors?: NamedVectorsInput
  readonly consistencyLevel?: ConsistencyLevel
  readonly tenant?: string
}

/**
 * Arguments of `objects.validate`.
 *
 * @example
 * ```ts
 * const args: ValidateArgs = { className: 'Article', dataObject: { title: 'x' } }
 * const named: ValidateArgs = { className: 'Page', dataObject: { title: 'x' }, vectors: { title: [0.1, 0.2] } }
 * ```
 */
export interface ValidateArgs extends CallOptions {
  readonly dataObject: DataObjectInput
  readonly className: string
  readonly uuid?: string
  /** The object's vector (a class with one vector; a class with `vectorConfig` takes `vectors`). */
  readonly vector?: VectorInput
  /**
   * Named vectors (Weaviate 1.24+), by the names of the class's `vectorConfig`: a vector, or a
   * multi-vector (a list of vectors of one dimension, Weaviate 1.29+). Older servers would drop
   * them: the write fails with UnsupportedVersionError there, before anything is sent.
   */
  readonly vectors?: NamedVectorsInput
}

const CALL = { retry: true, timeout: true, headers: true } as const

/** The keys of each object operation, tied to its public arguments type. */
export const OBJECT_KEYS = {
  create: argumentKeys<CreateArgs>('create', {
    dataObject: true,
    className: true,
    uuid: true,
    vector: true,
    vectors: true,
    consistencyLevel: true,
    tenant: true,
    idempotent: true,
    ...CALL,
  }),
  getById: argumentKeys<GetByIdArgs>('getById', {
    uuid: true,
    className: true,
    additionalProperties: true,
    withVector: true,
    nodeName: true,
    consistencyLevel: true,
    tenant: true,
    codec: true,
    ...CALL,
  }),
  list: argumentKeys<ListArgs>('list', {
    className: true,
    additionalProperties: true,
    withVector: true,
    nodeName: true,
    consistencyLevel: true,
    limit: true,
    after: true,
    offset: true,
    sort: true,
    tenant: true,
    codec: true,
    ...CALL,
  }),
  exists: argumentKeys<AddressArgs>('exists', { uuid: true, className: true, consistencyLevel: true, tenant: true, ...CALL }),
  delete: argumentKeys<AddressArgs>('delete', { uuid: true, className: true, consistencyLevel: true, tenant: true, ...CALL }),
  replace: argumentKeys<WriteArgs>('replace', { dataObject: true, className: true, uuid: true, vector: true, vectors: true, consistencyLevel: true, tenant: true, ...CALL }),
  update: argumentKeys<WriteArgs>('update', { dataObject: true, className: true, uuid: true, vector: true, vectors: true, consistencyLevel: true, tenant: true, ...CALL }),
  validate: argumentKeys<ValidateArgs>('validate', { dataObject: true, className: true, uuid: true, vector: true, vectors: true, ...CALL }),
} as const

/**
 * The keys of `objects.get`: a read of one object (`uuid` given) takes getById's, a list list's,
 * each under the name `get`.
 */
export const GET_KEYS = {
  byId: { ...OBJECT_KEYS.getById, operation: 'get (with uuid)' },
  list: { ...OBJECT_KEYS.list, operation: 'get (without uuid)' },
} as const

/** Checked fields of a read (getById/list). */
export interface ReadFields {
  readonly className: string | undefined
  readonly include: string | undefined
  readonly nodeName: string | undefined
  readonly consistencyLevel: ConsistencyLevel | undefined
  readonly tenant: string | undefined
}

/** Checks the fields getById and list share, including `nodeName` excluding `consistencyLevel`. */
export const readFields = (a: Record<string, unknown>): ReadFields => {
  const additional = optional(stringArray, 'additionalProperties', a['additionalProperties']) ?? []
  const withVector = optional(boolean, 'withVector', a['withVector']) ?? false
  const include = withVector ? [...additional, 'vector'] : additional
  const fields = {
    className: optional(className, 'className', a['className']),
    include: include.length > 0 ? include.join(',') : undefined,
    nodeName: optional(name, 'nodeName', a['nodeName']),
    consistencyLevel: optional(consistencyLevel, 'consistencyLevel', a['consistencyLevel']),
    tenant: optional(name, 'tenant', a['tenant']),
  }
  if (fields.nodeName !== undefined && fields.consistencyLevel !== undefined) {
    throw new ArgumentValueError({ argument: 'nodeName', reason: "'nodeName' and 'consistencyLevel' are mutually exclusive" })
  }
  return fields
}

/** Checked fields of a write (create/replace/update/validate). */
export interface WriteFields {
  readonly source: DataSource
  readonly className: string
  readonly vector: readonly number[] | undefined
  readonly vectors: CheckedNamedVectors | undefined
  readonly consistencyLevel: ConsistencyLevel | undefined
  readonly tenant: string | undefined
}

/** Checks the fields every write shares. */
export const writeFields = (a: Record<string, unknown>): WriteFields => ({
  className: className('className', a['className']),
  source: dataObject('dataObject', a['dataObject']),
  vector: optional(vector, 'vector', a['vector']),
  vectors: optional(namedVectors, 'vectors', a['vectors']),
  consistencyLevel: optional(consistencyLevel, 'consistencyLevel', a['consistencyLevel']),
  tenant: optional(name, 'tenant', a['tenant']),
})

/** Checked fields of exists/delete. */
export interface AddressFields {
  readonly uuid: string
  readonly className: string | undefined
  readonly consistencyLevel: ConsistencyLevel | undefined
  readonly tenant: string | undefined
}

/** Checks the fields exists and delete share. */
export const addressFields = (a: Record<string, unknown>): AddressFields => ({
  uuid: uuid('uuid', a['uuid']),
  className: optional(className, 'className', a['className']),
  consistencyLevel: optional(consistencyLevel, 'consistencyLevel', a['consistencyLevel']),
  tenant: optional(name, 'tenant', a['tenant']),
})
