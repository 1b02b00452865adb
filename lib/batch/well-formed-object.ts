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
import { argumentKeys } from '../input/check'
import type { NamedVectorsInput, VectorInput } from '../input/vectors'
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

/**
 * One object for `objects.batch`: the create shape, with the properties given inline.
 *
 * @example
 * ```ts
 * const item: BatchObject = { className: 'Article', dataObject: { title: 'x' }, vector: [0.1, 0.2] }
 * ```
 */
export interface BatchObject {
  readonly className: string
  readonly dataObject: Readonly<Record<string, unknown>>
  /** Written under this UUID; otherwise `uuidOf`, otherwise a random v4, assigned before sending. */
  readonly uuid?: string
  /** The object's vector; sent as float32 bytes over gRPC, as a JSON array over REST. */
  readonly vector?: VectorInput
  /**
   * Named vectors (Weaviate 1.24+), by vector name: vectors, or multi-vectors (Weaviate 1.29+). On
   * an older server the object fails with UnsupportedVersionError and is not sent.
   */
  readonly vectors?: NamedVectorsInput
  /** Tenant of a multi-tenant class. */
  readonly tenant?: string
}

/**
 * The keys of a {@link BatchObject}: an item with another key is not well formed, and its checked
 * path names the key.
 */
export const BATCH_OBJECT_KEYS = argumentKeys<BatchObject>('an object of objects.batch', {
  className: true,
  dataObject: true,
  uuid: true,
  vector: true,
  vectors: true,
  tenant: true,
})

/** Whether every key of `item` is one of an object's (one pass over its few keys: the import's hot path). */
const onlyObjectKeys = (item: Readonly<Record<string, unknown>>): boolean => {
  for (const key in item) if (BATCH_OBJECT_KEYS.table[key] !== true && item[key] !== undefined) return false
  return true
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
    if (!onlyObjectKeys(item)) return undefined
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
