/**
 * The one thing the page machine asks of a transport: the page after a cursor.
 *
 * @packageDocumentation
 */
import { WeaviateObject } from '../../codecs/object'
import { WeaviateError } from '../../errors'
import { ObservableEither } from '../../observable-either'

/**
 * A vector of a streamed object, in either `vectorFormat` (the public operations type it by
 * the format asked for).
 *
 * @example
 * ```ts
 * const v: StreamVector = new Float32Array(768)
 * ```
 */
export type StreamVector = readonly number[] | Float32Array

/**
 * A cold request for the page after `after` (the first page when `undefined`), retried by the
 * transport's own policy; ids ascend strictly after the cursor, or the page is a `DecodeError`.
 *
 * @example
 * ```ts
 * const fetch: PageFetcher<Record<string, unknown>> = restPageFetcher(ctx, input)
 * ```
 */
export type PageFetcher<P> = (after: string | undefined) => ObservableEither<WeaviateError, ReadonlyArray<WeaviateObject<P, StreamVector>>>
