/**
 * Server versions: parsed from `GET /v1/meta` and compared numerically (1.9 < 1.14 < 1.100), never
 * as strings. From 1.14 objects are addressed by class name and UUID.
 *
 * @packageDocumentation
 */

/**
 * A parsed `major.minor.patch` version.
 *
 * @example
 * ```ts
 * const v: ServerVersion = { raw: '1.39.0', major: 1, minor: 39, patch: 0 }
 * ```
 */
export interface ServerVersion {
  readonly raw: string
  readonly major: number
  readonly minor: number
  readonly patch: number
}

/**
 * Parses `1.39.0`, `v1.14`, `1.25.0-rc.1`; undefined when there is no `major.minor`.
 *
 * @example
 * ```ts
 * parseVersion('1.100.2') // { raw: '1.100.2', major: 1, minor: 100, patch: 2 }
 * ```
 */
export const parseVersion = (raw: string): ServerVersion | undefined => {
  const m = /^v?(\d+)\.(\d+)(?:\.(\d+))?/.exec(raw.trim())
  if (m === null) return undefined
  return { raw, major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3] ?? 0) }
}

/**
 * Numeric comparison of two versions: negative, zero or positive.
 *
 * @example
 * ```ts
 * compareVersions(parseVersion('1.9.0')!, parseVersion('1.14.0')!) < 0 // true
 * ```
 */
export const compareVersions = (a: ServerVersion, b: ServerVersion): number =>
  a.major - b.major || a.minor - b.minor || a.patch - b.patch

/**
 * True from 1.14 on: class-namespaced object paths and class-qualified beacons.
 *
 * @example
 * ```ts
 * supportsClassNamespaces(parseVersion('1.13.2')!) // false
 * ```
 */
export const supportsClassNamespaces = (v: ServerVersion): boolean =>
  v.major > 1 || (v.major === 1 && v.minor >= 14)
