/**
 * `client.schema`: the classes around the objects.
 *
 * @packageDocumentation
 */
import { ClassDefinition, PropertyDefinition, Schema } from '../codecs/class-definition'
import { IndexStatus, PropertyIndexType } from '../codecs/index-status'
import { TokenizeResult } from '../codecs/tokenize'
import { DistributedTask, IndexTaskAnswer } from '../codecs/distributed-task'
import { CallOptions, OperationContext } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { addProperty } from './add-property'
import { createClass } from './create-class'
import { deleteAll } from './delete-all'
import { deleteClass } from './delete-class'
import { getSchema } from './get'
import { classExists, getClass } from './get-class'
import { deletePropertyIndex } from './delete-property-index'
import { deleteVectorIndex } from './delete-vector-index'
import { ShardStatus, getShards } from './get-shards'
import { indexStatus } from './index-status'
import { ShardStatusInput, updateShardStatus } from './update-shard-status'
import { TokenizeArgs, tokenize, tokenizeProperty } from './tokenize'
import { cancelIndexRebuild } from './cancel-index-rebuild'
import { RebuildIndexOptions, rebuildIndex } from './rebuild-index'
import { PropertyIndexConfig, PropertyIndexUpsert, UpsertPropertyIndexOptions, upsertPropertyIndex } from './upsert-index'
import { updateClass } from './update-class'
import { ConfigChange, updateConfig } from './update-config'

/**
 * `client.schema`. Each operation takes per-call `retry`/`timeout` options as its last argument.
 *
 * @example
 * ```ts
 * await firstRight(client.schema.createClass({ class: 'Article', vectorizer: 'none', properties: [{ name: 'title', dataType: ['text'] }] }))
 * const article = await firstRight(client.schema.getClass('Article'))
 * ```
 */
