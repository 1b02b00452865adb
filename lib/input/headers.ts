/**
 * Checks the extra headers a client or a call sends (`headers`): each goes to Weaviate on REST and,
 * as call metadata, on gRPC, so a name and a value must be valid on both. Names are lower-cased
 * (HTTP/2 and gRPC metadata require it); the headers the client sets itself are refused rather
 * than silently replaced (see {@link RESERVED_HEADERS}).
 *
 * @packageDocumentation
 */
import { typeError, valueError } from './check'

/**
 * Headers the client sets itself and a `headers` option may not: the transports' own framing
 * headers, and `x-weaviate-client` (how Weaviate counts clients; a tool built on this client names
 * itself in `x-weaviate-client-integration` instead).
 */
export const RESERVED_HEADERS: ReadonlySet<string> = new Set([
  'content-type',
  'content-length',
  'host',
  'connection',
  'transfer-encoding',
  'te',
  'upgrade',
  'keep-alive',
  'x-weaviate-client',
])

/** A gRPC metadata key (a subset of HTTP's token characters), lower case. */
const NAME = /^[0-9a-z_.-]+$/
/** A gRPC text metadata value: printable ASCII (no CR or LF, nothing beyond ASCII). */
const VALUE = /^[\x20-\x7e]*$/

/**
 * The checked headers: a new object with lower-cased names. Throws an ArgumentTypeError for a
 * value that is not an object of strings, an ArgumentValueError for a name or value that HTTP and
 * gRPC cannot both carry, a name given twice (in two cases), or a reserved name.
 */
export const checkHeaders = (argument: string, value: unknown): Readonly<Record<string, string>> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return typeError(argument, 'Record<string, string>', value)
  // No prototype: a header may be called `constructor` or `__proto__`.
  const out = Object.create(null) as Record<string, string>
  for (const [raw, v] of Object.entries(value as Record<string, unknown>)) {
    const name = raw.toLowerCase()
    if (typeof v !== 'string') return typeError(`${argument}['${raw}']`, 'string', v)
    if (!NAME.test(name) || name.endsWith('-bin')) {
      return valueError(argument, `'${raw}' is not a header name both HTTP and gRPC metadata take (letters, digits, '-', '_', '.'; no '-bin' suffix)`)
    }
    if (!VALUE.test(v)) return valueError(argument, `the value of '${raw}' must be printable ASCII (no line breaks)`)
    if (RESERVED_HEADERS.has(name)) return valueError(argument, `'${raw}' is set by the client itself and cannot be given in '${argument}'`)
    if (Object.hasOwn(out, name)) return valueError(argument, `'${raw}' is given twice`)
    out[name] = v
  }
  return { ...out }
}
