/**
 * Decoding of response bodies with io-ts, reported as a {@link DecodeError} whose report stays
 * short however large the payload: at most {@link MAX_REPORTED} lines of the form
 * `path.to.field: expected <type>, got <preview>`, each preview at most {@link PREVIEW_CHARS}
 * characters. io-ts's own `PathReporter` stringifies whole values, which on a page of objects means
 * megabytes of error text.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import * as t from 'io-ts'
import { DecodeError, HttpMethod } from '../core/errors'

/**
 * Lines kept in a report; more failures are summarised in one last line.
 */
export const MAX_REPORTED = 5

/**
 * Characters kept of a value preview and of a type name.
 */
export const PREVIEW_CHARS = 60

/**
 * Where the decoded value came from, for the error message.
 */
export interface DecodeContext {
  readonly method: HttpMethod
  /** The request URL, already without credentials. */
  readonly url: string
}

/**
 * Decodes `value` with `codec`; a failure is a {@link DecodeError} with a truncated report.
 */
export const decode = <A>(codec: t.Decoder<unknown, A>, value: unknown, ctx: DecodeContext): E.Either<DecodeError, A> => {
  const result = codec.decode(value)
  return E.isRight(result) ? result : E.left(new DecodeError({ method: ctx.method, url: ctx.url, report: report(result.left) }))
}

/**
 * The report lines of io-ts validation errors: at most {@link MAX_REPORTED}, then a count of the
 * rest.
 */
export const report = (errors: t.Errors): string[] => {
  const lines = errors.slice(0, MAX_REPORTED).map(line)
  if (errors.length > MAX_REPORTED) lines.push(`... and ${errors.length - MAX_REPORTED} more`)
  return lines
}

/** One failure: its path (without the keys io-ts adds for intersection/union members), the type expected and a preview of the value. */
const line = (error: t.ValidationError): string => {
  if (error.message !== undefined) return truncate(error.message, PREVIEW_CHARS * 2)
  const keys: string[] = []
  for (let i = 1; i < error.context.length; i++) {
    const entry = error.context[i]
    const parent = error.context[i - 1]
    if (entry === undefined || parent === undefined || isCombinator(parent.type)) continue
    if (entry.key !== '') keys.push(entry.key)
  }
  const last = error.context[error.context.length - 1]
  const expected = truncate(last === undefined ? 'unknown' : last.type.name, PREVIEW_CHARS)
  return `${keys.length === 0 ? '<root>' : keys.join('.')}: expected ${expected}, got ${preview(error.value)}`
}

/** Intersection and union members are validated under their index, which is no part of the data's path. */
const isCombinator = (type: t.Decoder<unknown, unknown>): boolean =>
  type instanceof t.IntersectionType || type instanceof t.UnionType

const truncate = (s: string, max: number): string => (s.length <= max ? s : `${s.slice(0, max - 1)}…`)

/**
 * A JSON-like preview of at most {@link PREVIEW_CHARS} characters, built without serialising the
 * whole value.
 */
export const preview = (value: unknown): string => {
  const out: string[] = []
  let size = 0
  const emit = (s: string): boolean => {
    out.push(s)
    size += s.length
    return size <= PREVIEW_CHARS
  }
  const walk = (v: unknown, depth: number): boolean => {
    if (v === undefined) return emit('undefined')
    if (v === null || typeof v === 'number' || typeof v === 'boolean') return emit(String(v))
    if (typeof v === 'string') return emit(JSON.stringify(v.length > PREVIEW_CHARS ? v.slice(0, PREVIEW_CHARS) : v))
    if (typeof v === 'bigint') return emit(`${v}n`)
    if (typeof v !== 'object') return emit(typeof v)
    if (depth > 3) return emit(Array.isArray(v) ? '[…]' : '{…}')
    if (Array.isArray(v)) {
      if (!emit('[')) return false
      for (let i = 0; i < v.length; i++) {
        if ((i > 0 && !emit(',')) || !walk(v[i], depth + 1)) return false
      }
      return emit(']')
    }
    if (!emit('{')) return false
    let first = true
    for (const key in v) {
      if (!Object.prototype.hasOwnProperty.call(v, key)) continue
      if ((!first && !emit(',')) || !emit(`${JSON.stringify(key)}:`)) return false
      first = false
      if (!walk((v as Record<string, unknown>)[key], depth + 1)) return false
    }
    return emit('}')
  }
  walk(value, 0)
  const text = out.join('')
  return text.length <= PREVIEW_CHARS ? text : `${text.slice(0, PREVIEW_CHARS - 1)}…`
}
