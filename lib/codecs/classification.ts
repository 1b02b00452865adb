/**
 * The answers of `/v1/classifications/...` (Classification and ClassificationMeta in Weaviate's
 * OpenAPI document).
 *
 * @packageDocumentation
 */
import * as t from 'io-ts'

/**
 * The phases of a classification: `'running'`, then `'completed'` or `'failed'`.
 *
 * @example
 * ```ts
 * const done = (s: ClassificationState): boolean => s !== 'running'
 * ```
 */
export type ClassificationState = 'running' | 'completed' | 'failed'

const ClassificationStateCodec = t.keyof({ running: null, completed: null, failed: null })

/** One classification, as the schedule request and each status read answer it. */
export const ClassificationCodec = t.intersection([
  t.type({ id: t.string, status: ClassificationStateCodec }),
  t.partial({
    class: t.string,
    type: t.string,
    classifyProperties: t.array(t.string),
    basedOnProperties: t.array(t.string),
    settings: t.union([t.record(t.string, t.unknown), t.null]),
    error: t.string,
    meta: t.partial({ started: t.string, completed: t.string, count: t.number, countSucceeded: t.number, countFailed: t.number }),
  }),
])
