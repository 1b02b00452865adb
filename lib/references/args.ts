/**
 * Public arguments of the reference operations and their checks.
 *
 * @packageDocumentation
 */
import { CallOptions, callOptions } from '../context/context'
import { ArgumentValueError } from '../core/errors'
import { ConsistencyLevel, KeyTable, argsOf, argumentKeys, consistencyLevel, name, optional, typeError } from '../input/check'
import { className, propertyName } from '../input/names'
import { uuid } from '../input/uuid'

/**
 * Arguments of `references.add` and `references.delete`.
 *
 * @example
 * ```ts
 * const args: ReferenceArgs = {
 *   fromClassName: 'Article', fromUuid: articleId, fromPropertyName: 'writtenBy',
 *   toClassName: 'Author', toUuid: authorId,
 * }
 * ```
 */
export interface ReferenceArgs extends CallOptions {
  readonly fromUuid: string
  readonly fromPropertyName: string
  readonly toUuid: string
  /** Strongly recommended from server 1.14. */
  readonly fromClassName?: string
  /** Strongly recommended from server 1.14. */
  readonly toClassName?: string
  readonly consistencyLevel?: ConsistencyLevel
  readonly tenant?: string
}

/**
 * Arguments of `references.replace`.
 *
 * @example
 * ```ts
 * const args: ReplaceReferencesArgs = {
 *   fromClassName: 'Article', fromUuid: articleId, fromPropertyName: 'writtenBy',
 *   toUuids: [authorId, otherId], toClassNames: 'Author',
 * }
 * ```
 */
export interface ReplaceReferencesArgs extends CallOptions {
  readonly fromUuid: string
  readonly fromPropertyName: string
  /** One target or several, in order; `[]` clears the property. */
  readonly toUuids: string | readonly string[]
  readonly fromClassName?: string
  /** One class for every target, or one per target in the same order; `[]` means not given. */
  readonly toClassNames?: string | readonly string[]
  readonly consistencyLevel?: ConsistencyLevel
  readonly tenant?: string
}

/** A checked reference target. */
export interface Target {
  readonly uuid: string
  readonly className: string | undefined
}

const REFERENCE_KEYS: KeyTable<ReferenceArgs> = {
  fromUuid: true,
  fromPropertyName: true,
  toUuid: true,
  fromClassName: true,
  toClassName: true,
  consistencyLevel: true,
  tenant: true,
  retry: true,
  timeout: true, headers: true,
}

/** The keys of each reference operation, tied to its public arguments type. */
export const REFERENCES_KEYS = {
  add: argumentKeys<ReferenceArgs>('references.add', REFERENCE_KEYS),
  delete: argumentKeys<ReferenceArgs>('references.delete', REFERENCE_KEYS),
  replace: argumentKeys<ReplaceReferencesArgs>('references.replace', {
    fromUuid: true,
    fromPropertyName: true,
    toUuids: true,
    fromClassName: true,
    toClassNames: true,
    consistencyLevel: true,
    tenant: true,
    retry: true,
    timeout: true, headers: true,
  }),
} as const

/** The checked input of a reference operation: the source, its targets, the query. */
export interface ReferenceInput {
  readonly fromUuid: string
  readonly fromPropertyName: string
  readonly fromClassName: string | undefined
  readonly consistencyLevel: ConsistencyLevel | undefined
  readonly tenant: string | undefined
  readonly call: CallOptions
  readonly targets: readonly Target[]
}

/** The checked source side and query of every reference operation. */
export const sourceFields = (a: Record<string, unknown>): Omit<ReferenceInput, 'targets'> => ({
  fromUuid: uuid('fromUuid', a['fromUuid']),
  fromPropertyName: propertyName('fromPropertyName', a['fromPropertyName']),
  fromClassName: optional(className, 'fromClassName', a['fromClassName']),
  consistencyLevel: optional(consistencyLevel, 'consistencyLevel', a['consistencyLevel']),
  tenant: optional(name, 'tenant', a['tenant']),
  call: callOptions(a),
})

/** Checks add/delete arguments. */
export const singleInput = (operation: 'add' | 'delete', args: unknown): ReferenceInput => {
  const a = argsOf(REFERENCES_KEYS[operation], args, operation)
  const target: Target = {
    uuid: uuid('toUuid', a['toUuid']),
    className: optional(className, 'toClassName', a['toClassName']),
  }
  return { ...sourceFields(a), targets: [target] }
}

/** Checks replace arguments: `toUuids` and `toClassNames` pair up into targets. */
export const replaceInput = (args: unknown): ReferenceInput => {
  const a = argsOf(REFERENCES_KEYS.replace, args, 'replace')
  const rawUuids = a['toUuids']
  const uuids =
    typeof rawUuids === 'string'
      ? [uuid('toUuids', rawUuids)]
      : Array.isArray(rawUuids)
        ? rawUuids.map((u: unknown, i) => uuid(`toUuids[${i}]`, u))
        : typeError('toUuids', 'string | string[]', rawUuids)
  const rawClasses = a['toClassNames']
  const classes: ReadonlyArray<string | undefined> =
    rawClasses === undefined || rawClasses === null || (Array.isArray(rawClasses) && rawClasses.length === 0)
      ? uuids.map(() => undefined)
      : typeof rawClasses === 'string'
        ? uuids.map(() => className('toClassNames', rawClasses))
        : Array.isArray(rawClasses)
          ? rawClasses.map((c: unknown, i) => className(`toClassNames[${i}]`, c))
          : typeError('toClassNames', 'string | string[]', rawClasses)
  if (classes.length !== uuids.length) {
    throw new ArgumentValueError({ argument: 'toClassNames', reason: "'toClassNames' and 'toUuids' have different lengths, they must match" })
  }
  const targets: Target[] = uuids.map((u, i) => ({ uuid: u, className: classes[i] }))
  return { ...sourceFields(a), targets }
}
