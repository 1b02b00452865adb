/**
 * One grpc-js client (an HTTP/2 channel) per gRPC node, made on first use and closed by the owner.
 *
 * @packageDocumentation
 */
import { Client, ChannelCredentials, ChannelOptions, credentials } from '@grpc/grpc-js'
import { createSecureContext } from 'node:tls'
import { NO_PROXY, ProxySettings, proxyFor, safeProxyUrl } from '../proxy'
import { DEFAULT_TLS, TlsSettings } from '../tls'
import type { GrpcNode } from './address'
import { DEFAULT_KEEPALIVE, Keepalive, keepaliveChannelOptions } from './keepalive'

/**
 * Messages of any size both ways; the server enforces its own limit (`grpcMaxMessageSize`). An
 * HTTP/2 receive window of 8 MiB (the default is 64 KiB): a stream page of 500 768-dimension
 * vectors is a 3 MB reply, which the server can then send whole while the client is busy
 * decoding the page before it, instead of waiting for the client's window updates
 * (docs/decisions/0007-grpc-stream-page-cycle.md).
 */
const CHANNEL_OPTIONS: ChannelOptions = {
  'grpc.max_receive_message_length': -1,
  'grpc.max_send_message_length': -1,
  'grpc-node.flow_control_window': 8 * 1024 * 1024,
  // The proxy is the client's decision (`../proxy.ts`), the same for REST: grpc-js's own reading
  // of `grpc_proxy` / `https_proxy` / `no_proxy` is off.
  'grpc.enable_http_proxy': 0,
}

/**
 * The channel of a node through an HTTP proxy, as grpc-js builds it from the environment: it
 * dials the proxy, opens `CONNECT host:port` (`grpc.http_connect_target`, with the proxy's
 * credentials as Basic `Proxy-Authorization`) and runs HTTP/2 (and TLS, checked against the
 * node's host) inside the tunnel, with the node's `host:port` as the `:authority`.
 */
const throughProxy = (node: GrpcNode, proxy: URL, options: ChannelOptions): { readonly target: string; readonly options: ChannelOptions } => {
  const user = decodeURIComponent(proxy.username)
  const creds = proxy.password === '' ? user : `${user}:${decodeURIComponent(proxy.password)}`
  return {
    target: proxy.port === '' ? `${proxy.host}:80` : proxy.host,
    options: {
      ...options,
      'grpc.http_connect_target': `dns:${node.target}`,
      'grpc.default_authority': node.target,
      ...(creds === '' ? {} : { 'grpc.http_connect_creds': creds }),
    },
  }
}

/**
 * The channels of one client.
 */
export interface Channels {
  /** The channel of `node`, opened on first use. */
  for(node: GrpcNode): Client
  /** The proxy `node` is reached through (without credentials), for errors; undefined when direct. */
  via(node: GrpcNode): string | undefined
  /** Closes every channel; calls in flight fail with CANCELLED. Idempotent. */
  close(): void
  readonly closed: boolean
}

/**
 * Creates the (lazy) channels of a client, with the client's keepalive pings (`keepalive.ts`), through
 * the client's proxy where its settings send the node's origin ({@link throughProxy}); a TLS channel uses the client's TLS settings (its CA
 * bundle, client certificate and key, and `servername` as `grpc.ssl_target_name_override`, which
 * grpc-js sends as SNI and checks the certificate against).
 *
 * The credentials come from a Node `SecureContext` of ours (`createFromSecureContext`), not from
 * `credentials.createSsl(ca, key, cert)`: with grpc-js 1.14 on Node 20, `createSsl()` refuses a
 * server whose CA is in `NODE_EXTRA_CA_CERTS` (UNABLE_TO_VERIFY_LEAF_SIGNATURE), where the same
 * handshake from `createSecureContext({})` passes, as undici's https on the REST side
 * does (spec/slow/tls.spec.ts runs it in a child process).
 */
export const createChannels = (tls: TlsSettings = DEFAULT_TLS, keepalive: Keepalive | false = DEFAULT_KEEPALIVE, proxy: ProxySettings = NO_PROXY): Channels => {
  const plain: ChannelOptions = { ...CHANNEL_OPTIONS, ...keepaliveChannelOptions(keepalive) }
  const secure: { readonly credentials: ChannelCredentials; readonly options: ChannelOptions } = {
    credentials: credentials.createFromSecureContext(
      createSecureContext({
        ...(tls.ca === undefined ? {} : { ca: tls.ca }),
        ...(tls.cert === undefined ? {} : { cert: tls.cert }),
        ...(tls.key === undefined ? {} : { key: tls.key }),
      }),
    ),
    options: tls.servername === undefined ? plain : { ...plain, 'grpc.ssl_target_name_override': tls.servername },
  }
  const open = new Map<string, Client>()
  // The channel of each node object, so a call finds its channel without building a key.
  let byNode = new WeakMap<GrpcNode, Client>()
  let closed = false
  return {
    for: (node) => {
      let client = byNode.get(node)
      if (client !== undefined) return client
      const key = `${node.secure ? 's' : 'p'}:${node.target}`
      client = open.get(key)
      if (client === undefined) {
        const direct = node.secure ? secure.options : plain
        const via = proxyFor(proxy, node.origin)
        const dial = via === undefined ? { target: node.target, options: direct } : throughProxy(node, via, direct)
        client = new Client(dial.target, node.secure ? secure.credentials : credentials.createInsecure(), dial.options)
        open.set(key, client)
      }
      byNode.set(node, client)
      return client
    },
    via: (node) => {
      const url = proxyFor(proxy, node.origin)
      return url === undefined ? undefined : safeProxyUrl(url)
    },
    close: () => {
      closed = true
      for (const client of open.values()) client.close()
      open.clear()
      byNode = new WeakMap()
    },
    get closed() {
      return closed
    },
  }
}
