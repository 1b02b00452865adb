// Public surface of weaviate-rx: re-exports only.
export { connect } from './client'
export type { Client, ConnectOptions } from './client'
export type { ObjectsApi } from './objects'
export type {
  AddressArgs,
  CreateArgs,
  GetArgs,
  GetByIdArgs,
  ListArgs,
  ValidateArgs,
  StreamArgs,
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
export { uuidFromKey } from './objects/batch'
export type { BatchOptions, BatchProgress } from './batch/options'
export type { BatchSource } from './batch/source'
export { WhereCodec } from './filters/where'
export type { Where, WhereOperator } from './filters/where'
export type { SchemaApi, TenantsApi } from './schema'
export { ClassDefinition, PropertyDefinition, SchemaCodec, TenantCodec } from './codecs/class-definition'
export type { Schema, Tenant } from './codecs/class-definition'
export type { CallOptions } from './context'
export type { ConsistencyLevel } from './input/check'
export type { Sort } from './input/sort'
export type { DataObjectInput } from './objects/args'
export {
  AlreadyExistsError,
  ArgumentTypeError,
  ArgumentValueError,
  ConnectionError,
  DecodeError,
  TimeoutError,
  UnexpectedStatusError,
  UnsupportedVersionError,
  ClassAlreadyExistsError,
  BatchObjectError,
  BatchReferenceError,
  formatError,
  isAlreadyExistsError,
  isClassAlreadyExistsError,
  isBatchObjectError,
  isBatchReferenceError,
  isArgumentError,
  isArgumentTypeError,
  isArgumentValueError,
  isConnectionError,
  isDecodeError,
  isTimeoutError,
  isUnexpectedStatusError,
  isUnsupportedVersionError,
  isWeaviateError,
} from './errors'
export type {
  AlreadyExistsErrorProps,
  ArgumentError,
  ArgumentTypeErrorProps,
  ArgumentValueErrorProps,
  ClassAlreadyExistsErrorProps,
  BatchObjectErrorProps,
  BatchReferenceErrorProps,
  ConnectionErrorProps,
  DecodeErrorProps,
  ErrorDescription,
  HttpMethod,
  TimeoutErrorProps,
  UnexpectedStatusErrorProps,
  UnsupportedVersionErrorProps,
  WeaviateError,
} from './errors'
export { OE } from './observable-either'
export { firstRight, rightOrThrow } from './observable-either'
export type { ObservableEither } from './observable-either'
export type { WeaviateObject } from './codecs/object'
export { ReferenceEntry, parseBeacon, referencesOf } from './codecs/reference'
export type { ParsedReference } from './codecs/reference'
export type { Meta } from './codecs/meta'
export type { RetryOptions, TimeoutOptions } from './http/types'
export { compareVersions, parseVersion, supportsClassNamespaces } from './version'
export type { ServerVersion } from './version'
export { EmbeddedError, startEmbedded, startEmbeddedCluster } from './embedded'
export type {
  EmbeddedCluster,
  EmbeddedClusterOptions,
  EmbeddedErrorReason,
  EmbeddedNode,
  EmbeddedOptions,
  EmbeddedWeaviate,
  NodePorts,
} from './embedded'
export {
  BufferOverflowError,
  PacedObservable,
  createPacer,
  mergePartitions,
  paginateAfter,
  toAsyncIterable,
  uuidInRange,
  uuidPartitions,
} from './paging'
export type { PageProgress, PaginateOptions, PagedStream, Pacer, ToAsyncIterableOptions, UuidRange } from './paging'
