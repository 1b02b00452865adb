/**
 * The reference operations of a client.
 *
 * @packageDocumentation
 */
import { OperationContext } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { ReferenceArgs, ReplaceReferencesArgs } from './args'
import { add, deleteReference, replace } from './operations'
import { BatchReference, ReferenceBatchOptions, ReferenceWritten, batchReferences } from './batch'
import { BatchSource } from '../batch/source'

/**
 * `client.references`.
 *
 * @example
 * ```ts
 * client.references.add({ fromClassName: 'Article', fromUuid, fromPropertyName: 'writtenBy', toClassName: 'Author', toUuid })
 * ```
 */
export interface ReferencesApi {
  readonly add: (args: ReferenceArgs) => ObservableEither<WeaviateError, void>
  readonly replace: (args: ReplaceReferencesArgs) => ObservableEither<WeaviateError, void>
  readonly delete: (args: ReferenceArgs) => ObservableEither<WeaviateError, void>
  /** Adds references through the batch endpoint; one result per reference. */
  readonly batch: (source: BatchSource<BatchReference>, options?: ReferenceBatchOptions) => ObservableEither<WeaviateError, ReferenceWritten>
}

/** Binds the reference operations to a client context. */
export const referencesApi = (ctx: OperationContext): ReferencesApi => ({
  add: add(ctx),
  replace: replace(ctx),
  delete: deleteReference(ctx),
  batch: batchReferences(ctx),
})

export type { ReferenceArgs, ReplaceReferencesArgs } from './args'
export type { BatchReference, ReferenceBatchOptions, ReferenceWritten } from './batch'
