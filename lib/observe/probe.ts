/**
 * The one interface between the client's code and whatever watches it (OpenTelemetry, the
 * diagnostics events, the logger): an {@link Observer} hears an operation start and gets back a
 * probe, which the attempts loops of both transports tell about each attempt, retry and failover.
 * The shared code knows only these shapes; what runs behind them is wired in by the entry.
 *
 * @packageDocumentation
 */

/**
 * The transport of an attempt: REST, gRPC over HTTP/2, or gRPC-Web on the REST URL.
 *
 * @example
 * ```ts
 * const transport: TransportName = 'grpc-web'
 * ```
 */
export type TransportName = 'rest' | 'grpc' | 'grpc-web'

/** An operation as the instrumentation seam sees it at subscription. */
export interface OperationStart {
  /** The API path of the operation: `objects.get`, `query.nearVector`, `tenants.create`, ... */
  readonly name: string
  /** The class it works on, when it names one. */
  readonly collection: string | undefined
  /** The tenant it works in, when it names one. */
  readonly tenant: string | undefined
}

/** One attempt of a request or call. */
export interface AttemptStart {
  readonly transport: TransportName
  /** The HTTP method (`GET`, ...); `POST` for gRPC. */
  readonly method: string
  /** The gRPC method path (`/weaviate.v1.Weaviate/Search`), for gRPC and gRPC-Web. */
  readonly rpc: string | undefined
  /** The URL of the attempt, without credentials. */
  readonly url: string
  /** 1 for the first attempt, 2 for the first retry, ... */
  readonly attempt: number
}

/** How an operation or an attempt ended: `error` holds the failure (a WeaviateError, or a bug). */
export type Outcome = { readonly status: 'ok' } | { readonly status: 'error'; readonly error: unknown } | { readonly status: 'cancelled' }

/** The probe of one attempt. */
export interface AttemptProbe {
  /** Headers (or gRPC metadata) the attempt carries: the trace context (`traceparent`); undefined for none. */
  readonly headers: Readonly<Record<string, string>> | undefined
  /** Called once, when the attempt ends. */
  end(outcome: Outcome): void
}

/** What one operation's watchers hear; every method is called from the operation's own flow. */
export interface OperationProbe {
  /** An attempt starts. */
  attempt(start: AttemptStart): AttemptProbe
  /** A failed attempt is retried after `delayMs`. */
  retry(retry: { readonly attempt: number; readonly delayMs: number; readonly error: unknown }): void
  /** The next attempt goes to another node than the last one. */
  failover(failover: { readonly from: string; readonly to: string }): void
  /** The operation emitted a `Right` value. */
  value(value: unknown): void
  /** The operation emitted a `Left` of a batch item (`BatchObjectError`, `BatchReferenceError`): one object not written. */
  itemFailed(error: unknown): void
  /** Called once: the operation completed (with the failure of a `Left`, when it emitted one), failed, or was unsubscribed. */
  end(outcome: Outcome): void
}

/**
 * Watches a client's operations. `start` returns undefined when nothing listens, and the
 * operation then runs as if unwatched.
 */
export interface Observer {
  start(operation: OperationStart): OperationProbe | undefined
  /** A client-wide decision: REST instead of gRPC, `BatchObjects` instead of `BatchStream`. */
  fallback(fallback: { readonly kind: FallbackKind; readonly reason: string }): void
}

/**
 * Which fallback a client took.
 *
 * @example
 * ```ts
 * const kind: FallbackKind = 'rest'
 * ```
 */
export type FallbackKind = 'rest' | 'batch-objects'

/**
 * Where an attempt finds the operation it belongs to: the operation's flow runs inside `run`, and
 * `current` answers within it. Node's is `AsyncLocalStorage` (it follows timers and promises);
 * elsewhere a slot set while the synchronous part of a call runs.
 */
export interface Ambient {
  run<T>(probe: OperationProbe, f: () => T): T
  current(): OperationProbe | undefined
}

/** The watchers of one client's attempts: where they find their operation. */
export interface AttemptWatch {
  readonly ambient: Ambient
}

/** The {@link Ambient} of a runtime without asynchronous context: the slot holds during `run`'s synchronous part. */
export const slotAmbient = (): Ambient => {
  let current: OperationProbe | undefined
  return {
    run: (probe, f) => {
      const previous = current
      current = probe
      try {
        return f()
      } finally {
        current = previous
      }
    },
    current: () => current,
  }
}

/** The error type of a failure, as `error.type` carries it: a WeaviateError's `_tag`, else the error's class name. */
export const errorType = (error: unknown): string => {
  if (typeof error === 'object' && error !== null) {
    const tag = (error as { readonly _tag?: unknown })._tag
    if (typeof tag === 'string') return tag
    if (error instanceof Error) return error.name
  }
  return '_OTHER'
}
