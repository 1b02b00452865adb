/**
 * `GET /v1/meta`: only `version` is needed to pick paths; the rest is kept as it came.
 *
 * @packageDocumentation
 */
import * as t from 'io-ts'

/**
 * The server's meta information.
 *
 * @example
 * ```ts
 * client.meta.get() // right({ version: '1.39.0', hostname: 'http://127.0.0.1:8080', modules: {} })
 * ```
 */
export const Meta = t.intersection([
  t.type({ version: t.string }),
  t.partial({ hostname: t.string, modules: t.UnknownRecord, grpcMaxMessageSize: t.number }),
])
export type Meta = t.TypeOf<typeof Meta>
