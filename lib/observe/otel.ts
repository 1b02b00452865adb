/**
 * OpenTelemetry traces and metrics of the operations, after the database client semantic
 * conventions, through the `@opentelemetry/api` object the entry hands in (the installed optional
 * peer, or the user's `openTelemetry` option). The shapes below are the part of that API used
 * here, so the shared code needs no import of it. Nothing is done for an operation when no SDK is
 * registered (the span does not record and the meter is the no-op one).
 *
 * @packageDocumentation
 */
import type { AttemptStart, Observer, OperationProbe, Outcome } from './probe'
import { errorType } from './probe'
import { countAttempt, countValue, newTally, writes } from './tally'

/**
 * The part of `@opentelemetry/api` used here (a context is opaque: what `context.active()`
 * gives, handed back as it is): pass the module itself
 * (`connect({ openTelemetry: api })`), for a bundle or a runtime where the client cannot load it.
 *
 * @example
 * ```ts
 * import * as api from '@opentelemetry/api'
 * const client = connect({ url: 'http://127.0.0.1:8080', openTelemetry: api })
 * ```
 */
export interface OpenTelemetryApi {
  readonly trace: {
    getTracer(
      name: string,
      version?: string,
    ): {
      startSpan(
        name: string,
        options: { readonly kind: number; readonly attributes: Record<string, string | number | boolean | undefined> },
        context: never,
      ): {
        setAttribute(key: string, value: string | number | boolean): unknown
        addEvent(name: string, attributes?: Record<string, string | number | boolean | undefined>): unknown
        setStatus(status: { readonly code: number; readonly message?: string }): unknown
        isRecording(): boolean
        end(): void
      }
    }
    setSpan(context: never, span: never): object
  }
  readonly context: { active(): object }
  readonly propagation: { inject(context: never, carrier: Record<string, string>): void }
  readonly metrics: {
    getMeter(
      name: string,
      version?: string,
    ): {
      createHistogram(
        name: string,
        options: { readonly description: string; readonly unit: string; readonly advice?: { readonly explicitBucketBoundaries: number[] } },
      ): { record(value: number, attributes?: Record<string, string | number | boolean | undefined>): void }
      createObservableCounter(
        name: string,
        options: { readonly description: string; readonly unit: string },
      ): { addCallback(callback: (result: { observe(value: number, attributes?: Record<string, string | number | boolean | undefined>): void }) => void): void }
      createObservableUpDownCounter(
        name: string,
        options: { readonly description: string; readonly unit: string },
      ): { addCallback(callback: (result: { observe(value: number, attributes?: Record<string, string | number | boolean | undefined>): void }) => void): void }
    }
  }
  /** The no-op meter, which the API hands out while no SDK is registered. */
  readonly createNoopMeter: () => unknown
}

type OtelAttributes = Record<string, string | number | boolean | undefined>
/** The part of a span `markEnd` uses. */
interface OtelSpan {
  setAttribute(key: string, value: string | number | boolean): unknown
  setStatus(status: { readonly code: number; readonly message?: string }): unknown
}
type OtelMeter = ReturnType<OpenTelemetryApi['metrics']['getMeter']>
type OtelHistogram = ReturnType<OtelMeter['createHistogram']>

/** A count kept here per attribute set, and reported when the SDK collects: nothing of the SDK's runs per operation. */
interface OtelCounter {
  add(value: number, attributes: OtelAttributes): void
}

/** A counter (or up-down counter) of `meter` kept by the client and observed at collection. */
const keptCounter = (instrument: ReturnType<OtelMeter['createObservableCounter']>): OtelCounter => {
  const counts = new Map<string, { readonly attributes: OtelAttributes; value: number }>()
  instrument.addCallback((result) => {
    for (const { attributes, value } of counts.values()) result.observe(value, attributes)
  })
  return {
    add: (value, attributes) => {
      const key = Object.values(attributes).join('\u0000')
      const count = counts.get(key)
      if (count === undefined) counts.set(key, { attributes, value })
      else count.value += value
    },
  }
}

/** Whether `value` has the parts of `@opentelemetry/api` used here. */
export const isOpenTelemetryApi = (value: unknown): value is OpenTelemetryApi => {
  if (typeof value !== 'object' || value === null) return false
  const api = value as Record<string, unknown>
  const has = (key: string, method: string): boolean => {
    const part = api[key]
    return typeof part === 'object' && part !== null && typeof (part as Record<string, unknown>)[method] === 'function'
  }
  return has('trace', 'getTracer') && has('context', 'active') && has('propagation', 'inject') && has('metrics', 'getMeter') && typeof api['createNoopMeter'] === 'function'
}

