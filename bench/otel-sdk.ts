/**
 * The OpenTelemetry SDK as a service registers it, for the search group's `ours-otel` contender:
 * a tracer provider that samples every span and hands them in batches to an exporter that drops
 * them (the cost of recording and batching, not of a network export), a meter provider with a
 * reader, the W3C trace-context propagator (a `traceparent` on every call) and the
 * AsyncLocalStorage context manager, all registered globally, as the Node SDK does.
 */
import { context, metrics, propagation, trace } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { W3CTraceContextPropagator } from '@opentelemetry/core'
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics'
import { BasicTracerProvider, BatchSpanProcessor, ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base'

/** An exporter that drops what it is given. */
const dropping: SpanExporter = {
  export: (_spans: ReadableSpan[], done) => done({ code: 0 }),
  shutdown: () => Promise.resolve(),
}

/** A reader the SDK aggregates for (never collected here). */
class IdleReader extends MetricReader {
  protected override onShutdown(): Promise<void> {
    return Promise.resolve()
  }
  protected override onForceFlush(): Promise<void> {
    return Promise.resolve()
  }
}

/**
 * Registers the SDK in this process.
 *
 * @example
 * ```ts
 * registerOtelSdk() // then connect(): every operation traced and measured
 * ```
 */
export const registerOtelSdk = (): void => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
  propagation.setGlobalPropagator(new W3CTraceContextPropagator())
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(dropping)] }))
  metrics.setGlobalMeterProvider(new MeterProvider({ readers: [new IdleReader()] }))
}
