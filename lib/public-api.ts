/**
 * The exports both entries of the package share (`index.ts` on Node, `web.ts` in browsers and
 * edge runtimes): everything but `connect`, its options and the options only Node can use.
 *
 * @packageDocumentation
 */
export type { OidcAuth } from './context/oidc/options'
export type { GrpcCarrier, TransportMode } from './input/transport-mode'
export type { BatchGrpcMethod } from './batch/grpc/batch-method'
export type { ObjectsApi } from './objects'
export type { Get } from './objects/get'
export type { PropertiesCodec } from './codecs/decode-object'
export type { CodecOption, GetByIdFields, ListFields } from './objects/args'
export type { StreamFields, VectorFormatOption } from './objects/stream'
export type { VectorFormat, VectorOf } from './input/vector-format'
export type {
  AddressArgs,
  CreateArgs,
  GetArgs,
  GetByIdArgs,
  ListArgs,
  ValidateArgs,
  StreamArgs,
  IterateArgs,
  CountArgs,
  BatchObject,
  BatchWritten,
  ObjectBatchOptions,
  DeleteManyArgs,
  DeleteManyProgress,
  ValidationResult,
  WriteArgs,
} from './objects'
export type { ReferencesApi, ReferenceArgs, ReplaceReferencesArgs, BatchReference, ReferenceBatchOptions, ReferenceWritten } from './references'
export type { GraphqlApi, QueryApi } from './query'
export type { GraphqlAnswer, GraphqlQuery, RawGraphqlArgs } from './query/raw-graphql'
export type { GraphqlErrorEntry } from './codecs/graphql'
export type {
  QueryCommon,
  NearVectorArgs,
  NearObjectArgs,
  NearTextArgs,
  NearTextMove,
  NearImageArgs,
  NearMediaArgs,
  MediaType,
  MediaInput,
  Bm25Args,
  HybridArgs,
  HybridVector,
  HybridNearVector,
  HybridNearText,
  VectorsPerTarget,
  SearchOperator,
  TargetCombination,
  MultiTargetVector,
  TargetVectorInput,
  FetchObjectsArgs,
  ReturnProperty,
  ReferenceMetadataField,
  ReturnReference,
  MetadataField,
  SearchGroupBy,
  GenerativeSearch,
  Rerank,
  SearchModules,
  Diversity,
  Boost,
  BoostCondition,
  DecayCurve,
} from './query/args'
export type { QueryProfile, SearchObject, SearchResult, SearchMetadata, SearchGroup } from './query/result'
export type {
  AggregateArgs,
  CountGroupBy,
  CountGroup,
  AggregateMetrics,
  AggregateSearch,
  PropertyMetrics,
  NumericMetric,
  TextMetric,
  BooleanMetric,
  DateMetric,
  ReferenceMetric,
} from './query/aggregate-args'
export type {
  AggregateOf,
  AggregatedMetrics,
  BooleanAggregate,
  CountAnswer,
  DateAggregate,
  GroupAnswer,
  MetricsGroup,
  MetricsOf,
  NumericAggregate,
  PropertyAggregate,
  PropertyAggregateByKind,
  ReferenceAggregate,
  SomePropertyAggregate,
  TextAggregate,
  TopOccurrence,
} from './query/aggregate-result'
export type { Aggregate, AggregateResult } from './query/aggregate'
export { uuidFromKey } from './objects/batch'
export type { BatchOptions, BatchProgress } from './batch/options'
export type { OnProgress, Progress } from './core/progress'
export type { BatchSource } from './batch/source'
export type { Where, WhereComparison, WhereCount, WhereLeaf, WhereOperator, WhereShape, WhereTime, WhereValue } from './input/where'
export type {
  BoundKey,
  Collection,
  CollectionAddressArgs,
  CollectionAggregate,
  CollectionAggregateArgs,
  CollectionAggregateOverAll,
  CollectionBatchObject,
  CollectionBatchReference,
  CollectionConfig,
  CollectionCountArgs,
  CollectionData,
  CollectionDeleteManyArgs,
  CollectionFilter,
  CollectionGetByIdArgs,
  CollectionListArgs,
  CollectionOptions,
  CollectionQuery,
  CollectionReferenceArgs,
  CollectionReplaceReferencesArgs,
  CollectionSearch,
  CollectionSearchArgs,
  CollectionStreamArgs,
  CollectionTenants,
  CollectionValidateArgs,
  CountFilter,
  FilterValueOf,
  GeoCoordinates,
  GeoFilter,
  InsertArgs,
  LengthPropertyOf,
  PropertyFilter,
  PropertyName,
  ReferenceFilter,
  ReferenceNameOf,
  ReplaceArgs,
  TimeFilter,
  TypedReturnProperty,
  UpdateArgs,
  ValueFilter,
} from './collection'
export type { ConfigChange, SchemaApi, ShardStatus, ShardStatusInput, RebuildIndexOptions, PropertyIndexConfig, PropertyIndexUpsert, UpsertPropertyIndexOptions, TenantsApi, TokenizeArgs, Tokenization } from './schema'
export type {
  BQConfig,
  DynamicIndexConfig,
  FlatCompressionConfig,
  FlatIndexConfig,
  HFreshIndexConfig,
  HnswIndexConfig,
  InvertedIndexConfig,
  ModuleConfig,
  ModuleSettings,
  MultiTenancyConfig,
  MultivectorConfig,
  MuveraConfig,
  NamedVectorConfig,
  ObjectTtlConfig,
  PQConfig,
  RQConfig,
  Ref2VecCentroidConfig,
  ReplicationConfig,
  SQConfig,
  ShardingConfig,
  StopwordConfig,
  VectorDistance,
  VectorIndexConfig,
  VectorIndexType,
  VectorizerConfig,
} from './codecs/collection-config'
export type {
  GenerativeAnthropicConfig,
  GenerativeAWSConfig,
  GenerativeCohereConfig,
  GenerativeDatabricksConfig,
  GenerativeGoogleConfig,
  GenerativeMistralConfig,
  GenerativeNvidiaConfig,
  GenerativeOllamaConfig,
  GenerativeOpenAIConfig,
  GenerativeXAIConfig,
  GoogleTaskType,
  Multi2VecGoogleConfig,
  ProviderModuleName,
  ProviderModules,
  ProviderVectorizers,
  RerankerCohereConfig,
  Text2VecAWSConfig,
  Text2VecCohereConfig,
  Text2VecDatabricksConfig,
  Text2VecGoogleConfig,
  Text2VecHuggingFaceConfig,
  Text2VecJinaAIConfig,
  Text2VecMistralConfig,
  Text2VecNvidiaConfig,
  Text2VecOllamaConfig,
  Text2VecOpenAIConfig,
  Text2VecVoyageAIConfig,
  Text2VecWeaviateConfig,
} from './codecs/provider-config'
export type { ClassDefinition, PropertyDefinition, Schema, Tenant, TenantActivityStatus, TenantActivityStatusInput, TenantInput } from './codecs/class-definition'
export type { IndexStatus, PropertyIndexState, PropertyIndexStatus, PropertyIndexType, PropertyIndexes } from './codecs/index-status'
export type { TokenizeResult } from './codecs/tokenize'
export type { DistributedTask, DistributedTaskStatus, DistributedTaskUnit, DistributedTasks, IndexTaskAnswer } from './codecs/distributed-task'
export type { BackupApi } from './backup'
export type {
  BackupBackend,
  BackupCancelArgs,
  BackupCompressionLevel,
  BackupCreateArgs,
  BackupListArgs,
  BackupListEntry,
  BackupLocation,
  BackupRestoreArgs,
  BackupStatus,
  BackupWatchOptions,
  RestoreAccessOption,
} from './backup/args'
export type { BackupState } from './codecs/backup'
export type { ExportApi } from './backup/export'
export type { ExportCreateArgs, ExportFileFormat, ExportLocation, ExportShardProgress, ExportStatus } from './backup/export/args'
export type { ExportShardState, ExportState } from './codecs/export'
export type { ClassificationsApi } from './classifications'
export type { Classification, ClassificationArgs, ClassificationScheduleArgs } from './classifications/args'
export type { ClassificationState } from './codecs/classification'
export type { ClusterApi, NamespacesApi, ReplicationsApi } from './cluster'
export type { Namespace, NamespaceArgs, NamespaceCreateArgs, NamespaceUpdateArgs } from './cluster/namespaces/args'
export type { NamespaceState } from './codecs/namespace'
export type { HealthApi } from './cluster/health'
export type {
  ApplyScalePlanArgs,
  ClusterStatistics,
  NodeShardStatus,
  NodeStatistics,
  NodeStatus,
  NodesArgs,
  NodesOutput,
  ReplicateArgs,
  ReplicationFollowArgs,
  ReplicationForceDeleteArgs,
  ReplicationForceDeleteResult,
  ReplicationGetArgs,
  ReplicationIdArgs,
  ReplicationListArgs,
  ReplicationOperation,
  ReplicationScalePlan,
  ReplicationStatus,
  ReplicationType,
  ReplicationWatchOptions,
  ScalePlanApplied,
  ScalePlanArgs,
  ShardIndexingState,
  ShardScaleAction,
  ShardingState,
  ShardingStateArgs,
  VectorIndexingState,
  WaitForVectorIndexingArgs,
} from './cluster/args'
export type { ReplicationState } from './codecs/cluster'
export { isReplicationDisabledError } from './cluster/request'
export { isReferenceProperty } from './codecs/class-definition'
export type { AliasesApi } from './aliases'
export type {
  AliasesPermission,
  AssignedRolesOptions,
  BackupsPermission,
  ClusterPermission,
  CollectionsPermission,
  CrudAction,
  DataPermission,
  DbUser,
  DbUserReadOptions,
  DbUsersApi,
  DeactivateOptions,
  GroupAssignment,
  GroupsApi,
  GroupsPermission,
  McpPermission,
  NamespacesPermission,
  NodesPermission,
  OtherPermission,
  OwnInfo,
  Permission,
  PermissionKind,
  ReplicationPermission,
  Role,
  RolesApi,
  RolesPermission,
  TenantsPermission,
  UserAssignment,
  UserRoleOptions,
  UserType,
  UsersApi,
  UsersPermission,
} from './access'
export type { Alias } from './codecs/alias'
export type { CallOptions } from './transport/http/types'
export type { ConsistencyLevel } from './input/check'
export type { Sort } from './input/sort'
export type { DataObjectInput } from './objects/args'
export type { MultiVectorInput, NamedVectorsInput, VectorInput } from './input/vectors'
export * from './core/errors/guards'
export { isGraphqlDisabledError } from './query/graphql/request'
export type {
  AlreadyExistsError,
  ArgumentError,
  ArgumentTypeError,
  ArgumentValueError,
  BatchObjectError,
  BatchReferenceError,
  ClassAlreadyExistsError,
  ConnectionError,
  DecodeError,
  ForbiddenError,
  ErrorProps,
  ErrorTag,
  HttpMethod,
  RefreshTokenRejectedError,
  SignInError,
  StreamPartitionError,
  TenantsPartialError,
  TaggedError,
  TimeoutError,
  TlsError,
  TlsFailureReason,
  UnexpectedStatusError,
  UnsupportedVersionError,
  WeaviateError,
} from './core/errors'
export { OE, firstRight, rightOrThrow } from './core/observable-either'
export type { ObservableEither } from './core/observable-either'
export type { NamedVectors, WeaviateObject } from './codecs/object'
export { parseBeacon, referencesOf } from './codecs/reference'
export { float32sAsJson } from './codecs/float32-shortest'
export type { ParsedReference } from './codecs/reference'
export type { Meta } from './codecs/meta'
export type { RetryOptions, TimeoutOptions } from './transport/http/types'
export type { PageProgress, Pacer, UuidRange } from './paging'
export { EVENT_CHANNELS } from './observe/events'
export type {
  EventChannel,
  EventPayloads,
  FailoverEvent,
  FallbackEvent,
  OperationEndEvent,
  OperationStartEvent,
  RequestEndEvent,
  RequestStartEvent,
  RetryEvent,
} from './observe/events'
export type { LogLevel, LogRecord, LoggerOption } from './observe/logger'
export type { ObservabilityOptions } from './observe/observability'
export type { OpenTelemetryApi } from './observe/otel'
export type { FallbackKind, TransportName } from './observe/probe'
