/**
 * Certificates made for one start of an embedded server: a private certificate authority that
 * lives only as long as the server, a server certificate it signs for `localhost` and
 * `127.0.0.1`, and, for mutual TLS, a client certificate it signs.
 *
 * They are made with the `openssl` command, not a library: the package then needs nothing more
 * at all (the maintained JavaScript libraries, `@peculiar/x509` and `selfsigned` which wraps it,
 * need a global `reflect-metadata` polyfill in the importing program and a dozen packages), the
 * embedded server already runs a native tool found on the PATH, and `openssl` is on Linux and
 * macOS machines and in Git for Windows. Without it the start fails with an error that says to
 * install it or to pass a certificate (`tls: { cert, key, ca }`). The commands are the ones
 * OpenSSL 1.1.1, 3.x and LibreSSL all take (`req -x509`, then `req -new` and `x509 -req` with an
 * extension file); keys are ECDSA P-256, which Weaviate's REST (Go `crypto/tls`) and gRPC
 * listeners both serve. The CA's private key never leaves the temp folder, which is removed with
 * the server.
 *
 * @packageDocumentation
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { promises as fs } from 'node:fs'
import * as path from 'node:path'
import { promisify } from 'node:util'
import { EmbeddedError } from '../errors'

const run = promisify(execFile)

/** Days a certificate made for a run is valid: a long test run, not a deployment. */
const VALID_DAYS = '7'

/** The name on the server certificate that a client checks (`tls.servername`). */
export const GENERATED_SERVER_NAME = 'localhost'

/**
 * A certificate and its key, as files (for the server's flags) and as PEM text (for clients).
 */
export interface KeyPair {
  readonly certFile: string
  readonly keyFile: string
  readonly cert: string
  readonly key: string
}

/**
 * A private CA and what it signed.
 */
export interface RunCertificates {
  /** The CA's certificate file and PEM (its key stays in the folder). */
  readonly caFile: string
  readonly ca: string
  /** The server's certificate, for `localhost` and `127.0.0.1`; absent when only a client CA was asked for. */
  readonly server: KeyPair | undefined
  /** A client certificate (for mutual TLS), when asked for. */
  readonly client: KeyPair | undefined
}

const KEY_ARGS = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'] as const

/** One openssl command; a failure says what to do instead. */
const openssl = async (binary: string, args: readonly string[]): Promise<void> => {
  try {
    await run(binary, args, { windowsHide: true })
  } catch (cause) {
    const missing = typeof cause === 'object' && cause !== null && 'code' in cause && cause.code === 'ENOENT'
    throw new EmbeddedError({
      reason: 'StartFailed',
      detail: missing
        ? `making a TLS certificate for this start needs the openssl command, and '${binary}' was not found: install OpenSSL, or pass tls: { cert, key, ca } with a certificate of your own`
        : `openssl ${args.slice(0, 2).join(' ')} failed while making a TLS certificate for this start: ${cause instanceof Error ? cause.message : String(cause)}`,
      cause,
    })
  }
}

/** A random positive serial number (hex, leading digit 1: never zero or negative). */
const serial = (): string => `0x1${randomBytes(15).toString('hex')}`

/** Makes a key and a certificate signed by the CA, with the given extensions. */
const signed = async (binary: string, dir: string, name: string, subject: string, extensions: string, ca: { readonly caFile: string; readonly caKey: string }): Promise<KeyPair> => {
  const keyFile = path.join(dir, `${name}-key.pem`)
  const csrFile = path.join(dir, `${name}.csr`)
  const certFile = path.join(dir, `${name}.pem`)
  const extFile = path.join(dir, `${name}.ext`)
  await fs.writeFile(extFile, extensions)
  await openssl(binary, ['req', '-new', ...KEY_ARGS, '-keyout', keyFile, '-out', csrFile, '-subj', subject])
  await openssl(binary, ['x509', '-req', '-in', csrFile, '-CA', ca.caFile, '-CAkey', ca.caKey, '-set_serial', serial(), '-days', VALID_DAYS, '-sha256', '-extfile', extFile, '-out', certFile])
  await fs.chmod(keyFile, 0o600)
  return { certFile, keyFile, cert: await fs.readFile(certFile, 'utf8'), key: await fs.readFile(keyFile, 'utf8') }
}

/**
 * Makes a private CA in `dir` (a folder of this start's), and with it a server certificate
 * (`server`) and a client certificate (`client`) as asked. Rejects with an `EmbeddedError` when
 * `openssl` is missing or fails.
 */
export const makeRunCertificates = async (dir: string, wanted: { readonly server: boolean; readonly client: boolean; readonly openssl?: string }): Promise<RunCertificates> => {
  const binary = wanted.openssl ?? 'openssl'
  const caFile = path.join(dir, 'ca.pem')
  const caKey = path.join(dir, 'ca-key.pem')
  const ca = { caFile, caKey }
  const caConfig = path.join(dir, 'ca.cnf')
  await fs.writeFile(caConfig, CA_CONFIG)
  await openssl(binary, ['req', '-x509', ...KEY_ARGS, '-keyout', caKey, '-out', caFile, '-days', VALID_DAYS, '-sha256', '-subj', `/CN=weaviate-rx embedded test CA ${randomBytes(4).toString('hex')}`, '-config', caConfig])
  await fs.chmod(caKey, 0o600)
  const server = wanted.server
    ? await signed(binary, dir, 'server', `/CN=${GENERATED_SERVER_NAME}`, `basicConstraints = critical, CA:FALSE\nkeyUsage = critical, digitalSignature\nextendedKeyUsage = serverAuth\nsubjectAltName = DNS:${GENERATED_SERVER_NAME}, IP:127.0.0.1, IP:::1\n`, ca)
    : undefined
  const client = wanted.client
    ? await signed(binary, dir, 'client', '/CN=weaviate-rx embedded test client', 'basicConstraints = critical, CA:FALSE\nkeyUsage = critical, digitalSignature\nextendedKeyUsage = clientAuth\n', ca)
    : undefined
  return { caFile, ca: await fs.readFile(caFile, 'utf8'), server, client }
}

/**
 * The CA's `req -config`: `req -x509` takes its extensions from a config file (`-addext` is newer
 * than some OpenSSL and LibreSSL versions still in use); the subject comes from `-subj`.
 */
const CA_CONFIG = [
  '[req]',
  'distinguished_name = dn',
  'x509_extensions = v3_ca',
  '[dn]',
  '[v3_ca]',
  'basicConstraints = critical, CA:TRUE, pathlen:0',
  'keyUsage = critical, keyCertSign, cRLSign',
  'subjectKeyIdentifier = hash',
  '',
].join('\n')
