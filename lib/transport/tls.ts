/**
 * TLS for both transports, from one set of options: what a client trusts (a CA bundle), what it
 * presents (a client certificate and key, for mutual TLS) and the name it expects on the server's
 * certificate when the URL is an IP address. `lib/context/tls.ts` checks the user's options once
 * into {@link TlsSettings}; the REST pools (`http/pools.ts`) give them to undici as its `connect`
 * options, the gRPC channels (`grpc/channels.ts`) to `credentials.createSsl(ca, key, cert)` and
 * `grpc.ssl_target_name_override`. Both hand the settings to Node's `tls.connect`, so a
 * certificate is judged the same way on both.
 *
 * A failed handshake is a {@link TlsError}, not a `ConnectionError`: {@link tlsFailureOf} reads
 * Node's code (undici passes Node's error on) or, for gRPC, Node's message inside grpc-js's
 * UNAVAILABLE details (grpc-js keeps the message, not the code). A server's alert that comes after
 * the client's side of the handshake (TLS 1.3: a client certificate missing or refused) reaches
 * REST through `http/tls-connector.ts`. The retry policy never retries a `TlsError`: the next
 * attempt meets the same certificate.
 *
 * @packageDocumentation
 */
import { HttpMethod, TlsError, TlsFailureReason } from '../core/errors'

/**
 * TLS settings of a client, used by REST and gRPC alike. Without them an `https://` URL is checked
 * against Node's trusted certificate authorities (plus `NODE_EXTRA_CA_CERTS`). PEM text or
 * Buffers, as Node's `tls.connect` takes them (read files with `readFileSync`).
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs'
 * const tls: TlsOptions = { ca: readFileSync('ca.pem'), cert: readFileSync('client.pem'), key: readFileSync('client-key.pem') }
 * const client = connect({ url: 'https://10.0.0.5:8443', grpcUrl: 'https://10.0.0.5:50051', tls: { ...tls, servername: 'weaviate.internal' } })
 * ```
 */
export interface TlsOptions {
  /**
   * The certificate authorities to trust, PEM (one bundle, or several). Like Node's `ca`, they
   * replace the built-in list for this client: give every CA the servers' certificates need.
   */
  readonly ca?: string | Buffer | ReadonlyArray<string | Buffer>
  /** The client certificate (PEM, with its chain), for servers that ask for one. Needs `key`. */
  readonly cert?: string | Buffer
  /** The client certificate's private key (PEM, unencrypted). Needs `cert`. */
  readonly key?: string | Buffer
  /**
   * The name the server's certificate must carry, and the one sent as SNI: for a URL whose host is
   * an IP address or another name than the certificate's (a tunnel, a load balancer's address).
   * A host name, not an IP address.
   */
  readonly servername?: string
}

/**
 * {@link TlsOptions} checked, as both transports take them.
 */
export interface TlsSettings {
  /** The CA bundle, one PEM buffer; undefined for Node's defaults. */
  readonly ca: Buffer | undefined
  readonly cert: Buffer | undefined
  readonly key: Buffer | undefined
  readonly servername: string | undefined
}

/** No TLS options: Node's defaults. */
export const DEFAULT_TLS: TlsSettings = Object.freeze({ ca: undefined, cert: undefined, key: undefined, servername: undefined })

/**
 * The undici `connect` options of the settings (only the ones given).
 */
export const undiciConnectOptions = (tls: TlsSettings): { ca?: Buffer; cert?: Buffer; key?: Buffer; servername?: string } => ({
  ...(tls.ca === undefined ? {} : { ca: tls.ca }),
  ...(tls.cert === undefined ? {} : { cert: tls.cert }),
  ...(tls.key === undefined ? {} : { key: tls.key }),
  ...(tls.servername === undefined ? {} : { servername: tls.servername }),
})

