/**
 * The vector format of a read: how result vectors are given (numbers as REST prints them, or the
 * server's float32 values in a `Float32Array`), the type of a vector in each, and the one checker
 * of the `vectorFormat` argument.
 *
 * @packageDocumentation
 */
import { oneOf } from './check'

/**
 * How result vectors are given: `'array'`, plain numbers equal to REST's (REST's JSON prints each
 * float32 in its shortest form, so these are the numbers `JSON.parse` gives); `'float32'`, a
 * `Float32Array` holding the server's float32 values exactly (one memory copy per vector; the
 * vectors of one reply share 64 KiB blocks, see `float32Copier`).
 *
 * @example
 * ```ts
 * const format: VectorFormat = 'float32'
 * ```
 */
export type VectorFormat = 'array' | 'float32'

/**
 * The type of a vector in the given format.
 *
 * @example
 * ```ts
 * const v: VectorOf<'float32'> = new Float32Array(768)
 * ```
 */
export type VectorOf<F extends VectorFormat> = F extends 'float32' ? Float32Array : readonly number[]

/** Checks a `vectorFormat` argument: `'array'` or `'float32'`. Throws an ArgumentValueError. */
export const vectorFormat: (argument: string, value: unknown) => VectorFormat = oneOf(['array', 'float32'] as const)