const SPAN_KIND_CLIENT = 2
const STATUS_ERROR = 2
const SCOPE = 'weaviate-rx'

/** The metric names (the conventions' where they have one, `weaviate.client.*` otherwise). */
export const METRICS = {
  duration: 'db.client.operation.duration',
  returnedRows: 'db.client.response.returned_rows',
  attempts: 'weaviate.client.attempts',
  retries: 'weaviate.client.retries',
  written: 'weaviate.client.objects.written',
  batchErrors: 'weaviate.client.batch.errors',
  inFlight: 'weaviate.client.operations.active',
} as const

interface Instruments {
  readonly duration: OtelHistogram
  readonly returnedRows: OtelHistogram
  readonly attempts: OtelCounter
  readonly retries: OtelCounter
  readonly written: OtelCounter
  readonly batchErrors: OtelCounter
  readonly inFlight: OtelCounter
}

const createInstruments = (meter: OtelMeter): Instruments => ({
  duration: meter.createHistogram(METRICS.duration, {
    description: 'Duration of Weaviate operations, from subscription to the end',
    unit: 's',
    advice: { explicitBucketBoundaries: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10] },
  }),
  returnedRows: meter.createHistogram(METRICS.returnedRows, { description: 'Objects an operation returned', unit: '{row}' }),
  attempts: keptCounter(meter.createObservableCounter(METRICS.attempts, { description: 'Attempts of requests and calls (first sends and retries)', unit: '{attempt}' })),
  retries: keptCounter(meter.createObservableCounter(METRICS.retries, { description: 'Attempts that were retries', unit: '{attempt}' })),
  written: keptCounter(meter.createObservableCounter(METRICS.written, { description: 'Objects written by batches', unit: '{object}' })),
  batchErrors: keptCounter(meter.createObservableCounter(METRICS.batchErrors, { description: 'Batch objects or references the server did not write', unit: '{object}' })),
  inFlight: keptCounter(meter.createObservableUpDownCounter(METRICS.inFlight, { description: 'Operations subscribed to and not yet ended', unit: '{operation}' })),
})

/** The operations whose every request is a page or a batch, and the name of the event each answered one adds. */
const BOUNDARIES: ReadonlyMap<string, string> = new Map([
  ['objects.stream', 'weaviate.page'],
  ['objects.streamPages', 'weaviate.page'],
  ['objects.batch', 'weaviate.batch'],
  ['references.batch', 'weaviate.batch'],
  ['objects.deleteMany', 'weaviate.batch'],
])

const boundaryOf = (name: string): string | undefined => BOUNDARIES.get(name)

/** The span name of an operation: the conventions' `{db.operation.name} {db.collection.name}`. */
const spanName = (name: string, collection: string | undefined): string => (collection === undefined ? name : `${name} ${collection}`)