/** Node's (OpenSSL's) codes of a certificate the client refused or the server refused, by reason. */
const CODES: Readonly<Record<string, TlsFailureReason>> = {
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'untrusted-certificate',
  UNABLE_TO_GET_ISSUER_CERT: 'untrusted-certificate',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'untrusted-certificate',
  SELF_SIGNED_CERT_IN_CHAIN: 'untrusted-certificate',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'untrusted-certificate',
  CERT_UNTRUSTED: 'untrusted-certificate',
  CERT_SIGNATURE_FAILURE: 'untrusted-certificate',
  CERT_REJECTED: 'untrusted-certificate',
  INVALID_CA: 'untrusted-certificate',
  ERR_TLS_CERT_ALTNAME_INVALID: 'hostname-mismatch',
  CERT_HAS_EXPIRED: 'certificate-expired',
  CERT_NOT_YET_VALID: 'certificate-expired',
  ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED: 'client-certificate-required',
  ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE: 'client-certificate-rejected',
  ERR_SSL_TLSV1_ALERT_UNKNOWN_CA: 'client-certificate-rejected',
  ERR_SSL_SSLV3_ALERT_CERTIFICATE_UNKNOWN: 'client-certificate-rejected',
}

/**
 * Node's messages of those codes, for an error that kept only its message (a gRPC call's
 * UNAVAILABLE details): the longer of two messages that start alike first.
 */
const MESSAGES: ReadonlyArray<readonly [string, string]> = [
  ['unable to verify the first certificate', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE'],
  ['unable to get local issuer certificate', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY'],
  ['unable to get issuer certificate', 'UNABLE_TO_GET_ISSUER_CERT'],
  ['self-signed certificate in certificate chain', 'SELF_SIGNED_CERT_IN_CHAIN'],
  ['self signed certificate in certificate chain', 'SELF_SIGNED_CERT_IN_CHAIN'],
  ['self-signed certificate', 'DEPTH_ZERO_SELF_SIGNED_CERT'],
  ['self signed certificate', 'DEPTH_ZERO_SELF_SIGNED_CERT'],
  ['certificate has expired', 'CERT_HAS_EXPIRED'],
  ['certificate is not yet valid', 'CERT_NOT_YET_VALID'],
  ["does not match certificate's altnames", 'ERR_TLS_CERT_ALTNAME_INVALID'],
  ['alert certificate required', 'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED'],
  ['alert bad certificate', 'ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE'],
  ['alert unknown ca', 'ERR_SSL_TLSV1_ALERT_UNKNOWN_CA'],
  ['alert certificate unknown', 'ERR_SSL_SSLV3_ALERT_CERTIFICATE_UNKNOWN'],
]

/**
 * A failed handshake's reason, Node's code and message.
 */
export interface TlsFailure {
  readonly reason: TlsFailureReason
  readonly code: string
  readonly detail: string
}

/**
 * The TLS failure an error of undici or Node stands for (by its `code`, also inside an
 * `AggregateError` or a `cause`), or undefined for any other failure.
 */
export const tlsFailureOf = (err: unknown, depth = 0): TlsFailure | undefined => {
  if (typeof err !== 'object' || err === null || depth > 3) return undefined
  if ('code' in err && typeof err.code === 'string') {
    const reason = CODES[err.code]
    if (reason !== undefined) return { reason, code: err.code, detail: err instanceof Error ? err.message.trim() : '' }
  }
  if (err instanceof AggregateError) {
    for (const inner of err.errors) {
      const found = tlsFailureOf(inner, depth + 1)
      if (found !== undefined) return found
    }
  }
  return 'cause' in err ? tlsFailureOf(err.cause, depth + 1) : undefined
}

/**
 * The TLS failure a message of Node's stands for (grpc-js's `No connection established. Last
 * error: Error: <Node's message>`), or undefined.
 */
export const tlsFailureInMessage = (message: string): TlsFailure | undefined => {
  const bracketed = /\[([A-Z][A-Z0-9_]+)\]/.exec(message)?.[1]
  const byCode = bracketed === undefined ? undefined : CODES[bracketed]
  if (bracketed !== undefined && byCode !== undefined) return { reason: byCode, code: bracketed, detail: message }
  const lower = message.toLowerCase()
  const match = MESSAGES.find(([text]) => lower.includes(text.toLowerCase()))
  if (match === undefined) return undefined
  const reason = CODES[match[1]]
  return reason === undefined ? undefined : { reason, code: match[1], detail: message }
}

/**
 * The error of a TLS failure of a request.
 */
export const tlsError = (failure: TlsFailure, request: { readonly method: HttpMethod; readonly url: string }, cause: unknown): TlsError =>
  new TlsError({ method: request.method, url: request.url, reason: failure.reason, code: failure.code, detail: failure.detail, cause })
