/**
 * A search result as the object a stream gives: the shape of `GET /v1/objects` (class, id,
 * properties with references as `[{ beacon, href }]`, creation and update times, vectors), so a
 * filtered stream's objects equal the unfiltered stream's.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { WeaviateObject, normaliseObject } from '../../codecs/object'
import { DecodeError } from '../../core/errors'
import { SearchObject } from '../../query/result'
import { beacon } from '../../server/routes'
import { PropertiesCodec, decodeProperties } from '../../codecs/decode-object'
import type { VectorFormat, VectorOf } from '../../input/vector-format'

/** How the objects of one stream are turned into stream objects. */
export interface StreamObjectOptions<P> {
  /** Beacons name their class (Weaviate 1.14+). */
  readonly namespaced: boolean
  readonly codec: PropertiesCodec<P>
  /** For a `DecodeError`: the request the objects came from. */
  readonly method: 'POST'
  readonly url: string
}

const reference = (namespaced: boolean, target: SearchObject<Record<string, unknown>, VectorOf<VectorFormat>>): { beacon: string; href: string } => ({
  beacon: beacon(namespaced, target.className, target.id),
  href: namespaced ? `/v1/objects/${target.className}/${target.id}` : `/v1/objects/${target.id}`,
})

/**
 * The stream object of a search result, its properties (with the followed references as beacons)
 * decoded by the stream's codec.
 */
export const streamObjectOf = <P>(o: SearchObject<Record<string, unknown>, VectorOf<VectorFormat>>, options: StreamObjectOptions<P>): E.Either<DecodeError, WeaviateObject<P, VectorOf<VectorFormat>>> => {
  const properties: Record<string, unknown> = { ...o.properties }
  for (const [name, targets] of Object.entries(o.references ?? {})) {
    if (targets.length > 0) properties[name] = targets.map((target) => reference(options.namespaced, target))
  }
  const decoded = decodeProperties(options.codec, properties, options)
  if (E.isLeft(decoded)) return decoded
  return E.right(
    normaliseObject<P, VectorOf<VectorFormat>>(
      {
        class: o.className,
        id: o.id,
        ...(o.metadata.creationTimeUnix === undefined ? {} : { creationTimeUnix: o.metadata.creationTimeUnix }),
        ...(o.metadata.lastUpdateTimeUnix === undefined ? {} : { lastUpdateTimeUnix: o.metadata.lastUpdateTimeUnix }),
        ...(o.vector === undefined ? {} : { vector: o.vector }),
        ...(o.vectors === undefined ? {} : { vectors: o.vectors }),
      },
      decoded.right,
    ),
  )
}
