/**
 * The vector format `copy` reads a class in, which is also how it picks the transport of its
 * reads: under `--transport auto` the commands read over gRPC only vectors asked for as
 * Float32Arrays ({@link readTransport}), the form gRPC carries them in as bytes and the target's
 * batch takes as they are. So copy asks for `'float32'` where the class has vectors; bare objects
 * stay `'array'`, which it reads over REST (faster for them: docs/decisions/0004-vector-formats.md). (`export`
 * reads REST under `auto`: see its `exportVectorFormat`.)
 *
 * @packageDocumentation
 */
import type { Client, TransportMode, VectorFormat } from '../../index'
import { firstRight } from '../../index'

/**
 * What is read.
 *
 * @example
 * ```ts
 * const read: VectorRead = { className: 'Article', withVector: true, transport: 'auto' }
 * ```
 */
export interface VectorRead {
  readonly className: string
  readonly withVector: boolean
  readonly transport: TransportMode
}

/**
 * `'float32'` when vectors are read and may go over gRPC: always with `--transport grpc`; with
 * `auto` when the class's first object has a vector (or named vectors), a one-object REST read.
 * `'array'` otherwise (no vectors read, `--transport rest`, or a class without vectors).
 *
 * @example
 * ```ts
 * const format = await vectorFormatFor(client, { className: 'Article', withVector: true, transport: 'auto' })
 * ```
 */
export const vectorFormatFor = async (client: Client, read: VectorRead): Promise<VectorFormat> => {
  if (!read.withVector || read.transport === 'rest') return 'array'
  if (read.transport === 'grpc') return 'float32'
  const [first] = await firstRight(client.objects.list({ className: read.className, limit: 1, withVector: true }))
  return first !== undefined && hasVectors(first) ? 'float32' : 'array'
}

/**
 * The transport of a command's reads: under `auto`, `'array'` reads go over REST (copy: a class
 * without vectors; export: REST's numbers, faster for the command's one thread), where
 * the library's stream would take gRPC for any read with vectors asked for.
 *
 * @example
 * ```ts
 * readTransport('auto', 'array') // 'rest'
 * readTransport('auto', 'float32') // 'auto'
 * ```
 */
export const readTransport = (transport: TransportMode, format: VectorFormat): TransportMode => (transport === 'auto' && format === 'array' ? 'rest' : transport)

const hasVectors = (o: { readonly vector?: readonly number[]; readonly vectors?: Readonly<Record<string, unknown>> }): boolean =>
  (o.vector?.length ?? 0) > 0 || Object.keys(o.vectors ?? {}).length > 0
