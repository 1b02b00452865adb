/**
 * TLS of an embedded server, on both of its listeners: REST with `--scheme https
 * --tls-certificate --tls-key` (and `--tls-ca`, which makes it require and verify client
 * certificates: `tls.RequireAndVerifyClientCert` in `adapters/handlers/rest/server.go`), gRPC
 * with `GRPC_CERT_FILE` / `GRPC_KEY_FILE` (`credentials.NewServerTLSFromFile` in
 * `adapters/handlers/grpc/server.go`, Weaviate 1.39.0), which never asks for a client
 * certificate. The certificate is the caller's, or one made for the start by a private CA
 * (`certificates.ts`); its files live in a temp folder removed with the server.
 *
 * @packageDocumentation
 */
import { promises as fs } from 'node:fs'
import * as path from 'node:path'
import { EmbeddedError } from '../errors'
import { acquireDataDir } from '../process/data-dir'
import { GENERATED_SERVER_NAME, KeyPair, makeRunCertificates } from './certificates'

/**
 * TLS for an embedded server: `true` for a certificate made for this start, or a certificate of
 * your own.
 *
 * @example
 * ```ts
 * const server = await startEmbedded({ tls: { clientCertificates: true } })
 * const client = connect({ ...server.connection }) // https, the run's CA and a client certificate included
 * ```
 */
export interface EmbeddedTlsOptions {
  /**
   * The server's certificate (PEM, with its chain) and its key (PEM, unencrypted); both or
   * neither. Default: a certificate for `localhost`, `127.0.0.1` and `::1` made for this start by a
   * private certificate authority (the `openssl` command makes them; `server.tls.ca` is its
   * certificate).
   */
  readonly cert?: string | Buffer
  readonly key?: string | Buffer
  /** The CA that signed `cert`, handed to clients as `server.tls.ca` and in `server.connection.tls`. */
  readonly ca?: string | Buffer
  /** The name on `cert` clients check instead of `127.0.0.1` (default for a made certificate: `localhost`). */
  readonly servername?: string
  /**
   * REST requires a client certificate signed by the start's CA, and the handle carries one
   * (`server.tls.clientCert`, `clientKey`, and in `server.connection.tls`). gRPC (Weaviate 1.39)
   * asks for none. With `cert` given, a private CA is made for the client certificates alone.
   *
   * @default false
   */
  readonly clientCertificates?: boolean
}

/**
 * What a started server's TLS is: what a client needs to trust it, and a client certificate.
 *
 * @example
 * ```ts
 * import { writeFileSync } from 'node:fs'
 * const server = await startEmbedded({ tls: true })
 * writeFileSync('ca.pem', server.tls?.ca ?? '') // for NODE_EXTRA_CA_CERTS, curl --cacert, ...
 * ```
 */
export interface EmbeddedTls {
  /** The certificate (PEM) of the CA that signed the server's certificate; undefined for a `cert` given without `ca`. */
  readonly ca: string | undefined
  /** The name the server's certificate carries for `127.0.0.1` clients (`tls.servername` of `connect`). */
  readonly servername: string | undefined
  /** A client certificate (PEM) the server accepts, with `clientCertificates: true`. */
  readonly clientCert?: string
  /** Its private key (PEM). */
  readonly clientKey?: string
}

/**
 * The TLS options of a client of the server, shaped as `connect`'s `tls`.
 */
export interface ClientTls {
  readonly ca?: string
  readonly cert?: string
  readonly key?: string
  readonly servername?: string
}

/**
 * A prepared server TLS: the server's files, what clients (and the readiness probe) use, and how
 * to remove the files.
 */
export interface ServerTls {
  readonly certFile: string
  readonly keyFile: string
  /** Given to `--tls-ca`: REST then requires client certificates. */
  readonly clientCaFile: string | undefined
  readonly handle: EmbeddedTls
  readonly client: ClientTls
  /** Removes the temp folder. Idempotent. */
  release(): Promise<void>
}

const invalid = (detail: string): EmbeddedError => new EmbeddedError({ reason: 'InvalidOptions', detail })

const pemText = (name: string, value: unknown): string | undefined => {
  if (value === undefined) return undefined
  const text = typeof value === 'string' ? value : Buffer.isBuffer(value) ? value.toString('utf8') : undefined
  if (text === undefined || !text.includes('-----BEGIN ')) throw invalid(`tls.${name} must be PEM text or a Buffer of it (-----BEGIN ...)`)
  return text
}

/**
 * Checks `options.tls` (throws an `InvalidOptions` error for a certificate without its key, or a
 * value that is no PEM) and prepares its files; undefined without TLS.
 */
export const prepareServerTls = async (option: boolean | EmbeddedTlsOptions | undefined): Promise<ServerTls | undefined> => {
  if (option === undefined || option === false) return undefined
  const given: EmbeddedTlsOptions = option === true ? {} : option
  if (typeof given !== 'object' || given === null) throw invalid(`tls must be true, false or an object, got ${typeof option}`)
  const cert = pemText('cert', given.cert)
  const key = pemText('key', given.key)
  const ca = pemText('ca', given.ca)
  if ((cert === undefined) !== (key === undefined)) throw invalid('tls.cert and tls.key go together: the server needs its certificate and its private key')
  if (ca !== undefined && cert === undefined) throw invalid('tls.ca is the CA of a tls.cert of your own; without tls.cert the start makes its own CA')
  const clientCertificates = given.clientCertificates === true
  const dir = await acquireDataDir(undefined, 'tls')
  try {
    let server: { readonly certFile: string; readonly keyFile: string }
    let serverCa: string | undefined
    let servername: string | undefined
    let client: KeyPair | undefined
    let clientCaFile: string | undefined
    if (cert !== undefined && key !== undefined) {
      server = { certFile: path.join(dir.path, 'given.pem'), keyFile: path.join(dir.path, 'given-key.pem') }
      await fs.writeFile(server.certFile, cert)
      await fs.writeFile(server.keyFile, key, { mode: 0o600 })
      serverCa = ca
      servername = given.servername
      if (clientCertificates) {
        const made = await makeRunCertificates(dir.path, { server: false, client: true })
        client = made.client
        clientCaFile = made.caFile
      }
    } else {
      const made = await makeRunCertificates(dir.path, { server: true, client: clientCertificates })
      if (made.server === undefined) throw new Error('makeRunCertificates made no server certificate')
      server = made.server
      serverCa = made.ca
      servername = given.servername ?? GENERATED_SERVER_NAME
      client = made.client
      clientCaFile = clientCertificates ? made.caFile : undefined
    }
    const handle: EmbeddedTls = {
      ca: serverCa,
      servername,
      ...(client === undefined ? {} : { clientCert: client.cert, clientKey: client.key }),
    }
    return {
      certFile: server.certFile,
      keyFile: server.keyFile,
      clientCaFile,
      handle,
      client: {
        ...(serverCa === undefined ? {} : { ca: serverCa }),
        ...(client === undefined ? {} : { cert: client.cert, key: client.key }),
        ...(servername === undefined ? {} : { servername }),
      },
      release: () => dir.release(),
    }
  } catch (e) {
    await dir.release()
    throw e
  }
}
