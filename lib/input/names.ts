/**
 * Class and property names. Class names are sent with their first letter upper-cased (the server
 * does the same, and beacons must carry the upper-cased form); property names are never changed.
 * Both must match Weaviate's name grammar, which also keeps them from escaping their path segment.
 *
 * @packageDocumentation
 */
import { string, valueError } from './check'

const CLASS_NAME = /^[A-Za-z][_0-9A-Za-z]*$/
const PROPERTY_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/
/** A named vector's name (entities/schema/validation.go). */
const VECTOR_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,230}$/

/** Upper-cases the first character only: `karaokeSongs` -> `KaraokeSongs`. */
export const capitalizeFirst = (s: string): string => {
  const first = s.charCodeAt(0)
  // Already upper-case A-Z (the usual class name): the string itself, no new one.
  return first >= 65 && first <= 90 ? s : s.charAt(0).toUpperCase() + s.slice(1)
}

/**
 * Checks a class name and returns it with the first letter upper-cased.
 */
export const className = (argument: string, value: unknown): string => {
  const s = string(argument, value)
  return CLASS_NAME.test(s)
    ? capitalizeFirst(s)
    : valueError(argument, `'${argument}' must match ${String(CLASS_NAME)}, got ${JSON.stringify(s.slice(0, 80))}`)
}

/** Checks a property name (returned unchanged). */
export const propertyName = (argument: string, value: unknown): string => {
  const s = string(argument, value)
  return PROPERTY_NAME.test(s)
    ? s
    : valueError(argument, `'${argument}' must match ${String(PROPERTY_NAME)}, got ${JSON.stringify(s.slice(0, 80))}`)
}

/** Checks the name of a named vector (returned unchanged). */
export const vectorName = (argument: string, value: unknown): string => {
  const s = string(argument, value)
  return VECTOR_NAME.test(s)
    ? s
    : valueError(argument, `'${argument}' must match ${String(VECTOR_NAME)}, got ${JSON.stringify(s.slice(0, 80))}`)
}
