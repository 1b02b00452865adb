/**
 * `schema.updateConfig`: change only the settings named. Reads the class (`GET /v1/schema/<Class>`),
 * merges the change into it, refuses a change the server does not allow on an existing class
 * (before the write, so nothing is changed), and writes the merged definition
 * (`PUT /v1/schema/<Class>`).
 *
 * What is immutable, from the server's source at v1.39.0:
 * - `usecases/schema/class.go:1783-1796` (`validateUpdatingMT`): `multiTenancyConfig.enabled`;
 * - `class.go:1798-1806` (`validateImmutableFields`): the class name; `class.go:1840-1853`: a named
 *   vector's vectorizer; `class.go:1856-1878`: `invertedIndexConfig.indexTimestamps`,
 *   `indexNullState`, `indexPropertyLength`;
 * - `class.go:1921-1933` (`validateLegacyVectorIndexConfigImmutableFields`): `vectorizer`,
 *   `vectorIndexType`;
 * - `usecases/schema/parser.go:593-597`: a named vector's `vectorIndexType`; `parser.go:461-521`
 *   (`validateModuleConfigsParityAndImmutables`): only the generative and reranker entries of
 *   `moduleConfig` may change (one of each; a new one replaces the old);
 * - `parser.go:643-667` (`validateShardingConfig`): `shardingConfig.desiredCount` and
 *   `virtualPerPhysical` (this client refuses any `shardingConfig` change);
 * - `parser.go:346-375`: properties change only through `addProperty`;
 * - `adapters/repos/db/vector/hnsw/config_update.go:25-78`: hnsw `efConstruction`,
 *   `maxConnections`, `cleanupIntervalSeconds`, `distance`, `multivector.enabled`,
 *   `multivector.muvera.enabled`, and `rq.bits` while rq stays enabled;
 * - `adapters/repos/db/vector/flat/index.go:1172-1210`: flat `distance`, `pq.cache`, and which of
 *   `pq`, `bq`, `rq` is enabled, `rq.bits`;
 * - `adapters/repos/db/vector/dynamic/config.go:71-95`: dynamic `distance`, and the hnsw and flat
 *   rules for its `hnsw` and `flat` parts; `adapters/repos/db/vector/hfresh/config.go:101-125`:
 *   hfresh `distance`, `replicas`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { of } from 'rxjs'
import { ClassDefinition } from '../codecs/class-definition'
import {
  InvertedIndexConfig,
  ModuleConfig,
  MultiTenancyConfig,
  NamedVectorConfig,
  ObjectTtlConfig,
  ReplicationConfig,
  VectorIndexConfig,
  VectorIndexType,
} from '../codecs/collection-config'
import { decode } from '../codecs/decode'
import { CallOptions, OperationContext, callInput, withVersion } from '../context/context'
import { ArgumentValueError, WeaviateError, isArgumentError } from '../core/errors'
import { ObservableEither, flatMap } from '../core/observable-either'
import { operation } from '../core/operation'
import { argumentKeys, knownKeys, typeError, valueError } from '../input/check'
import { className } from '../input/names'
import { schemaPath } from '../server/routes'
import { requireFeature } from '../server/version'
import { checkConfigParts, requireConfigFeatures } from './config-check'
import { classDefinition } from './input'

/**
 * A change to an existing class: the settings to change, each part merged into what the server
 * has (objects merge key by key, lists and values replace). A name in `vectorConfig` that the
 * class does not have adds that named vector (Weaviate 1.31+). Settings the server does not let
 * change (the index type and distance, sharding, enabling multi-tenancy, the vectorizer, ...) are
 * refused before anything is written; `properties` change through `addProperty`.
 *
 * @example
 * ```ts
 * const change: ConfigChange = {
 *   description: 'news articles',
 *   vectorIndexConfig: { ef: 128, pq: { enabled: true, segments: 4 } },
 *   invertedIndexConfig: { bm25: { k1: 1.4 } },
 *   multiTenancyConfig: { autoTenantCreation: true },
 * }
 * ```
 */
