/**
 * One gRPC-Web exchange over HTTP, whatever sends it: undici on Node (`undici-exchange.ts`), `fetch`
 * elsewhere (`fetch-exchange.ts`). Either one hands the answer to a {@link ReplySink} as it comes,
 * and the sink reads the body through the one framing module (`framing.ts`).
 *
 * @packageDocumentation
 */
import type { ConnectionError, TlsError } from '../../core/errors'
import type { HeaderLookup } from './reply'

/**
 * A call's HTTP request, fully resolved.
 */
export interface WebRequest {
  /** `http://host:port`. */
  readonly origin: string
  /** `/v1/grpc-web/weaviate.v1.Weaviate/Search`, after the URL's own path. */
  readonly path: string
  /** The whole URL, for errors. */
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  /** The framed request message. */
  readonly body: Uint8Array
}

/**
 * Where an exchange delivers its answer: `start` once, `data` per chunk, then `end` or `fail`.
 */
export interface ReplySink {
  start(status: number, header: HeaderLookup): void
  data(chunk: Uint8Array): void
  end(): void
  /** The exchange failed on the network (or the TLS handshake). */
  fail(error: ConnectionError | TlsError): void
}

/**
 * Sends a request now; the function it returns aborts it, after which the sink hears nothing.
 */
export type WebExchange = (request: WebRequest, sink: ReplySink) => () => void
