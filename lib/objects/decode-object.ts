/**
 * Decodes one raw object, and its properties with the caller's codec when one was given.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { pipe } from 'fp-ts/function'
import * as t from 'io-ts'
import { decode } from '../codecs/decode'
import { RawObject, WeaviateObject, normaliseObject } from '../codecs/object'
import { DecodeError, HttpMethod } from '../errors'

/** A decoder of properties: the caller's io-ts codec, or the default record. */
export type PropertiesCodec<P> = t.Decoder<unknown, P>

/** The default: any record of properties. */
export const AnyProperties: PropertiesCodec<Record<string, unknown>> = t.UnknownRecord

/**
 * Decodes an object of a response.
 *
 * @example
 * ```ts
 * decodeObject(AnyProperties, res.body, { method: 'GET', url: res.url })
 * ```
 */
export const decodeObject = <P>(
  codec: PropertiesCodec<P>,
  body: unknown,
  ctx: { readonly method: HttpMethod; readonly url: string },
): E.Either<DecodeError, WeaviateObject<P>> =>
  pipe(
    decode(RawObject, body, ctx),
    E.chain((raw) =>
      pipe(
        decode(codec, raw.properties ?? {}, ctx),
        E.mapLeft((e) => new DecodeError(e.method, e.url, e.report.map((line) => `properties.${line}`))),
        E.map((properties) => normaliseObject(raw, properties)),
      ),
    ),
  )
