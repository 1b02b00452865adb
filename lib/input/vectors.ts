/**
 * Vectors as the client takes them in writes and searches: a vector, a multi-vector (ColBERT-style:
 * a list of vectors of one dimension) and named vectors (`vectors: { name: ... }`), their public
 * types and their checks. A check copies what it accepts, so changing the caller's arrays after the
 * call changes nothing that is sent.
 *
 * @packageDocumentation
 */
import { isFiniteNumber, typeError, valueError } from './check'

/**
 * A vector as the client accepts it: numbers or a `Float32Array`.
 *
 * @example
 * ```ts
 * const a: VectorInput = [0.1, 0.2]
 * const b: VectorInput = new Float32Array([0.1, 0.2])
 * ```
 */
export type VectorInput = readonly number[] | Float32Array

/**
 * A multi-vector (a named vector whose index has `multivector: { enabled: true }`, Weaviate
 * 1.29+): a non-empty list of vectors, all of one non-zero dimension (at most 65,535, what the gRPC
 * API's uint16 carries).
 *
 * @example
 * ```ts
 * const tokens: MultiVectorInput = [[0.1, 0.2], new Float32Array([0.3, 0.4])]
 * ```
 */
export type MultiVectorInput = readonly VectorInput[]

/**
 * Named vectors (Weaviate 1.24+): a vector or a multi-vector by vector name, as the class's
 * `vectorConfig` names them. Each vector is non-empty.
 *
 * @example
 * ```ts
 * const vectors: NamedVectorsInput = { title: [0.1, 0.2, 0.3], colbert: [[0.1, 0.2], [0.3, 0.4]] }
 * ```
 */
export type NamedVectorsInput = Readonly<Record<string, VectorInput | MultiVectorInput>>

/**
 * Checked named vectors, each vector a `V` (a copy: `number[]` for REST's JSON, a `Float32Array`
 * for gRPC's bytes); a multi-vector is a plain array of `V`s of one dimension.
 */
export type CheckedNamedVectors<V extends ArrayLike<number> = readonly number[]> = Readonly<Record<string, V | readonly V[]>>

/** The largest dimension of a multi-vector: the gRPC API sends it as a uint16. */
export const MAX_MULTI_VECTOR_DIMENSION = 0xffff

/**
 * True for a checked multi-vector: a plain array whose items are vectors (a checked vector is
 * never empty, and is a `number[]` or a `Float32Array`).
 */
export const isMultiVector = <V extends ArrayLike<number>>(v: V | readonly V[]): v is readonly V[] => Array.isArray(v) && typeof v[0] !== 'number'

/**
 * True when any of the named vectors is a multi-vector.
 */
export const hasMultiVector = <V extends ArrayLike<number>>(vectors: CheckedNamedVectors<V>): boolean => Object.values(vectors).some(isMultiVector)

/**
 * A vector: an array of finite numbers or a Float32Array (an empty one is kept and sent, as the
 * reference client does for `vector`); a plain array copy either way.
 */
export const vector = (argument: string, value: unknown): readonly number[] => {
  // Plain loops that check and copy in one pass: a search checks a vector on every call.
  if (value instanceof Float32Array) {
    const copy = new Array<number>(value.length)
    for (let i = 0; i < value.length; i++) {
      const item = value[i] ?? Number.NaN
      if (!isFiniteNumber(item)) valueError(argument, `'${argument}[${i}]' must be a finite number`)
      copy[i] = item
    }
    return copy
  }
  if (!Array.isArray(value)) return typeError(argument, 'number[] | Float32Array', value)
  const items: readonly unknown[] = value
  const copy = new Array<number>(items.length)
  for (let i = 0; i < items.length; i++) {
    const item = items[i]
    if (typeof item !== 'number') return typeError(`${argument}[${i}]`, 'number', item)
    if (!isFiniteNumber(item)) return valueError(argument, `'${argument}[${i}]' must be a finite number`)
    copy[i] = item
  }
  return copy
}

/**
 * A vector as a Float32Array copy, checked like {@link vector} (the same errors): one pass for a
 * vector of finite numbers, which is what gRPC sends (-0 is written as 0, as JSON writes it).
 */
export const float32Vector = (argument: string, value: unknown): Float32Array => {
  if (value instanceof Float32Array || Array.isArray(value)) {
    const copy = new Float32Array(value.length)
    if (copyFiniteFloat32(value, copy)) return copy
  }
  // Not a finite vector: `vector` throws the error that names it.
  return Float32Array.from(vector(argument, value))
}

/** True when every item of `items` is a finite number. */
export const isFiniteArray = (items: readonly unknown[]): items is readonly number[] => {
  for (let i = 0; i < items.length; i++) if (!isFiniteNumber(items[i])) return false
  return true
}

/**
 * Copies a vector of finite numbers into `into` (at least as long) as float32s, -0 as 0 (as JSON
 * writes it), in one pass; false at the first item that is not a finite number (`into` then holds
 * part of a copy). One loop per kind of source, so that each loop reads one kind of array: a loop
 * over both read every number boxed.
 */
