/**
 * The `dataObject` input: properties given inline, or a string naming where to load them from
 * (an http(s) URL, fetched with the client's own transport but without its credentials, or a path
 * to a JSON file). The check is synchronous; loading happens on subscription, before the request.
 *
 * @packageDocumentation
 */
import { typeError, valueError } from './check'

/** Where the properties of an object come from. */
export type DataSource =
  | { readonly kind: 'inline'; readonly properties: Readonly<Record<string, unknown>> }
  | { readonly kind: 'url'; readonly url: string }
  | { readonly kind: 'file'; readonly path: string }

/**
 * Checks `dataObject`.
 */
export const dataObject = (argument: string, value: unknown): DataSource => {
  if (typeof value === 'string') {
    return /^https?:\/\//i.test(value) ? { kind: 'url', url: value } : { kind: 'file', path: value }
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    // A copy: changing the caller's object after the call changes nothing that is sent.
    return { kind: 'inline', properties: structuredCloneOr(argument, value as Record<string, unknown>) }
  }
  return typeError(argument, 'object | string (URL or JSON file path)', value)
}

/** A deep copy, or an ArgumentValueError for a value that cannot be copied (functions, symbols). */
const structuredCloneOr = (argument: string, value: Record<string, unknown>): Record<string, unknown> => {
  try {
    return structuredClone(value)
  } catch (e) {
    return valueError(argument, `'${argument}' must hold only data (no functions or symbols): ${e instanceof Error ? e.message : String(e)}`)
  }
}
