/**
 * The answers of `/v1/namespaces/...` (Namespace and NamespaceListResponse in Weaviate's OpenAPI
 * document).
 *
 * @packageDocumentation
 */
import * as t from 'io-ts'

/**
 * The lifecycle state of a namespace: `'active'`, `'suspended'` (its users cannot sign in and
 * nothing new is created in it; everything is kept), `'resuming'` (on its way back to active),
 * `'deleting'` (being removed).
 *
 * @example
 * ```ts
 * const usable = (s: NamespaceState | undefined): boolean => s === 'active'
 * ```
 */
export type NamespaceState = 'active' | 'suspended' | 'resuming' | 'deleting'

const NamespaceStateCodec = t.keyof({ active: null, suspended: null, resuming: null, deleting: null })

/** One namespace. */
export const NamespaceCodec = t.intersection([
  t.type({ name: t.string }),
  t.partial({ home_node: t.string, state: NamespaceStateCodec }),
])

/** The list of namespaces. */
export const NamespaceListCodec = t.array(NamespaceCodec)
