/**
 * `client.schema`: the classes around the objects.
 *
 * @packageDocumentation
 */
import { ClassDefinition, PropertyDefinition, Schema } from '../codecs/class-definition'
import { ShardStatus, ShardStatusInput } from '../codecs/collection-config'
import { CallOptions, OperationContext } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { addProperty } from './add-property'
import { createClass } from './create-class'
import { deleteClass } from './delete-class'
import { getSchema } from './get'
import { classExists, getClass } from './get-class'
import { getShards, updateShard } from './shards'
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
  /** The shards of a class with their status (`READY`, `READONLY`, `INDEXING`, ...). */
  readonly getShards: (className: string, options?: CallOptions) => ObservableEither<WeaviateError, readonly ShardStatus[]>
  /** Sets one shard's status; emits the status set. */
  readonly updateShard: (
    className: string,
    shard: string,
    status: ShardStatusInput,
    options?: CallOptions,
  ) => ObservableEither<WeaviateError, ShardStatusInput>
  readonly addProperty: (
    className: string,
    property: PropertyDefinition,
    options?: CallOptions,
  ) => ObservableEither<WeaviateError, PropertyDefinition>
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
  addProperty: addProperty(ctx),
  getShards: getShards(ctx),
  updateShard: updateShard(ctx),
})

export type { ConfigChange } from './update-config'
export type { TenantsApi } from './tenants'
export { tenantsApi } from './tenants'
