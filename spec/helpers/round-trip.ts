/**
 * Field-by-field comparison of a class definition written with what the server reads back.
 */
import type { ClassDefinition } from '../../lib'

/** A leaf of a value: its dotted path and the value there. */
export type Leaf = readonly [string, unknown]

/** Every leaf of `value` with its dotted path (a list of objects by index; other lists are leaves). */
export const leaves = (value: unknown, path = ''): Leaf[] => {
  const join = (k: string): string => (path === '' ? k : `${path}.${k}`)
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'object' && v !== null && !Array.isArray(v))) {
    return value.flatMap((v, i) => leaves(v, join(String(i))))
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value).flatMap(([k, v]) => leaves(v, join(k))) : [[path, value]]
}

/** The value at a dotted path (undefined where the path leaves the value). */
export const at = (value: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((v, k) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[k] : undefined), value)

/** The leaves of `written` whose value read back differs: `[]` when every field round-trips. */
export const differences = (written: ClassDefinition, read: unknown): Leaf[] =>
  leaves(written)
    .filter(([path, value]) => JSON.stringify(at(read, path)) !== JSON.stringify(value))
    .map(([path, value]) => [path, { written: value, read: at(read, path) }])
