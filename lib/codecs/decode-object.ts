/**
 * Decodes one raw object, and its properties with the caller's codec when one was given.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import * as t from 'io-ts'
import { decode } from './decode'
import { RawObject, WeaviateObject, normaliseObject } from './object'
import { ArgumentValueError, DecodeError, HttpMethod } from '../core/errors'

/**
 * A decoder of properties: the caller's io-ts codec, or the default record.
 *
 * @example
 * ```ts
 * const Article: PropertiesCodec<{ title: string }> = t.type({ title: t.string })
 * client.objects.getById({ className: 'Article', uuid, codec: Article })
 * ```
 */
export type PropertiesCodec<P> = t.Decoder<unknown, P>

/** The default: a record of properties of unknown type. */
export const AnyProperties: PropertiesCodec<Record<string, unknown>> = t.UnknownRecord

/**
 * Decodes an object of a response.
 */
export const decodeObject = <P>(
  codec: PropertiesCodec<P>,
  body: unknown,
  ctx: { readonly method: HttpMethod; readonly url: string },
): E.Either<DecodeError, WeaviateObject<P>> => {
  // Plain branches: fp-ts 2.16's pipeable E.chain/E.map/E.mapLeft go through `dual`
  // (Array.from(arguments) + a closure per call), a cost per object on a stream
  // (docs/decisions/0011-hot-loop-code-shapes.md). The fast checks
  // (`RawObject.is`, the default codec's record check, already made by it) allocate nothing; the
  // io-ts decoders run only for a precise report or a caller's codec.
  if (!RawObject.is(body)) {
    const raw = decode(RawObject, body, ctx)
    if (E.isLeft(raw)) return raw
  }
  const raw = body as RawObject
  const properties = decodeProperties(codec, raw.properties ?? {}, ctx)
  return E.isLeft(properties) ? properties : E.right(normaliseObject(raw, properties.right))
}

/**
 * Decodes the properties of an object with the caller's codec (the default takes the record as
 * it is: the object's check has made sure it is one). A failure's report names `properties.`.
 */
export const decodeProperties = <P>(
  codec: PropertiesCodec<P>,
  properties: Record<string, unknown>,
  ctx: { readonly method: HttpMethod; readonly url: string },
): E.Either<DecodeError, P> => {
  if (codec === AnyProperties) return E.right(properties as P)
  const decoded = decode(codec, properties, ctx)
  if (E.isRight(decoded)) return decoded
  const e = decoded.left
  return E.left(new DecodeError({ method: e.method, url: e.url, report: e.report.map((line) => `properties.${line}`) }))
}

/** Checks the caller's codec; `undefined` when none was given (the reader then uses the default). */
export const codecOf = <P>(a: Record<string, unknown>): PropertiesCodec<P> | undefined => {
  const codec = a['codec']
  if (codec === undefined) return undefined
  if (typeof codec !== 'object' || codec === null || typeof (codec as { decode?: unknown }).decode !== 'function') {
    throw new ArgumentValueError({ argument: 'codec', reason: "'codec' must be an io-ts codec (an object with a decode function)" })
  }
  return codec as PropertiesCodec<P>
}
