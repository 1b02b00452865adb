// TypeDoc plugin (typedoc.json "plugin"): the category of every public export, so the API
// reference is grouped by what a user looks for (Client, Objects, Query, ...) instead of by kind.
//
// The categories belong in `@category` tags on the declarations in lib/. They live here for now
// because lib/ is being re-cut into new folders and tags added there meanwhile would conflict;
// /work/notes/docs-lib-followups.md lists moving them. The plugin adds the tag of this table to
// each export that has none, and warns about an export the table does not name, so with
// `treatWarningsAsErrors` a new export cannot land without a category.
import { Comment, CommentTag, Converter, ReflectionKind } from 'typedoc'

/** Category -> the exports of one entry in it, per entry (TypeDoc's module name). */
const CATEGORIES = {
  index: {
    Client: [
      'connect', 'Client', 'ConnectOptions', 'TlsOptions', 'OidcAuth', 'TransportMode', 'CallOptions', 'RetryOptions', 'TimeoutOptions',
      'ConsistencyLevel', 'Meta', 'OnProgress', 'Progress',
    ],
    Objects: [
      'ObjectsApi', 'Get', 'PropertiesCodec', 'CodecOption', 'GetByIdFields', 'ListFields', 'AddressArgs', 'CreateArgs',
      'GetArgs', 'GetByIdArgs', 'ListArgs', 'ValidateArgs', 'ValidationResult', 'WriteArgs', 'CountArgs', 'DataObjectInput',
      'MultiVectorInput', 'NamedVectorsInput', 'VectorInput', 'NamedVectors', 'WeaviateObject', 'Sort', 'VectorFormat',
      'VectorOf', 'float32sAsJson',
    ],
    References: ['ReferencesApi', 'ReferenceArgs', 'ReplaceReferencesArgs', 'parseBeacon', 'referencesOf', 'ParsedReference'],
    Query: [
      'QueryApi', 'QueryCommon', 'NearVectorArgs', 'NearObjectArgs',
      'NearTextArgs', 'NearTextMove', 'NearImageArgs', 'NearMediaArgs', 'MediaType', 'MediaInput', 'Bm25Args', 'HybridArgs', 'SearchOperator',
      'TargetCombination', 'FetchObjectsArgs', 'ReturnProperty', 'ReturnReference', 'MetadataField', 'SearchGroupBy',
      'SearchObject', 'SearchResult', 'SearchMetadata', 'SearchGroup', 'QueryProfile', 'Where', 'WhereOperator', 'WhereValue', 'WhereLeaf', 'WhereShape', 'WhereTime', 'WhereCount', 'WhereComparison',
    ],
    Generative: ['GenerativeSearch', 'Rerank', 'SearchModules'],
    Aggregate: [
      'AggregateArgs', 'CountGroupBy', 'CountGroup', 'Aggregate', 'AggregateResult', 'AggregateMetrics', 'AggregateSearch',
      'PropertyMetrics', 'NumericMetric', 'TextMetric', 'BooleanMetric', 'DateMetric', 'ReferenceMetric', 'AggregateOf',
      'AggregatedMetrics', 'BooleanAggregate', 'CountAnswer', 'DateAggregate', 'GroupAnswer', 'MetricsGroup', 'MetricsOf',
      'NumericAggregate', 'PropertyAggregate', 'PropertyAggregateByKind', 'ReferenceAggregate', 'SomePropertyAggregate', 'TextAggregate',
      'TopOccurrence',
    ],
    Batch: [
      'BatchObject', 'BatchWritten', 'ObjectBatchOptions', 'DeleteManyArgs', 'DeleteManyProgress', 'BatchReference',
      'ReferenceBatchOptions', 'ReferenceWritten', 'uuidFromKey', 'BatchOptions', 'BatchProgress', 'BatchSource',
      'BatchGrpcMethod',
    ],
    'Collection handle': [
      'Collection', 'CollectionOptions', 'CollectionData', 'CollectionQuery', 'CollectionSearch', 'CollectionSearchArgs',
      'CollectionAggregate', 'CollectionAggregateOverAll', 'CollectionAggregateArgs', 'CollectionCountArgs', 'CollectionTenants',
      'CollectionConfig', 'CollectionFilter', 'PropertyFilter', 'ValueFilter', 'GeoFilter', 'GeoCoordinates', 'FilterValueOf',
      'CountFilter', 'TimeFilter', 'LengthPropertyOf', 'ReferenceNameOf',
      'PropertyName', 'TypedReturnProperty', 'BoundKey', 'InsertArgs', 'ReplaceArgs', 'UpdateArgs', 'CollectionValidateArgs',
      'CollectionBatchObject', 'CollectionAddressArgs', 'CollectionGetByIdArgs', 'CollectionListArgs', 'CollectionDeleteManyArgs',
      'CollectionStreamArgs', 'CollectionReferenceArgs', 'CollectionReplaceReferencesArgs', 'CollectionBatchReference',
    ],
    Streaming: ['StreamArgs', 'IterateArgs', 'StreamFields', 'VectorFormatOption', 'PageProgress', 'Pacer', 'UuidRange'],
    Operations: [
      'BackupApi', 'BackupBackend', 'BackupCancelArgs', 'BackupCompressionLevel', 'BackupCreateArgs', 'BackupListArgs',
      'BackupListEntry', 'BackupLocation', 'BackupRestoreArgs', 'BackupState', 'BackupStatus', 'BackupWatchOptions',
      'RestoreAccessOption',
    ],
    Cluster: [
      'ClusterApi', 'ReplicationsApi', 'DistributedTask', 'DistributedTaskStatus', 'DistributedTaskUnit', 'DistributedTasks', 'ClusterStatistics', 'NodeShardStatus', 'NodeStatistics', 'NodeStatus', 'NodesArgs',
      'NodesOutput', 'ReplicateArgs', 'ReplicationFollowArgs', 'ReplicationForceDeleteArgs', 'ReplicationForceDeleteResult',
      'ReplicationGetArgs', 'ReplicationIdArgs', 'ReplicationListArgs', 'ReplicationOperation', 'ReplicationState',
      'ReplicationStatus', 'ReplicationType', 'ReplicationWatchOptions', 'ShardingState', 'ShardingStateArgs',
      'ApplyScalePlanArgs', 'ReplicationScalePlan', 'ScalePlanApplied', 'ScalePlanArgs', 'ShardScaleAction',
      'isReplicationDisabledError',
    ],
    Schema: ['SchemaApi', 'ShardStatus', 'ShardStatusInput', 'IndexStatus', 'PropertyIndexes', 'PropertyIndexStatus', 'PropertyIndexState', 'PropertyIndexType', 'Tokenization', 'TokenizeArgs', 'TokenizeResult', 'RebuildIndexOptions', 'IndexTaskAnswer', 'TenantsApi', 'ClassDefinition', 'PropertyDefinition', 'Schema', 'Tenant', 'TenantActivityStatus', 'TenantActivityStatusInput', 'TenantInput', 'isReferenceProperty'],
    'Collection config': [
      'ConfigChange', 'VectorIndexType', 'VectorDistance', 'VectorIndexConfig', 'HnswIndexConfig', 'FlatIndexConfig',
      'FlatCompressionConfig', 'DynamicIndexConfig', 'HFreshIndexConfig', 'PQConfig', 'BQConfig', 'SQConfig', 'RQConfig',
      'MultivectorConfig', 'MuveraConfig', 'NamedVectorConfig', 'ModuleConfig', 'ModuleSettings', 'Ref2VecCentroidConfig',
      'ReplicationConfig', 'ShardingConfig', 'MultiTenancyConfig', 'InvertedIndexConfig', 'StopwordConfig', 'ObjectTtlConfig',
    ],
    Aliases: ['AliasesApi', 'Alias'],
    'Access control': [
      'RolesApi', 'UsersApi', 'DbUsersApi', 'GroupsApi', 'Role', 'Permission', 'PermissionKind', 'CrudAction', 'OtherPermission',
      'AliasesPermission', 'BackupsPermission', 'ClusterPermission', 'CollectionsPermission', 'DataPermission',
      'GroupsPermission', 'McpPermission', 'NamespacesPermission', 'NodesPermission', 'ReplicationPermission', 'RolesPermission', 'TenantsPermission',
      'UsersPermission', 'UserAssignment', 'GroupAssignment', 'UserType', 'UserRoleOptions', 'AssignedRolesOptions',
      'DbUser', 'DbUserReadOptions', 'DeactivateOptions', 'OwnInfo',
    ],
    Errors: [
      'isWeaviateError', 'isGraphqlDisabledError', 'isArgumentError', 'isArgumentTypeError', 'isArgumentValueError', 'isConnectionError', 'isTlsError',
      'isTimeoutError', 'isUnexpectedStatusError', 'isForbiddenError', 'ForbiddenError', 'isAlreadyExistsError', 'isDecodeError', 'isUnsupportedVersionError',
      'isClassAlreadyExistsError', 'isBatchObjectError', 'isBatchReferenceError', 'isStreamPartitionError', 'isSignInError', 'isRefreshTokenRejectedError', 'WeaviateError', 'AlreadyExistsError', 'ArgumentError', 'ArgumentTypeError', 'ArgumentValueError',
      'BatchObjectError', 'BatchReferenceError', 'ClassAlreadyExistsError', 'ConnectionError', 'DecodeError', 'ErrorProps',
      'ErrorTag', 'HttpMethod', 'RefreshTokenRejectedError', 'SignInError', 'StreamPartitionError', 'TaggedError', 'TimeoutError', 'TlsError', 'TlsFailureReason',
      'UnexpectedStatusError', 'UnsupportedVersionError',
    ],
    'Either kit': ['OE', 'firstRight', 'rightOrThrow', 'ObservableEither'],
  },
  paging: {
    Paging: [
      'createPacer', 'Pacer', 'paginateAfter', 'PageProgress', 'PaginateOptions', 'BufferOverflowError',
      'isBufferOverflowError', 'toAsyncIterable', 'ToAsyncIterableOptions', 'MAX_PARTITIONS', 'uuidInRange',
      'uuidPartitions', 'UuidRange',
    ],
  },
  embedded: {
    Embedded: [
      'startEmbedded', 'EmbeddedWeaviate', 'startEmbeddedCluster', 'EmbeddedCluster', 'EmbeddedNode', 'resolveBinary',
      'EmbeddedError', 'formatEmbeddedError', 'isEmbeddedError', 'EmbeddedErrorProps', 'EmbeddedErrorReason',
      'DEFAULT_VERSION', 'BinaryOptions', 'EmbeddedClusterOptions', 'EmbeddedOptions', 'LogSink', 'ServerOptions',
      'ServerPorts', 'AuthMode', 'RbacOption', 'EmbeddedClusterConnection', 'EmbeddedConnection', 'EmbeddedTls', 'EmbeddedTlsOptions', 'EmbeddedOidc',
    ],
  },
}

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const module of context.project.getChildrenByKind(ReflectionKind.Module)) {
      const table = CATEGORIES[module.name]
      if (table === undefined) {
        app.logger.warn(`typedoc-categories: no categories for the entry ${module.name}`)
        continue
      }
      const categoryOf = new Map(Object.entries(table).flatMap(([category, names]) => names.map((name) => [name, category])))
      for (const child of module.children ?? []) {
        if (child.kindOf(ReflectionKind.Reference)) continue
        const category = categoryOf.get(child.name)
        if (category === undefined) {
          app.logger.warn(`typedoc-categories: ${module.name} exports ${child.name}, which has no category (add it to typedoc-categories.mjs)`)
          continue
        }
        const has = (comment) => comment?.blockTags.some((tag) => tag.tag === '@category') === true
        if (has(child.comment) || (child.signatures ?? []).some((signature) => has(signature.comment))) continue
        const tag = new CommentTag('@category', [{ kind: 'text', text: category }])
        if (child.comment === undefined) child.comment = new Comment([], [tag])
        else child.comment.blockTags.push(tag)
      }
    }
  })
}