export const copyFiniteFloat32 = (source: readonly unknown[] | Float32Array, into: Float32Array): boolean =>
  source instanceof Float32Array ? copyFromFloat32(source, into) : copyFromArray(source, into)

const copyFromArray = (source: readonly unknown[], into: Float32Array): boolean => {
  for (let i = 0; i < source.length; i++) {
    const x = source[i]
    if (!isFiniteNumber(x)) return false
    into[i] = x || 0
  }
  return true
}

const copyFromFloat32 = (source: Float32Array, into: Float32Array): boolean => {
  for (let i = 0; i < source.length; i++) {
    const x = source[i] ?? Number.NaN
    if (!isFiniteNumber(x)) return false
    into[i] = x || 0
  }
  return true
}

const isVectorLike = (u: unknown): boolean => Array.isArray(u) || u instanceof Float32Array

/** The check of a non-empty vector whose numbers `leaf` checks and copies (into a `V`). */
const nonEmptyOf =
  <V extends ArrayLike<number>>(leaf: (argument: string, value: unknown) => V) =>
  (at: string, value: unknown): V => {
    const v = leaf(at, value)
    return v.length > 0 ? v : valueError(at, `'${at}' must not be empty`)
  }

/**
 * A vector that is not empty (a search's query vector), checked and copied as {@link vector} does.
 */
export const nonEmptyVector = nonEmptyOf(vector)

/**
 * The check of one vector or multi-vector whose vectors `leaf` checks and copies (into a `V`):
 * a non-empty vector, or a non-empty list of non-empty vectors of one dimension; the errors name
 * the offending value (`vectors.colbert[1]`).
 */
const vectorOrMultiVectorOf = <V extends ArrayLike<number>>(leaf: (argument: string, value: unknown) => V): ((at: string, item: unknown) => V | readonly V[]) => {
  // Made once per leaf, not per call: a search checks its query vector on every call.
  const nonEmpty = nonEmptyOf(leaf)
  const multi = (at: string, items: readonly unknown[]): readonly V[] => {
    const out = new Array<V>(items.length)
    for (let i = 0; i < items.length; i++) {
      const itemAt = `${at}[${i}]`
      const value = items[i]
      if (!isVectorLike(value)) return typeError(itemAt, 'number[] | Float32Array', value)
      const v = nonEmpty(itemAt, value)
      const dimension = out[0]?.length ?? v.length
      if (v.length !== dimension) {
        return valueError(itemAt, `'${itemAt}' has ${v.length} dimensions, '${at}[0]' has ${dimension}: a multi-vector's vectors share one dimension`)
      }
      if (dimension > MAX_MULTI_VECTOR_DIMENSION) {
        return valueError(itemAt, `'${itemAt}' has ${v.length} dimensions; a multi-vector's vectors have at most ${MAX_MULTI_VECTOR_DIMENSION}`)
      }
      out[i] = v
    }
    return out
  }
  return (at, item) => {
    if (item instanceof Float32Array) return nonEmpty(at, item)
    if (!Array.isArray(item)) return typeError(at, 'number[] | Float32Array | number[][]', item)
    if (item.length === 0) return valueError(at, `'${at}' must not be empty`)
    if (isVectorLike(item[0])) return multi(at, item as readonly unknown[])
    if (typeof item[0] === 'number') return nonEmpty(at, item)
    return typeError(`${at}[0]`, 'number (a vector) or number[] | Float32Array (a multi-vector)', item[0])
  }
}

/**
 * A vector or a multi-vector (a search's query vector), checked and copied as plain numbers: a
 * non-empty vector, or a non-empty list of non-empty vectors of one dimension.
 */
export const vectorOrMultiVector = vectorOrMultiVectorOf(vector)

/**
 * The check of named vectors whose vectors `leaf` checks and copies (into a `V`): an object of
 * non-empty vectors or multi-vectors by vector name (see {@link NamedVectorsInput}).
 */
const namedVectorsOf = <V extends ArrayLike<number>>(leaf: (argument: string, value: unknown) => V): ((argument: string, value: unknown) => CheckedNamedVectors<V>) => {
  const item = vectorOrMultiVectorOf(leaf)
  return (argument, value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || ArrayBuffer.isView(value)) {
      return typeError(argument, 'Record<string, number[] | Float32Array | number[][]>', value)
    }
    const out: Record<string, V | readonly V[]> = {}
    for (const [key, v] of Object.entries(value)) out[key] = item(`${argument}.${key}`, v)
    return out
  }
}

/**
 * Named vectors, checked and copied as plain numbers (what REST's JSON sends): an object of
 * non-empty vectors or multi-vectors by vector name (see {@link NamedVectorsInput}).
 */
export const namedVectors = namedVectorsOf(vector)

/**
 * Named vectors checked like {@link namedVectors}, each vector copied into a Float32Array in one
 * pass (what gRPC sends as bytes).
 */
export const float32NamedVectors = namedVectorsOf(float32Vector)
