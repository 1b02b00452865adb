/**
 * The object operations of a client.
 *
 * @packageDocumentation
 */
import { Either } from 'fp-ts/Either'
import { WeaviateObject } from '../codecs/object'
import { OperationContext } from '../context/context'
import { WeaviateError } from '../core/errors'
import type { VectorFormat, VectorOf } from '../input/vector-format'
import { ObservableEither } from '../core/observable-either'
import { AddressArgs, CreateArgs, GetByIdArgs, ListArgs, ValidateArgs, WriteArgs } from './args'
import { BatchObject, BatchWritten, ObjectBatchOptions, batchObjects } from './batch'
import { BatchSource } from '../batch/source'
import { CountArgs, count } from './count'
import { DeleteManyArgs, DeleteManyProgress, deleteMany } from './delete-many'
import { create } from './create'
import { deleteObject } from './delete'
import { exists } from './exists'
import { Get, get } from './get'
import { getById } from './get-by-id'
import { list } from './list'
import { IterateArgs, StreamArgs, iterate, stream, streamPages } from './stream'
import { ValidationResult, validate } from './validate'
import { replace, update } from './write'

/**
 * `client.objects`.
 *
 * @example
 * ```ts
 * client.objects.getById({ className: 'Article', uuid })
 * ```
 */
export interface ObjectsApi {
  readonly create: (args: CreateArgs) => ObservableEither<WeaviateError, string>
  readonly get: Get
  readonly getById: <P = Record<string, unknown>>(
    args: GetByIdArgs<P>,
  ) => ObservableEither<WeaviateError, WeaviateObject<P> | null>
  readonly list: <P = Record<string, unknown>>(args: ListArgs<P>) => ObservableEither<WeaviateError, Array<WeaviateObject<P>>>
  readonly exists: (args: AddressArgs) => ObservableEither<WeaviateError, boolean>
  readonly replace: (args: WriteArgs) => ObservableEither<WeaviateError, void>
  readonly update: (args: WriteArgs) => ObservableEither<WeaviateError, void>
  readonly delete: (args: AddressArgs) => ObservableEither<WeaviateError, void>
  readonly validate: (args: ValidateArgs) => ObservableEither<WeaviateError, ValidationResult>
  /** Writes objects through the batch endpoint at the server's pace; one result per object. */
  readonly batch: (source: BatchSource<BatchObject>, options?: ObjectBatchOptions) => ObservableEither<WeaviateError, BatchWritten>
  /** Deletes every object that matches a filter, round after round; progress per round. */
  readonly deleteMany: (args: DeleteManyArgs) => ObservableEither<WeaviateError, DeleteManyProgress>
  /** The number of objects of a class or tenant (the aggregate endpoint). */
  readonly count: (args: CountArgs) => ObservableEither<WeaviateError, number>
  /**
   * Every object of a class in ascending UUID order, paged with the `after` cursor, as a plain
   * ObservableEither; RxJS backpressure through the `pacer` option.
   */
  readonly stream: <P = Record<string, unknown>, F extends VectorFormat = 'array'>(args: StreamArgs<P, F>) => ObservableEither<WeaviateError, WeaviateObject<P, VectorOf<F>>>
  /** The objects of `stream` for `for await`, paced by the loop; `break` aborts the page in flight. */
  readonly iterate: <P = Record<string, unknown>, F extends VectorFormat = 'array'>(args: IterateArgs<P, F>) => AsyncIterable<Either<WeaviateError, WeaviateObject<P, VectorOf<F>>>>
  /** The pages of `stream`, one value per page: the throughput form. */
  readonly streamPages: <P = Record<string, unknown>, F extends VectorFormat = 'array'>(
    args: StreamArgs<P, F>,
  ) => ObservableEither<WeaviateError, ReadonlyArray<WeaviateObject<P, VectorOf<F>>>>
}

/** Binds the object operations to a client context. */
export const objectsApi = (ctx: OperationContext): ObjectsApi => ({
  create: create(ctx),
  get: get(ctx),
  getById: getById(ctx),
  list: list(ctx),
  exists: exists(ctx),
  replace: replace(ctx),
  update: update(ctx),
  delete: deleteObject(ctx),
  validate: validate(ctx),
  stream: stream(ctx),
  iterate: iterate(ctx),
  streamPages: streamPages(ctx),
  count: count(ctx),
  batch: batchObjects(ctx),
  deleteMany: deleteMany(ctx),
})

export type { AddressArgs, CreateArgs, GetArgs, GetByIdArgs, ListArgs, ValidateArgs, WriteArgs } from './args'
export type { ValidationResult } from './validate'
export type { IterateArgs, StreamArgs, StreamFields, VectorFormatOption } from './stream'
export type { CountArgs } from './count'
export type { BatchObject, BatchWritten, ObjectBatchOptions } from './batch'
export type { DeleteManyArgs, DeleteManyProgress } from './delete-many'
