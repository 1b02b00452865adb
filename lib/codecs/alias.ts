/**
 * The alias bodies (Weaviate 1.32+): one alias `{ alias, class }`, and the list
 * `{ aliases: [...] }` of `GET /v1/aliases`.
 *
 * @packageDocumentation
 */
import * as t from 'io-ts'

/**
 * An alias: a second name of a class that the server resolves wherever a class name goes.
 *
 * @example
 * ```ts
 * const alias: Alias = { alias: 'Articles', class: 'Articles_v2' }
 * ```
 */
export interface Alias {
  /** The alias name (first letter upper-cased, as the server stores it). */
  readonly alias: string
  /** The class it points to. */
  readonly class: string
}

/**
 * The codec of {@link Alias}: both names are required.
 */
export const AliasCodec: t.Type<Alias, Alias> = t.readonly(t.type({ alias: t.string, class: t.string }))

/**
 * The list body: `aliases` may be missing or `null` when there are none, read as `[]`.
 */
export const AliasList = t.partial({ aliases: t.union([t.readonlyArray(AliasCodec), t.null]) })
export type AliasList = t.TypeOf<typeof AliasList>