export interface ConfigChange {
  readonly description?: string
  readonly vectorIndexConfig?: VectorIndexConfig
  readonly vectorConfig?: Readonly<Record<string, NamedVectorConfig>>
  readonly invertedIndexConfig?: InvertedIndexConfig
  readonly replicationConfig?: ReplicationConfig
  readonly multiTenancyConfig?: MultiTenancyConfig
  readonly objectTtlConfig?: ObjectTtlConfig
  readonly moduleConfig?: ModuleConfig
}

const CHANGE_KEYS = argumentKeys<ConfigChange>('a config change', {
  description: true,
  vectorIndexConfig: true,
  vectorConfig: true,
  invertedIndexConfig: true,
  replicationConfig: true,
  multiTenancyConfig: true,
  objectTtlConfig: true,
  moduleConfig: true,
})

/** Settings of a class that no update can change, with the server source that refuses them. */
const FIXED_AT_TOP: Readonly<Record<string, string>> = {
  class: 'the class name (usecases/schema/class.go:1798-1806)',
  vectorizer: 'the vectorizer (usecases/schema/class.go:1921-1933)',
  vectorIndexType: 'the vector index type (usecases/schema/class.go:1921-1933)',
  shardingConfig: 'sharding (usecases/schema/parser.go:643-667)',
  properties: "properties, which change through 'addProperty' (usecases/schema/parser.go:346-375)",
}

/** The checked input of `updateConfig`. */
export interface ConfigChangeInput {
  readonly className: string
  readonly change: ConfigChange
  readonly call: CallOptions
}

type Obj = Readonly<Record<string, unknown>>

const isObject = (u: unknown): u is Obj => typeof u === 'object' && u !== null && !Array.isArray(u)

/** `change` merged into `base`: objects key by key, everything else replaced; `undefined` changes nothing. */
export const mergeConfig = (base: unknown, change: unknown): unknown => {
  if (change === undefined) return base
  if (!isObject(change) || !isObject(base)) return change
  const out: Record<string, unknown> = { ...base }
  for (const [k, v] of Object.entries(change)) if (v !== undefined) out[k] = mergeConfig(base[k], v)
  return out
}

/** The generative and reranker modules: a class has at most one of each, and may swap them. */
const swappable = (module: string): 'generative' | 'reranker' | undefined =>
  module.startsWith('generative-') ? 'generative' : module.startsWith('reranker-') ? 'reranker' : undefined

/** The module config after the change: a new generative (reranker) module replaces the old one. */
const mergeModules = (current: ModuleConfig | null | undefined, change: ModuleConfig): ModuleConfig => {
  const kinds = new Set(Object.keys(change).map(swappable))
  const kept = Object.fromEntries(Object.entries(current ?? {}).filter(([m]) => !(kinds.has(swappable(m)) && swappable(m) !== undefined && !(m in change))))
  return mergeConfig(kept, change) as ModuleConfig
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)

const at = (o: unknown, path: readonly string[]): unknown => path.reduce<unknown>((v, k) => (isObject(v) ? v[k] : undefined), o)

/** The ArgumentValueError of a change the server refuses. */
const immutable = (path: string, what: string, from: unknown, to: unknown): ArgumentValueError =>
  new ArgumentValueError({
    argument: `change.${path}`,
    reason: `'${path}' cannot change on an existing class: ${what}; it is ${JSON.stringify(from) ?? 'unset'}, the change makes it ${JSON.stringify(to) ?? 'unset'}`,
  })

const HNSW_FIXED = [
  ['efConstruction'],
  ['maxConnections'],
  ['cleanupIntervalSeconds'],
  ['distance'],
  ['multivector', 'enabled'],
  ['multivector', 'muvera', 'enabled'],
] as const
const FLAT_FIXED = [['distance'], ['pq', 'cache'], ['pq', 'enabled'], ['bq', 'enabled'], ['rq', 'enabled'], ['rq', 'bits']] as const

