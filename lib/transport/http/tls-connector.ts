/**
 * The connector of an `https` pool: undici's own (`buildConnector` with the client's TLS
 * settings), plus one listener that keeps a TLS alert the server sent after the handshake.
 *
 * Why: with TLS 1.3 the client's handshake is over before the server has judged the client's
 * certificate. A server that requires one (Weaviate's REST with `--tls-ca`) answers a client
 * without one (or with one it does not trust) by an alert and a close once the request is on its
 * way. Node's socket reports the alert first (`ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED`), then
 * its end; undici's HTTP/1.1 client keeps only the error it makes of the end (`UND_ERR_SOCKET`
 * "other side closed"), which reads like a reset and would be retried. The listener, attached
 * before undici's own, remembers the socket's TLS error and hangs it as the `cause` of every later
 * error of that socket, so `tlsFailureOf` finds it and the request fails with one `TlsError`.
 * Only an alert OpenSSL read from the server counts: a reset or a close without one stays a
 * `ConnectionError`, retried.
 *
 * @packageDocumentation
 */
import type { Socket } from 'node:net'
import type { buildConnector as BuildConnector } from 'undici'
// By its file, as in `pools.ts` (Bun's built-in `undici` has no connector).
import { buildConnector } from 'undici/index.js'
import { TlsSettings, tlsFailureOf, undiciConnectOptions } from '../tls'

/**
 * Hangs `tlsError` under `err` as its `cause`, unless `err` is that error or has a cause already.
 */
// Structural checks, not `instanceof Error`: Node's errors may come from another realm (jest's vm).
const attachCause = (err: unknown, tlsError: object): void => {
  if (err === tlsError || typeof err !== 'object' || err === null || ('cause' in err && err.cause !== undefined)) return
  Object.defineProperty(err, 'cause', { value: tlsError, configurable: true, writable: true, enumerable: false })
}

/** Remembers the first TLS error of `socket` and gives it as the cause of the errors after it. */
const keepTlsAlert = (socket: Socket): void => {
  let tlsError: object | undefined
  socket.on('error', (err: unknown) => {
    if (tlsError !== undefined) attachCause(err, tlsError)
    else if (typeof err === 'object' && err !== null && tlsFailureOf(err) !== undefined) tlsError = err
  })
}

/**
 * undici's connector with the client's TLS settings, whose sockets keep a TLS alert that arrives
 * after the handshake (see the module comment).
 */
export const tlsConnector = (tls: TlsSettings): BuildConnector.connector => {
  const connect = buildConnector(undiciConnectOptions(tls))
  return (options, callback) =>
    connect(options, (...args: Parameters<BuildConnector.Callback>) => {
      // On a failed connection undici passes the error alone (no socket, whatever its types say).
      if (args[0] === null) keepTlsAlert(args[1])
      callback(...args)
    })
}