export interface SchemaApi {
  readonly get: (options?: CallOptions) => ObservableEither<WeaviateError, Schema>
  readonly getClass: (className: string, options?: CallOptions) => ObservableEither<WeaviateError, ClassDefinition | null>
  readonly exists: (className: string, options?: CallOptions) => ObservableEither<WeaviateError, boolean>
  readonly createClass: (definition: ClassDefinition, options?: CallOptions) => ObservableEither<WeaviateError, ClassDefinition>
  readonly updateClass: (definition: ClassDefinition, options?: CallOptions) => ObservableEither<WeaviateError, ClassDefinition>
  /**
   * Changes only the settings `change` names (read, merge, check, write); see {@link ConfigChange}.
   */
  readonly updateConfig: (className: string, change: ConfigChange, options?: CallOptions) => ObservableEither<WeaviateError, ClassDefinition>
  readonly deleteClass: (className: string, options?: CallOptions) => ObservableEither<WeaviateError, void>
  /**
   * Deletes every class with all its objects (`GET /v1/schema`, then `DELETE /v1/schema/<Class>`
   * for each), as the official clients' `collections.deleteAll`: emits the names deleted. The
   * first deletion that fails is the Left; the classes after it stay.
   */
  readonly deleteAll: (options?: CallOptions) => ObservableEither<WeaviateError, readonly string[]>
  readonly addProperty: (
    className: string,
    property: PropertyDefinition,
    options?: CallOptions,
  ) => ObservableEither<WeaviateError, PropertyDefinition>
  /** The shards of a class and their status (`GET /v1/schema/<Class>/shards`). */
  readonly getShards: (className: string, options?: CallOptions) => ObservableEither<WeaviateError, readonly ShardStatus[]>
  /**
   * Sets the status of one shard (`PUT /v1/schema/<Class>/shards/<shard>`): `'READONLY'` to stop
   * writes, `'READY'` to take them again. The answer is the status the server now holds.
   */
  readonly updateShardStatus: (
    className: string,
    shard: string,
    status: ShardStatusInput,
    options?: CallOptions,
  ) => ObservableEither<WeaviateError, string>
  /**
   * Drops one inverted index of a property (`DELETE /v1/schema/<Class>/properties/<property>/index/<index>`,
   * Weaviate 1.36+): filters (`filterable`), keyword searches (`searchable`) or range filters
   * (`rangeFilters`) on it are refused by the server afterwards; the values stay.
   */
  readonly deletePropertyIndex: (
    className: string,
    property: string,
    index: PropertyIndexType,
    options?: CallOptions,
  ) => ObservableEither<WeaviateError, void>
  /**
   * Drops the index of a named vector (`DELETE /v1/schema/<Class>/vectors/<vector>/index`, Weaviate
   * 1.37+, on a server started with `ENABLE_EXPERIMENTAL_ALTER_SCHEMA_DROP_VECTOR_INDEX_ENDPOINT=true`):
   * its `vectorIndexType` becomes `'none'` and searches on it are refused.
   */
  readonly deleteVectorIndex: (className: string, vector: string, options?: CallOptions) => ObservableEither<WeaviateError, void>
  /** Each property of a class with its inverted indexes and their state (`GET /v1/schema/<Class>/indexes`, Weaviate 1.38+). */
  readonly indexStatus: (className: string, options?: CallOptions) => ObservableEither<WeaviateError, IndexStatus>
  /**
   * Tokenizes a text as the inverted index would with the given tokenization, text analyzer and
   * stopwords (`POST /v1/tokenize`, Weaviate 1.37+); nothing is stored.
   */
  readonly tokenize: (args: TokenizeArgs) => ObservableEither<WeaviateError, TokenizeResult>
  /**
   * Tokenizes a text as one property is indexed and searched: its tokenization, text analyzer and
   * its class's stopwords (`POST /v1/schema/<Class>/properties/<property>/tokenize`, Weaviate 1.37+).
   */
  readonly tokenizeProperty: (className: string, property: string, text: string, options?: CallOptions) => ObservableEither<WeaviateError, TokenizeResult>
  /**
   * Rebuilds one inverted index of a property from the stored objects, its configuration unchanged
   * (`POST /v1/schema/<Class>/properties/<property>/index/<index>/rebuild`, Weaviate 1.39+), and
   * follows the reindex task (`GET /v1/tasks`) to `FINISHED`; `FAILED` and `CANCELLED` end as one Left.
   */
  readonly rebuildIndex: (
    className: string,
    property: string,
    index: PropertyIndexType,
    options?: RebuildIndexOptions,
  ) => ObservableEither<WeaviateError, DistributedTask>
  /**
   * Creates or migrates one inverted index of a property to `config`
   * (`PUT /v1/schema/<Class>/properties/<property>/index/<index>`, Weaviate 1.39+): `{ changed: false }`
   * when it already is so, else the reindex task's reads to `FINISHED` (`GET /v1/tasks`).
   */
  readonly upsertPropertyIndex: (
    className: string,
    property: string,
    index: PropertyIndexType,
    config?: PropertyIndexConfig,
    options?: UpsertPropertyIndexOptions,
  ) => ObservableEither<WeaviateError, PropertyIndexUpsert>
  /**
   * Stops the reindex task running on one inverted index of a property
   * (`POST /v1/schema/<Class>/properties/<property>/index/<index>/cancel`, Weaviate 1.39+):
   * `CANCELLED` with its id, or `NO_OP` when none runs.
   */
  readonly cancelIndexRebuild: (
    className: string,
    property: string,
    index: PropertyIndexType,
    options?: CallOptions,
  ) => ObservableEither<WeaviateError, IndexTaskAnswer>
}

/**
 * Binds the schema operations to a client context.
 */
export const schemaApi = (ctx: OperationContext): SchemaApi => ({
  get: getSchema(ctx),
  getClass: getClass(ctx),
  exists: classExists(ctx),
  createClass: createClass(ctx),
  updateClass: updateClass(ctx),
  updateConfig: updateConfig(ctx),
  deleteClass: deleteClass(ctx),
  deleteAll: deleteAll(ctx),
  addProperty: addProperty(ctx),
  getShards: getShards(ctx),
  updateShardStatus: updateShardStatus(ctx),
  deletePropertyIndex: deletePropertyIndex(ctx),
  deleteVectorIndex: deleteVectorIndex(ctx),
  indexStatus: indexStatus(ctx),
  tokenize: tokenize(ctx),
  tokenizeProperty: tokenizeProperty(ctx),
  rebuildIndex: rebuildIndex(ctx),
  upsertPropertyIndex: upsertPropertyIndex(ctx),
  cancelIndexRebuild: cancelIndexRebuild(ctx),
})

export type { ShardStatus } from './get-shards'
export type { ShardStatusInput } from './update-shard-status'
export type { ConfigChange } from './update-config'
export type { TokenizeArgs, Tokenization } from './tokenize'
export type { RebuildIndexOptions } from './rebuild-index'
export type { PropertyIndexConfig, PropertyIndexUpsert, UpsertPropertyIndexOptions } from './upsert-index'
export type { TenantsApi } from './tenants'
export { tenantsApi } from './tenants'
