/**
 * The metadata of every call: the client's headers, including `authorization: Bearer <key>` for
 * an API key, sent exactly as REST sends them.
 *
 * @packageDocumentation
 */
import { Metadata } from '@grpc/grpc-js'

/**
 * The call metadata of the client's resolved headers (names lower-cased, as HTTP/2 requires).
 * HTTP-only headers (`content-type`, `content-length`, `host`, `connection`) are left out.
 */
export const callMetadata = (headers: Readonly<Record<string, string>>): Metadata => {
  const metadata = new Metadata()
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase()
    if (!HTTP_ONLY.has(key)) metadata.set(key, value)
  }
  return metadata
}

const HTTP_ONLY: ReadonlySet<string> = new Set(['content-type', 'content-length', 'host', 'connection', 'transfer-encoding', 'te'])

/**
 * The call metadata with a call's own headers (checked, lower-case names) over it; `metadata`
 * itself when the call has none.
 */
export const withHeaders = (metadata: Metadata, headers: Readonly<Record<string, string>> | undefined): Metadata => {
  if (headers === undefined) return metadata
  const out = metadata.clone()
  for (const [name, value] of Object.entries(headers)) if (!HTTP_ONLY.has(name)) out.set(name, value)
  return out
}
