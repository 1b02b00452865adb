/**
 * Input checks of the schema and tenant operations: class and property definitions, tenant names.
 * Each returns a deep copy, so changing the caller's object after the call changes nothing sent.
 *
 * @packageDocumentation
 */
import * as t from 'io-ts'
import { ClassDefinition, PropertyDefinition, TenantInput } from '../codecs/class-definition'
import { report } from '../codecs/decode'
import { argumentKeys, knownKeys, oneOf, string, typeError, valueError } from '../input/check'
import { className, propertyName } from '../input/names'
import { ConfigParts, checkConfigParts } from './config-check'

const TENANT_KEYS = argumentKeys<TenantInput>('a tenant', { name: true, activityStatus: true })

const TENANT_NAME = /^[A-Za-z0-9\-_]{1,64}$/

const checked = <A>(codec: t.Decoder<unknown, A>, argument: string, value: unknown): A => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return typeError(argument, 'object', value)
  const result = codec.decode(value)
  if (result._tag === 'Left') return valueError(argument, `'${argument}' is not a valid definition: ${report(result.left).join('; ')}`)
  return result.right
}

const checkProperties = (argument: string, properties: readonly PropertyDefinition[] | null | undefined): void =>
  properties?.forEach((p, i) => {
    propertyName(`${argument}[${i}].name`, p.name)
    if (p.dataType.length === 0) valueError(`${argument}[${i}].dataType`, `'${argument}[${i}].dataType' must name at least one type`)
    checkProperties(`${argument}[${i}].nestedProperties`, p.nestedProperties)
  })

/**
 * A checked copy of a class definition: its configuration (`checkConfigParts`: types, known
 * settings and ranges, each error naming its path), the codec's types, a valid class name (first
 * letter upper-cased, as the server stores it) and valid property names at every depth.
 */
export const classDefinition = (argument: string, value: unknown): ClassDefinition => {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) checkConfigParts(argument, value as ConfigParts & Readonly<Record<string, unknown>>)
  const definition = checked(ClassDefinition, argument, value)
  const name = className(`${argument}.class`, definition.class)
  checkProperties(`${argument}.properties`, definition.properties)
  return { ...structuredClone(definition), class: name }
}

/**
 * A checked copy of a property definition.
 */
export const propertyDefinition = (argument: string, value: unknown): PropertyDefinition => {
  const property = checked(PropertyDefinition, argument, value)
  checkProperties(argument, [property])
  return structuredClone(property)
}

/**
 * A tenant name: 1 to 64 letters, digits, `-` or `_` (the server's rule).
 */
export const tenantName = (argument: string, value: unknown): string => {
  const s = string(argument, value)
  return TENANT_NAME.test(s) ? s : valueError(argument, `'${argument}' must match ${String(TENANT_NAME)}, got ${JSON.stringify(s.slice(0, 80))}`)
}

const nonEmptyArray = (argument: string, value: unknown): readonly unknown[] => {
  if (!Array.isArray(value)) return typeError(argument, 'array', value)
  return value.length > 0 ? value : valueError(argument, `'${argument}' must not be empty`)
}

/**
 * `names` when none is given twice. A tenant operation of several requests (`tenant-chunks.ts`)
 * sends a name given twice in two requests, where the server, seeing both in one, refuses them.
 */
export const distinctNames = <T>(argument: string, items: readonly T[], nameOf: (item: T) => string): readonly T[] => {
  const seen = new Set<string>()
  items.forEach((item, i) => {
    const name = nameOf(item)
    if (seen.has(name)) valueError(`${argument}[${i}]`, `'${argument}' names the tenant ${JSON.stringify(name)} twice`)
    seen.add(name)
  })
  return items
}

/**
 * Tenant names, at least one.
 */
export const tenantNames = (argument: string, value: unknown): readonly string[] =>
  nonEmptyArray(argument, value).map((item, i) => tenantName(`${argument}[${i}]`, item))

/** The statuses a client may set (the legacy input names `HOT`/`COLD`/`FROZEN` are refused). */
export const tenantActivityStatus = oneOf(['ACTIVE', 'INACTIVE', 'OFFLOADED'] as const)

/**
 * Tenants to create or update, each a name or `{ name, activityStatus? }`; at least one. The
 * status must be `ACTIVE`, `INACTIVE` or `OFFLOADED`.
 */
export const tenants = (argument: string, value: unknown): readonly TenantInput[] =>
  nonEmptyArray(argument, value).map((item, i): TenantInput => {
    const at = `${argument}[${i}]`
    if (typeof item === 'string') return { name: tenantName(at, item) }
    if (typeof item !== 'object' || item === null) return typeError(at, 'string or { name, activityStatus? }', item)
    knownKeys(TENANT_KEYS, item as Record<string, unknown>, at)
    const { name, activityStatus } = item as { name?: unknown; activityStatus?: unknown }
    const status = activityStatus === undefined ? undefined : tenantActivityStatus(`${at}.activityStatus`, activityStatus)
    return status === undefined ? { name: tenantName(`${at}.name`, name) } : { name: tenantName(`${at}.name`, name), activityStatus: status }
  })
