/**
 * The arguments and the answer of `client.cluster.namespaces`, and their checks.
 *
 * @packageDocumentation
 */
import { NamespaceCodec, NamespaceState } from '../../codecs/namespace'
import { CallOptions, callOptions } from '../../context/context'
import { argsOf, argumentKeys, nonEmptyString, optional, valueError } from '../../input/check'

/**
 * A namespace of the cluster: a unit of administration that owns classes, aliases, users and roles.
 *
 * @example
 * ```ts
 * const show = (n: Namespace): string => `${n.name} on ${n.homeNode ?? '?'}: ${n.state ?? '?'}`
 * ```
 */
export interface Namespace {
  readonly name: string
  /** The node where the namespace's shards are placed. */
  readonly homeNode?: string
  readonly state?: NamespaceState
}

/**
 * One namespace by name.
 *
 * @example
 * ```ts
 * client.cluster.namespaces.get({ name: 'tenant-a' })
 * ```
 */
export interface NamespaceArgs extends CallOptions {
  /** 3 to 36 lower-case letters, digits and hyphens, starting and ending with a letter or a digit. */
  readonly name: string
}

/**
 * The arguments of `client.cluster.namespaces.create`.
 *
 * @example
 * ```ts
 * client.cluster.namespaces.create({ name: 'tenant-a', homeNode: 'node1' })
 * ```
 */
export interface NamespaceCreateArgs extends NamespaceArgs {
  /** The node to place the namespace's shards on; by default the cluster picks one. */
  readonly homeNode?: string
}

/**
 * The arguments of `client.cluster.namespaces.update`.
 *
 * @example
 * ```ts
 * client.cluster.namespaces.update({ name: 'tenant-a', homeNode: 'node2' })
 * ```
 */
export interface NamespaceUpdateArgs extends NamespaceArgs {
  /** The node for future placements; shards already placed stay where they are. */
  readonly homeNode: string
}

// -------------------------------------------------------------------------------------
// checks
// -------------------------------------------------------------------------------------

/** The server's name syntax (v1.39.0 entities/schema ValidateNamespaceNameSyntax); reserved names are the server's to refuse. */
const NAME = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/

const namespaceName = (argument: string, value: unknown): string => {
  const s = nonEmptyString(argument, value)
  if (s.length < 3 || s.length > 36) valueError(argument, `'${argument}' must be 3 to 36 characters, got ${s.length}`)
  return NAME.test(s)
    ? s
    : valueError(argument, `'${argument}' may hold only lower-case letters, digits and '-', starting and ending with a letter or digit, got ${JSON.stringify(s)}`)
}

const NAMED = { name: true, retry: true, timeout: true, headers: true } as const

/** The keys each namespace operation takes. */
export const NAMESPACE_KEYS = {
  get: argumentKeys<NamespaceArgs>('namespaces.get', NAMED),
  create: argumentKeys<NamespaceCreateArgs>('namespaces.create', { ...NAMED, homeNode: true }),
  update: argumentKeys<NamespaceUpdateArgs>('namespaces.update', { ...NAMED, homeNode: true }),
  delete: argumentKeys<NamespaceArgs>('namespaces.delete', NAMED),
  suspend: argumentKeys<NamespaceArgs>('namespaces.suspend', NAMED),
  resume: argumentKeys<NamespaceArgs>('namespaces.resume', NAMED),
} as const

/** A checked name, with the home node of a create or an update. */
export interface CheckedNamespace {
  readonly name: string
  readonly homeNode: string | undefined
  readonly call: CallOptions
}

export const checkNamespace = (keys: (typeof NAMESPACE_KEYS)[keyof typeof NAMESPACE_KEYS], args: unknown, homeNode: 'required' | 'optional' | 'none' = 'none'): CheckedNamespace => {
  const a = argsOf(keys, args)
  return {
    name: namespaceName('name', a['name']),
    homeNode: homeNode === 'required' ? nonEmptyString('homeNode', a['homeNode']) : homeNode === 'optional' ? optional(nonEmptyString, 'homeNode', a['homeNode']) : undefined,
    call: callOptions(a),
  }
}

/** The answer as the client names it. */
export const toNamespace = (n: typeof NamespaceCodec._A): Namespace => ({
  name: n.name,
  ...(n.home_node === undefined || n.home_node === '' ? {} : { homeNode: n.home_node }),
  ...(n.state === undefined ? {} : { state: n.state }),
})
