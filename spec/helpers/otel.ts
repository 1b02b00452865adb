/**
 * The OpenTelemetry SDK as an application registers it, with in-memory exporters: the finished
 * spans, and the metrics collected on demand. Registered globally (the tracer and meter
 * providers, the W3C trace-context propagator, the AsyncLocalStorage context manager), as the
 * Node SDK does, so a client with no `openTelemetry` option finds them through the installed
 * `@opentelemetry/api`. `stop()` unregisters everything.
 */
import { context, metrics, propagation, trace } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { W3CTraceContextPropagator } from '@opentelemetry/core'
import { DataPoint, Histogram, MeterProvider, MetricReader, ResourceMetrics } from '@opentelemetry/sdk-metrics'
import { BasicTracerProvider, InMemorySpanExporter, ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base'

/** A reader that collects when asked. */
class OnDemandReader extends MetricReader {
  protected override onShutdown(): Promise<void> {
    return Promise.resolve()
  }
  protected override onForceFlush(): Promise<void> {
    return Promise.resolve()
  }
}

export interface Sdk {
  /** The spans finished so far, in the order they ended. */
  spans(): ReadableSpan[]
  /** The data points of the metric `name` collected now. */
  points(name: string): Promise<Array<DataPoint<number | Histogram>>>
  reset(): void
  stop(): Promise<void>
}

/** Registers the SDK globally. */
export const startSdk = (): Sdk => {
  const exporter = new InMemorySpanExporter()
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] })
  const reader = new OnDemandReader()
  const meterProvider = new MeterProvider({ readers: [reader] })
  const contextManager = new AsyncLocalStorageContextManager().enable()
  context.setGlobalContextManager(contextManager)
  propagation.setGlobalPropagator(new W3CTraceContextPropagator())
  trace.setGlobalTracerProvider(tracerProvider)
  metrics.setGlobalMeterProvider(meterProvider)
  return {
    spans: () => exporter.getFinishedSpans(),
    points: async (name) => {
      const { resourceMetrics }: { resourceMetrics: ResourceMetrics } = await reader.collect()
      return resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics.filter((m) => m.descriptor.name === name).flatMap((m) => m.dataPoints as Array<DataPoint<number | Histogram>>))
    },
    reset: () => exporter.reset(),
    stop: async () => {
      trace.disable()
      metrics.disable()
      propagation.disable()
      context.disable()
      await tracerProvider.shutdown()
      await meterProvider.shutdown()
    },
  }
}

/** The spans of operation `name` (the span's `db.operation.name`, not an attempt's). */
export const operationSpans = (spans: readonly ReadableSpan[], name: string): ReadableSpan[] =>
  spans.filter((s) => s.attributes['db.operation.name'] === name && s.attributes['url.full'] === undefined)

/** The attempt spans under `parent`, in the order they started. */
export const attemptsOf = (spans: readonly ReadableSpan[], parent: ReadableSpan): ReadableSpan[] =>
  spans
    .filter((s) => s.parentSpanContext?.spanId === parent.spanContext().spanId && s.attributes['url.full'] !== undefined)
    .sort((a, b) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1])

/** The single operation span of `name`; throws otherwise. */
export const onlySpan = (spans: readonly ReadableSpan[], name: string): ReadableSpan => {
  const found = operationSpans(spans, name)
  const [only] = found
  if (found.length !== 1 || only === undefined) throw new Error(`expected one ${name} span, got ${found.length}: ${spans.map((s) => s.name).join(', ')}`)
  return only
}
