/**
 * The few runtime services the client uses that differ between Node and the web platform
 * (browsers, edge runtimes, Deno, Bun), each found on the global object when it is called, never
 * imported: a module that uses them loads everywhere.
 *
 * - {@link emitWarning}: Node's `process.emitWarning` where there is one (Node, Deno, Bun: a
 *   `process.on('warning')` listener hears it), else `console.warn`.
 * - {@link nextTurn}: a callback after the pending I/O, `setImmediate` where there is one, else a
 *   zero-delay `setTimeout`.
 * - {@link bytesToHex} and {@link bytesToBase64}: no `Buffer`.
 *
 * @packageDocumentation
 */

/** What a warning is: its text, its type (`DeprecationWarning`, `WeaviateRxWarning`) and its code. */
export interface Warning {
  readonly type: string
  readonly code: string
}

interface WarningProcess {
  readonly emitWarning?: (message: string, options: Warning) => void
}

/**
 * Emits a warning through `process.emitWarning`, or `console.warn` where no process is.
 */
export const emitWarning = (message: string, warning: Warning): void => {
  const proc = (globalThis as { readonly process?: WarningProcess }).process
  if (typeof proc?.emitWarning === 'function') proc.emitWarning(message, warning)
  else console.warn(`(${warning.code}) ${warning.type}: ${message}`)
}

/**
 * Runs `f` after the I/O the current turn started (`setImmediate`, or `setTimeout(f, 0)` where the
 * runtime has none); the function it returns cancels it.
 */
export const nextTurn = (f: () => void): (() => void) => {
  if (typeof setImmediate === 'function') {
    const immediate = setImmediate(f)
    return () => clearImmediate(immediate)
  }
  const timer = setTimeout(f, 0)
  return () => clearTimeout(timer)
}

const HEX: readonly string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))

/** The bytes as lower-case hex. */
export const bytesToHex = (bytes: Uint8Array): string => {
  let out = ''
  for (const byte of bytes) out += HEX[byte] ?? ''
  return out
}

/** Bytes per `String.fromCharCode` call: well under every engine's argument limit. */
const CHUNK = 0x8000

/** The bytes as standard, padded base64. */
export const bytesToBase64 = (bytes: Uint8Array): string => {
  let binary = ''
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK))
  return btoa(binary)
}
