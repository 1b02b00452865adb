/**
 * The web build in a real headless Chromium (spec/helpers/chromium.ts), against the run's `RBAC`
 * server (1.39.0 with database users and generative-dummy, CORS as shipped). The page is served
 * from its own port on 127.0.0.1, so every request it sends to Weaviate is cross-origin; its
 * script is bundled the way a user's bundler would (spec/helpers/web-bundle.ts). One browser for
 * the file; each test opens its own page.
 */
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from '../helpers/chromium'
import { ServedPage, servePage } from '../helpers/page-server'
import { configuredServer } from '../helpers/versions'
import { bundleForWeb } from '../helpers/web-bundle'
import type { ProbeInput, ProbeResult } from './programs/probe'
import type { ScenarioInput, ScenarioResult } from './programs/scenario-types'
import { describeScenario, rootAccess } from './scenario-checks'

/** The run's `RBAC` server: database users, generative-dummy, CORS as shipped. */
const server = () => rootAccess(configuredServer('RBAC'))

let browser: Browser
const served: ServedPage[] = []
const pages: Page[] = []

beforeAll(async () => {
  browser = await launchChromium()
})

afterAll(async () => {
  for (const page of pages) await page.close()
  await browser.close()
  for (const s of served) await s.close()
})

const serve = async (title: string, entry: string): Promise<ServedPage> => {
  const s = await servePage({ title, script: await bundleForWeb(entry, 'browser') })
  served.push(s)
  return s
}

const open = async (s: ServedPage): Promise<Page> => {
  const page = await browser.newPage()
  pages.push(page)
  await page.goto(s.url)
  return page
}

describe('plain fetch from a page on another origin', () => {
  let result: ProbeResult
  let pageOrigin: string

  beforeAll(async () => {
    const page = await serve('probe', 'spec/web/programs/probe-page.ts')
    const other = await servePage({ title: 'elsewhere', script: '' })
    served.push(other)
    pageOrigin = page.origin
    const tab = await open(page)
    const input: ProbeInput = { ...server(), noCorsUrl: other.url }
    result = await tab.evaluate(async (i) => (globalThis as unknown as { probe: (i: ProbeInput) => Promise<ProbeResult> }).probe(i), input)
  })

  it('is cross-origin: the page and the server differ in origin', () => {
    expect(new URL(server().url).origin).not.toBe(pageOrigin)
  })

  it('reads /v1/meta through the server CORS answer', () => {
    expect(result.meta).toEqual({ status: 200, version: '1.39.0' })
  })

  it('reads a gRPC-Web reply and its gRPC status through the grpc-web handler CORS answer', () => {
    // An empty SearchRequest names no collection: the server refuses it with a gRPC status.
    expect(result.grpcWeb).toMatchObject({ status: 200, contentType: 'application/grpc-web+proto' })
    expect(result.grpcWeb.grpcStatus).toMatch(/^[1-9]\d*$/)
  })

  it('is refused by the browser at a port that sends no CORS headers (CORS is on)', () => {
    expect(result.noCors).toMatch(/^TypeError: Failed to fetch/)
  })
})

/** The requests the scenario page sent to Weaviate, as `METHOD /path`, in order (CORS preflights are not reported). */
const scenarioRequests: string[] = []

describeScenario(
  'the client in a page on another origin (bundled with the browser condition)',
  server,
  async (input) => {
    const tab = await open(await serve('scenario', 'spec/web/programs/scenario-page.ts'))
    const weaviate = new URL(input.url).origin
    tab.on('request', (request) => {
      const url = new URL(request.url())
      if (url.origin === weaviate) scenarioRequests.push(`${request.method()} ${url.pathname}`)
    })
    return tab.evaluate(async (i) => (globalThis as unknown as { scenario: (i: ScenarioInput) => Promise<ScenarioResult> }).scenario(i), input)
  },
  () => {
    it('sends the batch, the searches and the aggregates over gRPC-Web, nothing over GraphQL or the REST batch', () => {
      const grpcWeb = new Set(scenarioRequests.flatMap((r) => /^POST \/v1\/grpc-web\/weaviate\.v1\.Weaviate\/(\w+)$/.exec(r)?.[1] ?? []))
      expect([...grpcWeb].sort()).toEqual(['Aggregate', 'BatchObjects', 'Search'])
      expect(scenarioRequests.filter((r) => /\/v1\/(graphql|batch)/.test(r))).toEqual([])
    })

    it("sends the read-only user's refused write once: a ForbiddenError is never retried", () => {
      expect(scenarioRequests.filter((r) => r === 'POST /v1/objects')).toHaveLength(1)
    })
  },
)
