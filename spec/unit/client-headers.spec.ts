/**
 * The headers a client resolves once (lib/transport/http/options.ts): its name, the Weaviate Cloud
 * cluster URL, and the version constant written from package.json.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CLIENT_VERSION } from '../../lib/transport/client-version'
import { resolveOptions } from '../../lib/transport/http/options'

const headersOf = (url: string, headers?: Record<string, string>) => resolveOptions({ urls: [url], ...(headers === undefined ? {} : { headers }) }).headers

describe('client headers', () => {
  it("the version constant is package.json's version", () => {
    const { version } = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }
    expect(CLIENT_VERSION).toBe(version)
  })

  it.each(['https://abc.c0.europe-west3.gcp.weaviate.cloud', 'https://my-cluster.weaviate.network', 'https://x.semi.technology:443'])(
    'names the cluster for a Weaviate Cloud URL: %s',
    (url) => {
      expect(headersOf(url)['x-weaviate-cluster-url']).toBe(`https://${new URL(url).hostname}`)
    },
  )

  it.each(['http://127.0.0.1:8080', 'https://weaviate.cloud.example.com', 'https://evilweaviate.cloud', 'https://example.com/weaviate.cloud'])(
    'names no cluster for a URL that is not on a Weaviate Cloud domain: %s',
    (url) => {
      expect(headersOf(url)['x-weaviate-cluster-url']).toBeUndefined()
    },
  )

  it("lets the user's own x-weaviate-cluster-url stand", () => {
    expect(headersOf('https://abc.weaviate.cloud', { 'X-Weaviate-Cluster-Url': 'https://mine.example' })['x-weaviate-cluster-url']).toBe('https://mine.example')
  })

  it('names the client on every request', () => {
    expect(headersOf('http://127.0.0.1:8080')['x-weaviate-client']).toBe(`weaviate-rx/${CLIENT_VERSION}`)
  })
})
