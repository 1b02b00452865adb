/**
 * The hot path of an import, shared by both transports: an object of `objects.batch` read without
 * building argument names or intermediate objects, when it is well formed. Anything unusual (a
 * missing or malformed field, named vectors, a `toJSON` of its own) gives `undefined`, and the
 * caller's checked path then decides, naming the offending argument.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { v4 as uuidv4 } from 'uuid'
import { ArgumentError } from '../core/errors'
import { checkInput } from '../core/operation'
import { className } from '../input/names'
import { canonicalUuid, uuid as checkUuid } from '../input/uuid'

/**
 * The fields of a well-formed object: the class name checked, the UUID (when given) canonical, the
 * vector (when given) not yet checked (each transport reads it in its own single pass).
 */
export interface WellFormedObject {
  readonly data: Readonly<Record<string, unknown>>
  readonly className: string
  readonly uuid: string | undefined
  readonly vector: unknown
  readonly tenant: string | undefined
}

/** At most this many class names are remembered as checked per call (imports write to a few). */
const CLASS_NAME_CACHE = 64

const isPlainRecord = (u: unknown): u is Readonly<Record<string, unknown>> => typeof u === 'object' && u !== null && !Array.isArray(u)

const present = (u: unknown): boolean => u !== undefined && u !== null

/**
 * A reader of well-formed objects for one call: each distinct class name is checked once.
 */
export const wellFormedObjects = (): ((item: unknown) => WellFormedObject | undefined) => {
  const classNames = new Map<string, string>()
  return (item) => {
    if (!isPlainRecord(item)) return undefined
    const data = item['dataObject']
    const rawClass = item['className']
    if (!isPlainRecord(data) || typeof rawClass !== 'string') return undefined
    // A `toJSON` of its own is called with the key 'properties' inside the object: the checked path.
    if (typeof data['toJSON'] === 'function') return undefined
    // Named vectors take the checked path.
    if (present(item['vectors'])) return undefined
    let klass = classNames.get(rawClass)
    if (klass === undefined) {
      const checked = checkInput(() => className('className', rawClass))
      if (E.isLeft(checked)) return undefined
      klass = checked.right
      if (classNames.size < CLASS_NAME_CACHE) classNames.set(rawClass, klass)
    }
    const rawUuid = item['uuid']
    let uuid: string | undefined
    if (present(rawUuid)) {
      if (typeof rawUuid !== 'string') return undefined
      uuid = canonicalUuid(rawUuid)
      if (uuid === undefined) return undefined
    }
    const rawTenant = item['tenant']
    let tenant: string | undefined
    if (present(rawTenant)) {
      if (typeof rawTenant !== 'string' || rawTenant.length === 0) return undefined
      tenant = rawTenant
    }
    const vector = item['vector']
    return { data, className: klass, uuid, vector: present(vector) ? vector : undefined, tenant }
  }
}

/**
 * The UUID an object is written under: its own, else `uuidOf`'s (checked), else a random v4.
 */
export const uuidFor = <T>(
  given: string | undefined,
  uuidOf: ((object: T, index: number) => string) | undefined,
  item: unknown,
  index: number,
): E.Either<ArgumentError, string> => {
  if (given !== undefined) return E.right(given)
  if (uuidOf === undefined) return E.right(uuidv4())
  return checkInput(() => checkUuid(`objects[${index}] uuidOf`, uuidOf(item as T, index)))
}
