/**
 * What a runtime without Node's modules gives the observability (the web entry): no ambient
 * context (an operation's attempts find it through the synchronous slot of `probe.ts`), no
 * diagnostics channels, no installed `@opentelemetry/api` (pass it as the `openTelemetry` option)
 * and no environment variable; `onEvent` and `logger` work as on Node.
 *
 * @packageDocumentation
 */
import type { Runtime } from './observability'

/** The runtime of the web entry. */
export const plainRuntime: Runtime = {
  ambient: undefined,
  publishers: [],
  openTelemetry: () => undefined,
  logLevel: () => undefined,
}
