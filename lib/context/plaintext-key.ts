/**
 * The one warning of a client that would send its API key in the clear to another machine: plain
 * `http` to a host beyond loopback. Node-free, so every build (`connect` of `weaviate-rx` and of
 * its web entry) gives it.
 *
 * @packageDocumentation
 */
import { emitWarning } from '../core/platform'

/**
 * The code of the warning of a client that sends its API key over plain `http` to a host beyond
 * loopback.
 */
export const PLAINTEXT_KEY_WARNING = 'WEAVIATE_RX_TLS001'

/** `localhost`, `127.0.0.0/8`, `::1`: the machine itself. */
const isLoopback = (hostname: string): boolean => {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)
}

/**
 * The origins among `urls` (REST base URLs and gRPC `http(s)://host:port` origins) an API key
 * would travel to unencrypted: plain `http` to a host beyond loopback.
 */
export const plaintextOrigins = (urls: readonly string[]): string[] => {
  const found: string[] = []
  for (const raw of urls) {
    let url: URL
    try {
      url = new URL(raw)
    } catch {
      continue
    }
    if (url.protocol === 'http:' && !isLoopback(url.hostname) && !found.includes(url.origin)) found.push(url.origin)
  }
  return found
}

/**
 * Emits the warning once for a client whose `apiKey` goes in the clear to `origins`; emitted like the
 * fallback warnings (`fallback-warnings.ts`).
 */
export const warnPlaintextKey = (origins: readonly string[]): void => {
  emitWarning(
    `weaviate-rx sends the API key unencrypted over plain http to ${origins.join(', ')}: anyone on the network path can read it. ` +
      'Use https:// URLs (and a grpcUrl with https://), with the tls option for a private certificate authority.',
    { type: 'WeaviateRxWarning', code: PLAINTEXT_KEY_WARNING },
  )
}
