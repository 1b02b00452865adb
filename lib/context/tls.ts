/**
 * The client's TLS settings, checked once at `connect`: the `tls` option into the settings both
 * transports use (`lib/transport/tls.ts`).
 *
 * The check builds a Node `SecureContext` from the options, so a CA bundle that is no PEM, a key
 * that does not belong to its certificate or a certificate without its key is an
 * `ArgumentValueError` from `connect`, not a handshake failure at the first request. The warning of
 * a key sent in the clear is `plaintext-key.ts`, which every build has.
 *
 * @packageDocumentation
 */
import { isIP } from 'node:net'
import { createSecureContext } from 'node:tls'
import { ArgumentValueError } from '../core/errors'
import { argsOf, argumentKeys, optional, typeError, valueError } from '../input/check'
import { DEFAULT_TLS, TlsOptions, TlsSettings } from '../transport/tls'

const TLS_KEYS = argumentKeys<TlsOptions>('tls', { ca: true, cert: true, key: true, servername: true })

/** A PEM text or Buffer, as a Buffer. */
const pem = (argument: string, value: unknown): Buffer => {
  if (typeof value === 'string') return Buffer.from(value)
  if (Buffer.isBuffer(value)) return value
  return typeError(argument, 'string or Buffer (PEM)', value)
}

/** Every PEM of `ca`, one bundle. */
const bundle = (value: unknown): Buffer => {
  const parts = Array.isArray(value) ? value.map((part: unknown, i) => pem(`tls.ca[${i}]`, part)) : [pem('tls.ca', value)]
  if (parts.length === 0) valueError('tls.ca', "'tls.ca' is empty: give at least one certificate, or leave it out for Node's defaults")
  for (const [i, part] of parts.entries()) {
    if (!part.toString('latin1').includes('-----BEGIN CERTIFICATE-----')) {
      valueError(Array.isArray(value) ? `tls.ca[${i}]` : 'tls.ca', "'tls.ca' must be PEM certificates (-----BEGIN CERTIFICATE-----); read the file with readFileSync")
    }
  }
  return parts.length === 1 && parts[0] !== undefined ? parts[0] : Buffer.concat(parts.flatMap((part) => [part, Buffer.from('\n')]))
}

/**
 * Checks the `tls` option of `connect`; {@link DEFAULT_TLS} when absent. Throws an
 * `ArgumentTypeError` / `ArgumentValueError` for options Node could not use.
 */
export const resolveTls = (options: TlsOptions | undefined): TlsSettings => {
  if (options === undefined) return DEFAULT_TLS
  const a = argsOf(TLS_KEYS, options, 'tls')
  const ca = a['ca'] === undefined ? undefined : bundle(a['ca'])
  const cert = a['cert'] === undefined ? undefined : pem('tls.cert', a['cert'])
  const key = a['key'] === undefined ? undefined : pem('tls.key', a['key'])
  if ((cert === undefined) !== (key === undefined)) {
    valueError(cert === undefined ? 'tls.cert' : 'tls.key', "'tls.cert' and 'tls.key' go together: a client certificate needs its private key")
  }
  const servername = optional((argument, value) => (typeof value === 'string' ? value : typeError(argument, 'string', value)), 'tls.servername', a['servername'])
  if (servername !== undefined && (servername === '' || isIP(servername) !== 0)) {
    valueError('tls.servername', `'tls.servername' must be a host name (the name on the server's certificate), not ${servername === '' ? 'empty' : `the IP address ${servername}`}`)
  }
  try {
    createSecureContext({ ...(ca === undefined ? {} : { ca }), ...(cert === undefined ? {} : { cert }), ...(key === undefined ? {} : { key }) })
  } catch (cause) {
    throw new ArgumentValueError({ argument: 'tls', reason: `the tls option is not usable: ${cause instanceof Error ? cause.message : String(cause)}`, cause })
  }
  return Object.freeze({ ca, cert, key, servername })
}