const attemptName = (start: AttemptStart): string => (start.rpc === undefined ? start.method : start.rpc.replace(/^\//, ''))

/** The OpenTelemetry observer over `api`; `version` is the instrumentation scope's (the package's). */
export const otelObserver = (api: OpenTelemetryApi, version: string): Observer => {
  const noop: unknown = api.createNoopMeter()
  let cached: { readonly meter: OtelMeter; readonly instruments: Instruments } | undefined
  const instrumentsOf = (meter: OtelMeter): Instruments | undefined => {
    if (meter === noop) return undefined
    if (cached?.meter !== meter) cached = { meter, instruments: createInstruments(meter) }
    return cached.instruments
  }
  return {
    start: (start) => {
      const parent = api.context.active()
      const base: OtelAttributes = {
        'db.system.name': 'weaviate',
        'db.operation.name': start.name,
        'db.collection.name': start.collection,
        'db.namespace': start.tenant,
      }
      const tracer = api.trace.getTracer(SCOPE, version)
      const span = tracer.startSpan(spanName(start.name, start.collection), { kind: SPAN_KIND_CLIENT, attributes: base }, parent as never)
      const tracing = span.isRecording()
      const instruments = instrumentsOf(api.metrics.getMeter(SCOPE, version))
      if (!tracing && instruments === undefined) return undefined
      const began = performance.now()
      const tally = newTally()
      let answered = 0
      const spanContext = tracing ? api.trace.setSpan(parent as never, span as never) : parent
      const metricAttributes = (): OtelAttributes => ({
        'db.system.name': 'weaviate',
        'db.operation.name': start.name,
        'db.collection.name': start.collection,
        'server.address': tally.serverAddress,
        'server.port': tally.serverPort,
        'weaviate.transport': tally.transport,
      })
      instruments?.inFlight.add(1, { 'db.system.name': 'weaviate', 'db.operation.name': start.name })
      const probe: OperationProbe = {
        attempt: (attempt) => {
          const server = countAttempt(tally, attempt)
          instruments?.attempts.add(1, { 'db.system.name': 'weaviate', 'db.operation.name': start.name, 'weaviate.transport': attempt.transport })
          if (!tracing) return { headers: undefined, end: () => undefined }
          const child = tracer.startSpan(
            attemptName(attempt),
            {
              kind: SPAN_KIND_CLIENT,
              attributes: {
                'db.system.name': 'weaviate',
                'db.operation.name': start.name,
                'server.address': server?.address,
                'server.port': server?.port,
                'url.full': attempt.url,
                'http.request.method': attempt.method,
                'http.request.resend_count': attempt.attempt > 1 ? attempt.attempt - 1 : undefined,
                'rpc.system': attempt.rpc === undefined ? undefined : 'grpc',
                'rpc.method': attempt.rpc,
                'weaviate.transport': attempt.transport,
              },
            },
            spanContext as never,
          )
          const headers: Record<string, string> = {}
          api.propagation.inject(api.trace.setSpan(spanContext as never, child as never) as never, headers)
          return {
            headers: Object.keys(headers).length === 0 ? undefined : headers,
            end: (outcome) => {
              markEnd(child, outcome)
              child.end()
              // A page or a batch answered: one event on the operation's span (not a span per object).
              const boundary = outcome.status === 'ok' ? boundaryOf(start.name) : undefined
              if (boundary !== undefined) {
                span.addEvent(boundary, { 'weaviate.requests': (answered += 1), 'weaviate.objects.read': tally.read, 'weaviate.objects.written': tally.written })
              }
            },
          }
        },
        retry: (retry) => {
          tally.retries += 1
          instruments?.retries.add(1, { 'db.system.name': 'weaviate', 'db.operation.name': start.name, 'error.type': errorType(retry.error) })
          if (tracing) span.addEvent('weaviate.retry', { 'weaviate.attempt': retry.attempt, 'weaviate.retry.delay_ms': retry.delayMs, 'error.type': errorType(retry.error) })
        },
        failover: (failover) => {
          if (tracing) span.addEvent('weaviate.failover', { 'weaviate.failover.from': failover.from, 'weaviate.failover.to': failover.to })
        },
        value: (value) => countValue(tally, start.name, value),
        itemFailed: (error) => {
          tally.batchErrors += 1
          instruments?.batchErrors.add(1, { 'db.system.name': 'weaviate', 'db.operation.name': start.name, 'db.collection.name': start.collection, 'error.type': errorType(error) })
        },
        end: (outcome) => {
          const attributes = metricAttributes()
          const failure = outcome.status === 'error' ? errorType(outcome.error) : outcome.status === 'cancelled' ? 'cancelled' : undefined
          if (instruments !== undefined) {
            instruments.inFlight.add(-1, { 'db.system.name': 'weaviate', 'db.operation.name': start.name })
            instruments.duration.record((performance.now() - began) / 1000, { ...attributes, 'error.type': failure })
            if (writes(start.name)) instruments.written.add(tally.written, attributes)
            else if (tally.read > 0 || outcome.status === 'ok') instruments.returnedRows.record(tally.read, attributes)
          }
          if (!tracing) return
          for (const [key, value] of Object.entries(attributes)) if (value !== undefined) span.setAttribute(key, value)
          span.setAttribute('weaviate.attempts', tally.attempts)
          span.setAttribute('weaviate.retries', tally.retries)
          if (writes(start.name)) {
            span.setAttribute('weaviate.objects.written', tally.written)
            span.setAttribute('weaviate.batch.errors', tally.batchErrors)
          } else span.setAttribute('db.response.returned_rows', tally.read)
          markEnd(span, outcome)
          span.end()
        },
      }
      return probe
    },
    // A fallback is the events' and the logger's (`weaviate-rx:fallback`); it belongs to no span.
    fallback: () => undefined,
  }
}

/** The span's status and `error.type` for `outcome`: an error, or `cancelled` for an unsubscription (no error status). */
const markEnd = (span: OtelSpan, outcome: Outcome): void => {
  if (outcome.status === 'error') {
    const type = errorType(outcome.error)
    span.setAttribute('error.type', type)
    span.setStatus({ code: STATUS_ERROR, message: outcome.error instanceof Error ? outcome.error.message : type })
  } else if (outcome.status === 'cancelled') span.setAttribute('weaviate.cancelled', true)
}
