/**
 * The optional last argument of the schema and tenant operations: per-call retry and timeout.
 *
 * @packageDocumentation
 */
import { CallOptions, callOptions } from '../context/context'
import { argsObject } from '../input/check'

/**
 * Checks the per-call options of a positional operation (`undefined` means none).
 */
export const callInput = (operation: string, options: unknown): CallOptions =>
  options === undefined ? {} : callOptions(argsObject(`${operation} options`, options))
