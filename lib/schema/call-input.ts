/**
 * The optional last argument of the schema and tenant operations: per-call retry and timeout.
 *
 * @packageDocumentation
 */
import { CALL_KEYS, CallOptions, callOptions } from '../context/context'
import { argsOf, argumentKeys } from '../input/check'

/**
 * Checks the per-call options of a positional operation (`undefined` means none).
 */
export const callInput = (operation: string, options: unknown): CallOptions =>
  options === undefined ? {} : callOptions(argsOf(argumentKeys<CallOptions>(`${operation} options`, CALL_KEYS), options))
