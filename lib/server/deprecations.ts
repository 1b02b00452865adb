/**
 * Deprecation warnings about class namespacing, emitted with `process.emitWarning` at most once per
 * kind per client (the reference clients warn on every call, which floods logs).
 *
 * @packageDocumentation
 */
import { emitWarning } from '../core/platform'

/** The situations the reference clients warn about. */
export type DeprecationKind =
  | 'object-class-missing'
  | 'object-class-unsupported'
  | 'reference-class-missing'
  | 'reference-from-class-unsupported'
  | 'reference-to-class-unsupported'

const messages: Record<DeprecationKind, string> = {
  'object-class-missing':
    'Weaviate >= 1.14 strongly recommends class-namespaced object paths: pass `className`. ' +
    'Paths without a class are deprecated and will be removed by the server.',
  'object-class-unsupported':
    'Weaviate < 1.14 does not support class-namespaced object paths: `className` is ignored and ' +
    'the UUID-only path is used. Please upgrade your Weaviate server.',
  'reference-class-missing':
    'Weaviate >= 1.14 strongly recommends class-namespaced reference paths and beacons: pass ' +
    '`fromClassName` and `toClassName(s)`. The class-less forms are deprecated.',
  'reference-from-class-unsupported':
    'Weaviate < 1.14 does not support class-namespaced reference paths: `fromClassName` is ignored. ' +
    'Please upgrade your Weaviate server.',
  'reference-to-class-unsupported':
    'Weaviate < 1.14 does not support class-namespaced beacons: `toClassName(s)` is ignored. ' +
    'Please upgrade your Weaviate server.',
}

const codes: Record<DeprecationKind, string> = {
  'object-class-missing': 'WEAVIATE_RX_DEP001',
  'object-class-unsupported': 'WEAVIATE_RX_DEP002',
  'reference-class-missing': 'WEAVIATE_RX_DEP003',
  'reference-from-class-unsupported': 'WEAVIATE_RX_DEP004',
  'reference-to-class-unsupported': 'WEAVIATE_RX_DEP005',
}

/** A client's memory of the warnings it has already emitted. */
export interface Deprecations {
  warn(kind: DeprecationKind): void
}

/**
 * A fresh per-client warner.
 */
export const createDeprecations = (): Deprecations => {
  const emitted = new Set<DeprecationKind>()
  return {
    warn(kind) {
      if (emitted.has(kind)) return
      emitted.add(kind)
      emitWarning(messages[kind], { type: 'DeprecationWarning', code: codes[kind] })
    },
  }
}
