/**
 * Creating or migrating a property's inverted index (1.39+): `schema.upsertPropertyIndex`
 * (`PUT /v1/schema/<Class>/properties/<property>/index/<index>`). The server compares the wanted
 * configuration with the index's and does nothing (200, `NO_OP`) or starts a reindex task (202),
 * which is followed to its end through `GET /v1/tasks` as `rebuildIndex` follows its own.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { map, of, switchMap } from 'rxjs'
import { decode } from '../codecs/decode'
import { DistributedTask, IndexTaskAnswerCodec } from '../codecs/distributed-task'
import { PropertyIndexType } from '../codecs/index-status'
import { CALL_KEYS, CallOptions, OperationContext, callOptions } from '../context/context'
import { whenSupported } from '../context/when-supported'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { argsOf, argumentKeys, oneOf, optional, positiveInteger, stringArray, valueError } from '../input/check'
import { propertyIndexPath } from '../server/routes'
import { IndexTaskInput, indexTaskInput } from './index-task'
import { DEFAULT_POLL_INTERVAL_MS, followReindexTask, startedTask } from './rebuild-index'
import { TOKENIZATIONS, Tokenization } from './tokenize'

/**
 * The configuration a property's inverted index should have: `tokenization` for a `searchable` or
 * `filterable` index (needed to create a `searchable` one; left out, unchanged), `algorithm`
 * `'blockmax'` for a `searchable` index (migrates a WAND index; there is no way back). Nothing
 * (`{}`): the index exists with its current or default configuration. At most one change per call.
 *
 * @example
 * ```ts
 * const wanted: PropertyIndexConfig = { tokenization: 'word' }
 * ```
 */
export interface PropertyIndexConfig {
  readonly tokenization?: Tokenization
  readonly algorithm?: 'blockmax'
}

/**
 * The options of `schema.upsertPropertyIndex`.
 *
 * @example
 * ```ts
 * const options: UpsertPropertyIndexOptions = { tenants: ['tenantA'], pollIntervalMs: 1_000 }
 * ```
 */
export interface UpsertPropertyIndexOptions extends CallOptions {
  /** The tenants, for a multi-tenant class and a format-only change (creating `rangeFilters`); default all. */
  readonly tenants?: readonly string[]
  /** The time between two reads of the task (default 500 ms). */
  readonly pollIntervalMs?: number
}

/**
 * What `schema.upsertPropertyIndex` emits: `{ changed: false }` once when the index already is as
 * wanted (the server's `NO_OP`), or each read of the reindex task it started.
 *
 * @example
 * ```ts
 * const line = (u: PropertyIndexUpsert) => (u.changed ? `${u.task.id}: ${u.task.status}` : 'already as wanted')
 * ```
 */
export type PropertyIndexUpsert = { readonly changed: false } | { readonly changed: true; readonly task: DistributedTask }

interface UpsertInput extends IndexTaskInput {
  readonly body: PropertyIndexConfig
  readonly tenants: readonly string[] | undefined
  readonly pollIntervalMs: number
}

const CONFIG_KEYS = argumentKeys<PropertyIndexConfig>('the index configuration', { tokenization: true, algorithm: true })
const OPTION_KEYS = argumentKeys<UpsertPropertyIndexOptions>('schema.upsertPropertyIndex options', { tenants: true, pollIntervalMs: true, ...CALL_KEYS })

const checkUpsert = (name: string, property: string, index: PropertyIndexType, config: unknown, options: unknown): UpsertInput => {
  const c = config === undefined ? {} : argsOf(CONFIG_KEYS, config)
  const o = options === undefined ? {} : argsOf(OPTION_KEYS, options)
  const target = indexTaskInput(name, property, index)
  const tokenization = optional(oneOf(TOKENIZATIONS), 'config.tokenization', c['tokenization'])
  const algorithm = optional(oneOf(['blockmax'] as const), 'config.algorithm', c['algorithm'])
  if (tokenization !== undefined && algorithm !== undefined) valueError('config', 'change the tokenization or the algorithm, one per call')
  if (target.index === 'rangeFilters' && (tokenization !== undefined || algorithm !== undefined)) valueError('config', "a 'rangeFilters' index takes no configuration")
  if (target.index === 'filterable' && algorithm !== undefined) valueError('config.algorithm', "'algorithm' is a 'searchable' index's")
  return {
    ...target,
    body: { ...(tokenization === undefined ? {} : { tokenization }), ...(algorithm === undefined ? {} : { algorithm }) },
    tenants: optional(stringArray, 'tenants', o['tenants']),
    pollIntervalMs: optional(positiveInteger, 'pollIntervalMs', o['pollIntervalMs']) ?? DEFAULT_POLL_INTERVAL_MS,
    call: callOptions(o),
  }
}

/**
 * Creates or migrates one inverted index of a property to `config`: emits `{ changed: false }`
 * when it already is so, else the reindex task's reads to its end (as `rebuildIndex`: `FAILED`
 * and `CANCELLED` end as one Left). The server refuses a configuration it cannot reach (400), a
 * change while another task works on the index (409) and an unknown class or property (404), each
 * as one Left. Unsubscribing stops the reads only.
 */
export const upsertPropertyIndex =
  (ctx: OperationContext) =>
  (
    name: string,
    property: string,
    index: PropertyIndexType,
    config?: PropertyIndexConfig,
    options?: UpsertPropertyIndexOptions,
  ): ObservableEither<WeaviateError, PropertyIndexUpsert> =>
    operation(
      () => checkUpsert(name, property, index, config, options),
      (input) =>
        whenSupported(
          ctx,
          ['indexRebuild'],
          input.call,
          {
            method: 'PUT',
            path: propertyIndexPath(input.className, input.property, input.index),
            body: input.body,
            ...(input.tenants === undefined ? {} : { query: [['tenants', input.tenants.join(',')]] }),
            expect: [200, 202],
          },
          (res) => (res.status === 200 ? E.right(undefined) : E.chain(startedTask(res))(decode(IndexTaskAnswerCodec, res.body, res))),
        ).pipe(
          switchMap((started): ObservableEither<WeaviateError, PropertyIndexUpsert> => {
            if (E.isLeft(started)) return of(started)
            if (started.right === undefined) return of(E.right({ changed: false } as const))
            return followReindexTask(ctx, input.call, started.right, input.pollIntervalMs).pipe(map(E.map((task): PropertyIndexUpsert => ({ changed: true, task }))))
          }),
        ),
    )
