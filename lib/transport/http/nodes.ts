/**
 * The Weaviate nodes of a client and the failover cursor over them: requests go to the current
 * node, starting with the first; a network failure there (a transient connection error or an
 * attempt timeout) moves the cursor to the next node, round-robin; any answer keeps it where it is.
 *
 * @packageDocumentation
 */
import { ArgumentValueError, isWeaviateError, redactUrl } from '../../core/errors'
import { isNetworkFailure } from './retry'

/**
 * A Weaviate node: where its pool connects and the path prefix of its API.
 */
export interface Node {
  readonly origin: string
  /** e.g. `/v1`, or `/proxy/v1` for a base URL with a path. */
  readonly basePath: string
}

/**
 * The nodes of a URL list: origin plus API base path, `/v1` appended once.
 */
export const parseNodes = (urls: readonly string[]): Node[] => {
  if (urls.length === 0) throw new ArgumentValueError({ argument: 'url', reason: 'at least one Weaviate URL is required' })
  return urls.map((raw) => {
    let url: URL
    try {
      url = new URL(raw)
    } catch {
      throw new ArgumentValueError({ argument: 'url', reason: `not a valid URL: ${redactUrl(raw)}` })
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new ArgumentValueError({ argument: 'url', reason: `only http and https URLs are supported: ${redactUrl(raw)}` })
    }
    let prefix = url.pathname.replace(/\/+$/, '')
    if (prefix.endsWith('/v1')) prefix = prefix.slice(0, -3)
    return { origin: url.origin, basePath: `${prefix}/v1` }
  })
}

/**
 * A node as picked for one attempt; hand it back to `succeeded` / `failed`.
 */
export interface PickedNode extends Node {
  /** Position in the URL list. */
  readonly index: number
}

/**
 * The failover cursor.
 */
export interface Nodes {
  /** How many nodes there are; with one, nobody needs to report back. */
  readonly count: number
  /** The node the next attempt goes to. */
  pick(): PickedNode
  /** An attempt on `node` got an answer: stay there. */
  succeeded(node: PickedNode): void
  /** An attempt on `node` failed with `error`: a network failure moves on to the next node. */
  failed(node: PickedNode, error: unknown): void
}

/**
 * The cursor over `nodes`, starting at the first.
 */
export const createNodes = (list: readonly Node[]): Nodes => {
  const picks: readonly PickedNode[] = list.map((node, index) => ({ ...node, index }))
  let current = 0
  return {
    count: picks.length,
    pick: () => {
      const node = picks[current]
      if (node === undefined) throw new RangeError(`no node ${current}`)
      return node
    },
    succeeded: (node) => {
      current = node.index
    },
    failed: (node, error) => {
      if (current === node.index && isWeaviateError(error) && isNetworkFailure(error)) current = (node.index + 1) % picks.length
    },
  }
}
