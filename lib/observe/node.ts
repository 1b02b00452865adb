/**
 * The Node side of the observability, which only the Node entry imports: the asynchronous context
 * (`AsyncLocalStorage`) an operation's attempts find it in, the `diagnostics_channel` channels,
 * the `@opentelemetry/api` peer when it is installed, and `WEAVIATE_RX_LOG`.
 *
 * @packageDocumentation
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import diagnostics from 'node:diagnostics_channel'
import { EVENT_CHANNELS, EventChannel, Publisher } from './events'
import { levelFromEnv } from './logger'
import { OpenTelemetryApi, isOpenTelemetryApi } from './otel'
import type { Ambient, OperationProbe } from './probe'
import type { Runtime } from './observability'

const storage = new AsyncLocalStorage<OperationProbe>()

/** The operation of an attempt through every timer, promise and callback of its flow. */
const asyncAmbient: Ambient = {
  run: (probe, f) => storage.run(probe, f),
  current: () => storage.getStore(),
}

const channels = Object.values(EVENT_CHANNELS).map((name) => [name, diagnostics.channel(name)] as const)
const byName = new Map<EventChannel, diagnostics.Channel>(channels)

/** The events on Node's `diagnostics_channel`, published when a channel has subscribers. */
const channelPublisher: Publisher = {
  listening: () => channels.some(([, channel]) => channel.hasSubscribers),
  publish: (name, payload) => {
    const channel = byName.get(name)
    if (channel?.hasSubscribers === true) channel.publish(payload)
  },
}

let peer: OpenTelemetryApi | null | undefined

/** The installed `@opentelemetry/api` (the optional peer), loaded once; undefined when it is not installed. */
const installedOpenTelemetry = (): OpenTelemetryApi | undefined => {
  if (peer === undefined) {
    try {
      // The optional peer: loaded only here, only if installed (the web entry never reaches this file).
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const api: unknown = require('@opentelemetry/api')
      peer = isOpenTelemetryApi(api) ? api : null
    } catch {
      peer = null
    }
  }
  return peer ?? undefined
}

/** What Node gives the observability. */
export const nodeRuntime: Runtime = {
  ambient: asyncAmbient,
  publishers: [channelPublisher],
  openTelemetry: installedOpenTelemetry,
  logLevel: () => levelFromEnv(process.env['WEAVIATE_RX_LOG']),
}