/** The first immutable setting of one vector index that the change alters. */
const indexViolation = (prefix: string, type: VectorIndexType | null | undefined, before: unknown, after: unknown): ArgumentValueError | undefined => {
  const check = (paths: ReadonlyArray<readonly string[]>, source: string, base: readonly string[] = []): ArgumentValueError | undefined => {
    for (const p of paths) {
      const full = [...base, ...p]
      const from = at(before, full)
      const to = at(after, full)
      if (!same(from, to)) return immutable([prefix, ...full].join('.'), source, from, to)
    }
    return undefined
  }
  const hnsw = (base: readonly string[] = []): ArgumentValueError | undefined => {
    const fixed = check(HNSW_FIXED, 'hnsw (adapters/repos/db/vector/hnsw/config_update.go:36-66)', base)
    if (fixed !== undefined) return fixed
    const rqBits = [...base, 'rq', 'bits']
    const rqOn = [...base, 'rq', 'enabled']
    if (at(before, rqOn) === true && at(after, rqOn) === true && !same(at(before, rqBits), at(after, rqBits))) {
      return immutable([prefix, ...rqBits].join('.'), 'rq bits while rq is enabled (hnsw/config_update.go:73-77)', at(before, rqBits), at(after, rqBits))
    }
    return undefined
  }
  const flat = (base: readonly string[] = []): ArgumentValueError | undefined =>
    check(FLAT_FIXED, 'flat (adapters/repos/db/vector/flat/index.go:1183-1209)', base)
  switch (type ?? 'hnsw') {
    case 'hnsw':
      return hnsw()
    case 'flat':
      return flat()
    case 'dynamic':
      return check([['distance']], 'dynamic (adapters/repos/db/vector/dynamic/config.go:82-87)') ?? flat(['flat']) ?? hnsw(['hnsw'])
    case 'hfresh':
      return check([['distance'], ['replicas']], 'hfresh (adapters/repos/db/vector/hfresh/config.go:112-121)')
    case 'none':
      return undefined
  }
}

/** The first change the server does not allow on the existing class, or undefined. */
const violation = (current: ClassDefinition, merged: ClassDefinition, change: ConfigChange): ArgumentValueError | undefined => {
  const mt = ['multiTenancyConfig', 'enabled']
  if (!same(at(current, mt) ?? false, at(merged, mt) ?? false)) {
    return immutable('multiTenancyConfig.enabled', 'multi-tenancy is fixed at creation (usecases/schema/class.go:1783-1796)', at(current, mt), at(merged, mt))
  }
  for (const field of ['indexTimestamps', 'indexNullState', 'indexPropertyLength']) {
    const p = ['invertedIndexConfig', field]
    if (!same(at(current, p) ?? false, at(merged, p) ?? false)) {
      return immutable(p.join('.'), 'the inverted index settings are fixed at creation (usecases/schema/class.go:1856-1878)', at(current, p), at(merged, p))
    }
  }
  if (change.vectorIndexConfig !== undefined) {
    const found = indexViolation('vectorIndexConfig', current.vectorIndexType, current.vectorIndexConfig, merged.vectorIndexConfig)
    if (found !== undefined) return found
  }
  for (const [name, vector] of Object.entries(change.vectorConfig ?? {})) {
    const before = current.vectorConfig?.[name]
    if (before === undefined) continue
    const after = merged.vectorConfig?.[name]
    if (vector.vectorIndexType !== undefined && !same(before.vectorIndexType ?? 'hnsw', vector.vectorIndexType)) {
      return immutable(`vectorConfig.${name}.vectorIndexType`, "a named vector's index type (usecases/schema/parser.go:593-597)", before.vectorIndexType, vector.vectorIndexType)
    }
    if (vector.vectorizer !== undefined && !same(before.vectorizer, after?.vectorizer)) {
      return immutable(`vectorConfig.${name}.vectorizer`, "a named vector's vectorizer (usecases/schema/class.go:1840-1853)", before.vectorizer, after?.vectorizer)
    }
    const found = indexViolation(`vectorConfig.${name}.vectorIndexConfig`, before.vectorIndexType, before.vectorIndexConfig, after?.vectorIndexConfig)
    if (found !== undefined) return found
  }
  for (const module of Object.keys(change.moduleConfig ?? {})) {
    if (swappable(module) === undefined && !same(current.moduleConfig?.[module], merged.moduleConfig?.[module])) {
      return immutable(
        `moduleConfig.${module}`,
        'only generative and reranker modules may change (usecases/schema/parser.go:461-521)',
        current.moduleConfig?.[module],
        merged.moduleConfig?.[module],
      )
    }
  }
  return undefined
}

