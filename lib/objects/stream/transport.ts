/**
 * Which transport a stream reads over, and its page fetcher. `'auto'` (the call's or the
 * client's) is decided per stream by which is faster (docs/decisions/0004-vector-formats.md): gRPC when the
 * stream asks for vectors, in either format (as Float32Arrays the float32 bytes are copied as
 * they are; as REST's numbers each float32 costs its shortest decimal, `float32sAsJson`); REST
 * without vectors, where a page of small objects decodes faster from JSON than from protobuf's
 * typed values. gRPC still needs the client's
 * capability check to say yes; REST-only reads (`additionalProperties`) stay on REST.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { map } from 'rxjs'
import { OperationContext } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { TransportKind, TransportMode } from '../../input/transport-mode'
import { ObservableEither } from '../../core/observable-either'
import { StreamInput } from './args'
import { grpcPageFetcher } from './grpc-pages'
import { PageFetcher } from './page-fetcher'
import { restPageFetcher } from './rest-pages'

/**
 * The mode a stream asks the client's transport choice for: its own or the client's, with
 * `'auto'` narrowed to REST where REST is faster or is the only one that can.
 */
export const streamMode = (mode: TransportMode, read: { readonly withVector: boolean; readonly restOnly: boolean }): TransportMode =>
  mode === 'auto' && (read.restOnly || !read.withVector) ? 'rest' : mode

/**
 * The page fetcher of a stream over the transport the client's choice gives it.
 */
export const streamFetcher = <P>(ctx: OperationContext, input: StreamInput<P>): ObservableEither<WeaviateError, PageFetcher<P>> =>
  ctx.transports
    .choose(streamMode(input.transport ?? ctx.transports.mode, input), input.call)
    .pipe(map(E.map((kind: TransportKind) => (kind === 'grpc' ? grpcPageFetcher<P>(ctx, input) : restPageFetcher<P>(ctx, input)))))
