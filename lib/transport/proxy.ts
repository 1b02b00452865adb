/**
 * An HTTP forward proxy for both transports, from one setting: the `proxy` option of `connect`,
 * else the usual environment variables, read once when the client is made. One function
 * ({@link proxyFor}) decides for an origin whether it goes through the proxy and through which,
 * so REST (an undici `ProxyAgent` per origin, `http/pools.ts`) and gRPC (grpc-js's HTTP CONNECT,
 * `grpc/channels.ts`) always agree; grpc-js's own reading of the environment is turned off.
 *
 * Both transports open a tunnel with `CONNECT host:port` (TLS to Weaviate runs inside it), so the
 * proxy sees the target's host and port only, never a path, a header or an API key. The proxy is
 * an `http://` URL (grpc-js speaks to no other), with optional `user:password` sent as
 * `Proxy-Authorization: Basic`.
 *
 * Loopback is not exempt: like undici and grpc-js, and unlike Go, a proxy is used for
 * `127.0.0.1` and `localhost` unless `NO_PROXY` (or the option's `noProxy`) names them.
 *
 * @packageDocumentation
 */
import { ArgumentValueError } from '../core/errors'

/**
 * An explicit proxy with the hosts that bypass it.
 *
 * @example
 * ```ts
 * const proxy: ProxyOptions = { url: 'http://proxy.internal:3128', noProxy: 'localhost,127.0.0.1,.svc.cluster.local' }
 * const client = connect({ url: 'https://weaviate.example.com', proxy })
 * ```
 */
export interface ProxyOptions {
  /** The proxy, `http://[user:password@]host[:port]` (port 80 when absent). */
  readonly url: string
  /**
   * Hosts that bypass the proxy, in `NO_PROXY`'s form: comma- or space-separated names (each also
   * matching its subdomains; a leading `.` or `*.` is the same), IP addresses, `host:port` for one
   * port only, or `*` for every host.
   */
  readonly noProxy?: string
}

/**
 * The `proxy` option of `connect`: a proxy URL (every host through it), a proxy with exemptions,
 * or `false` for none whatever the environment says. When absent the client reads
 * `HTTPS_PROXY` (for `https` nodes, falling back to `HTTP_PROXY`), `HTTP_PROXY` (for `http`
 * nodes) and `NO_PROXY`, each also in lower case (which wins), once at `connect`.
 *
 * @example
 * ```ts
 * const client = connect({ url: 'http://10.0.0.5:8080', proxy: 'http://proxy.internal:3128' })
 * ```
 */
export type ProxyOption = string | ProxyOptions | false

/** One checked `NO_PROXY` entry. */
interface Exemption {
  /** Lower-case host without brackets, no leading dot; `*` for every host. */
  readonly host: string
  /** Only this port, when the entry names one. */
  readonly port: string | undefined
}

/**
 * The checked proxy settings of a client.
 */
export interface ProxySettings {
  /** The proxy of `http` origins (plaintext REST and gRPC), if any. */
  readonly http: URL | undefined
  /** The proxy of `https` origins (TLS REST and gRPC), if any. */
  readonly https: URL | undefined
  readonly exemptions: readonly Exemption[]
}

/** No proxy. */
export const NO_PROXY: ProxySettings = Object.freeze({ http: undefined, https: undefined, exemptions: [] })

/**
 * The settings of the option, or of `env` when the option is absent. Throws an
 * {@link ArgumentValueError} for a proxy URL that is not `http://host[:port]`, naming the option
 * or the variable it came from.
 */
export const resolveProxy = (option: ProxyOption | undefined, env: NodeJS.ProcessEnv = process.env): ProxySettings => {
  if (option === false) return NO_PROXY
  if (typeof option === 'string') return { http: proxyUrl('proxy', option), https: proxyUrl('proxy', option), exemptions: [] }
  if (option !== undefined) {
    if (typeof option !== 'object' || option === null || typeof option.url !== 'string') {
      throw new ArgumentValueError({ argument: 'proxy', reason: "'proxy' must be a URL string, { url, noProxy } or false" })
    }
    const url = proxyUrl('proxy', option.url)
    return { http: url, https: url, exemptions: exemptions(option.noProxy ?? '') }
  }
  const http = variable(env, 'http_proxy')
  const https = variable(env, 'https_proxy') ?? http
  if (http === undefined && https === undefined) return NO_PROXY
  return {
    http: http === undefined ? undefined : proxyUrl(http.name, http.value),
    https: https === undefined ? undefined : proxyUrl(https.name, https.value),
    exemptions: exemptions(variable(env, 'no_proxy')?.value ?? ''),
  }
}

/**
 * The proxy an origin (`http(s)://host:port`) goes through, or undefined for a direct connection.
 */
export const proxyFor = (settings: ProxySettings, origin: string): URL | undefined => {
  const target = new URL(origin)
  const proxy = target.protocol === 'https:' ? settings.https : settings.http
  if (proxy === undefined) return undefined
  const host = bare(target.hostname)
  const port = target.port === '' ? (target.protocol === 'https:' ? '443' : '80') : target.port
  const exempt = settings.exemptions.some(
    (entry) => (entry.port === undefined || entry.port === port) && (entry.host === '*' || host === entry.host || host.endsWith(`.${entry.host}`)),
  )
  return exempt ? undefined : proxy
}

/** The proxy's URL without its credentials, for errors. */
export const safeProxyUrl = (proxy: URL): string => `${proxy.protocol}//${proxy.host}`

/** A variable by its lower-case name, else its upper-case one; empty counts as unset. */
const variable = (env: NodeJS.ProcessEnv, lower: string): { readonly name: string; readonly value: string } | undefined => {
  const upper = lower.toUpperCase()
  const value = env[lower]
  if (value !== undefined && value !== '') return { name: lower, value }
  const other = env[upper]
  return other !== undefined && other !== '' ? { name: upper, value: other } : undefined
}

const proxyUrl = (argument: string, text: string): URL => {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new ArgumentValueError({ argument, reason: `'${argument}' is not a URL: use http://host:port` })
  }
  if (url.protocol !== 'http:' || url.hostname === '') {
    throw new ArgumentValueError({ argument, reason: `'${argument}' must be an http:// proxy URL (the tunnel carries TLS to Weaviate), got ${url.protocol}//${url.host}` })
  }
  return url
}

const exemptions = (list: string): readonly Exemption[] =>
  list
    .split(/[\s,]+/)
    .filter((entry) => entry !== '')
    .map((entry) => {
      const lower = entry.toLowerCase()
      // `[::1]:8080`, `[::1]`, `::1` (no port: several colons), `host:port`, `host`.
      const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(lower)
      const hostPort = /^([^:]+):(\d+)$/.exec(lower)
      const [host, port] = bracketed !== null ? [bracketed[1] ?? '', bracketed[2]] : hostPort !== null ? [hostPort[1] ?? '', hostPort[2]] : [lower, undefined]
      return { host: host.replace(/^\*?\./, ''), port }
    })

/** A host name without the brackets of an IPv6 address. */
const bare = (hostname: string): string => hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase()