/** The checked change: known parts, each typed and in range, settings that can never change refused. */
export const configChange = (argument: string, value: unknown): ConfigChange => {
  if (!isObject(value)) return typeError(argument, 'object', value)
  for (const key of Object.keys(value)) {
    const fixed = FIXED_AT_TOP[key]
    if (fixed !== undefined) valueError(`${argument}.${key}`, `'${argument}.${key}' cannot change on an existing class: ${fixed}`)
  }
  knownKeys(CHANGE_KEYS, value, argument)
  const description = value['description']
  if (description !== undefined && typeof description !== 'string') typeError(`${argument}.description`, 'string', description)
  checkConfigParts(argument, value, { vectorConfigPartial: true })
  const copy: ConfigChange = structuredClone(value)
  return copy
}

/** The class with the change merged in. */
export const mergeChange = (current: ClassDefinition, change: ConfigChange): ClassDefinition => {
  const { moduleConfig, ...rest } = change
  const merged = mergeConfig(current, rest) as ClassDefinition
  return moduleConfig === undefined ? merged : { ...merged, moduleConfig: mergeModules(current.moduleConfig, moduleConfig) }
}

/**
 * Changes only the settings named: reads the class, merges `change`, and writes it back; emits the
 * definition as the server stored it. A change the server does not allow on an existing class is
 * an `ArgumentValueError` naming the setting (`change.vectorIndexConfig.distance`) and nothing is
 * written; a class that does not exist is the read's `UnexpectedStatusError` (404); a setting the server's version
 * lacks (or a new named vector before 1.31) is an `UnsupportedVersionError` before the class is
 * read. Not retried as a whole: the read and the write are retried as any GET and PUT.
 */
export const updateConfig =
  (ctx: OperationContext) =>
  (name: string, change: ConfigChange, options?: CallOptions): ObservableEither<WeaviateError, ClassDefinition> =>
    operation(
      (): ConfigChangeInput => ({
        className: className('className', name),
        change: configChange('change', change),
        call: callInput('updateConfig', options),
      }),
      (input) =>
        withVersion(ctx, input.call, (version) => {
          const supported = requireConfigFeatures(version, input.change, true)
          if (E.isLeft(supported)) return of(supported)
          return ctx.http
            .run({ method: 'GET', path: schemaPath(input.className), expect: [200], ...input.call }, (res) => decode(ClassDefinition, res.body, res))
            .pipe(
              flatMap((current): ObservableEither<WeaviateError, ClassDefinition> => {
                const added = Object.keys(input.change.vectorConfig ?? {}).filter((v) => current.vectorConfig?.[v] === undefined)
                if (added.length > 0) {
                  const adding = requireFeature(version, 'addNamedVector')
                  if (E.isLeft(adding)) return of(adding)
                }
                const merged = mergeChange(current, input.change)
                const refused = violation(current, merged, input.change)
                if (refused !== undefined) return of(E.left(refused))
                const body = E.tryCatch(
                  () => classDefinition('merged definition', merged),
                  (e): WeaviateError => (isArgumentError(e) ? e : new ArgumentValueError({ argument: 'change', reason: String(e), cause: e })),
                )
                if (E.isLeft(body)) return of(body)
                return ctx.http.run({ method: 'PUT', path: schemaPath(input.className), body: body.right, expect: [200], ...input.call }, (res) =>
                  decode(ClassDefinition, res.body, res),
                )
              }),
            )
        }),
    )
