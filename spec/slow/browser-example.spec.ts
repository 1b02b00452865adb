/**
 * examples/browser as a user runs it (`npm run example:browser`): it starts an embedded Weaviate
 * that lets in the page's origin only, seeds a class and serves the page; the spec opens the page
 * in headless Chromium, types a query a key at a time, and reads the results and the network.
 * Chromium's network runs with 400 ms of latency (as on a slow mobile link), so every search is
 * still in flight when the next keystroke's search replaces it: each of those requests must be
 * aborted, seen as a failed request (`net::ERR_ABORTED`) in the page's network events. The spec
 * saves a screenshot of the page to .tmp/screenshots/browser-example.png (examples/browser's
 * README shows a copy).
 */
import { promises as fs } from 'node:fs'
import * as path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { BrowserExample, NOTES, startBrowserExample } from '../../examples/browser/serve'
import { launchChromium } from '../helpers/chromium'
import { retryOnPortClash } from '../helpers/embedded-fixtures'
import { ServedPage, servePage } from '../helpers/page-server'

const SCREENSHOT = path.resolve(__dirname, '..', '..', '.tmp', 'screenshots', 'browser-example.png')
const QUERY = 'snow'

let example: BrowserExample
let browser: Browser
let page: Page
let elsewhere: ServedPage
/** Each Search request the page sent: answered, aborted, or the network error that ended it. */
const searches: { url: string; outcome: string }[] = []

beforeAll(async () => {
  example = await retryOnPortClash(() => startBrowserExample({ log: () => undefined }))
  browser = await launchChromium()
  page = await browser.newPage({ viewport: { width: 900, height: 400 } })
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: -1, uploadThroughput: -1 })
  const isSearch = (url: string) => url.includes('/v1/grpc-web/weaviate.v1.Weaviate/Search')
  page.on('requestfinished', (request) => {
    if (isSearch(request.url()) && request.method() === 'POST') searches.push({ url: request.url(), outcome: 'answered' })
  })
  page.on('requestfailed', (request) => {
    if (isSearch(request.url()) && request.method() === 'POST') {
      const error = request.failure()?.errorText ?? ''
      searches.push({ url: request.url(), outcome: error === 'net::ERR_ABORTED' ? 'aborted' : error })
    }
  })
  await page.goto(example.url)
  await page.waitForSelector('body[data-started]')
  await page.locator('#q').pressSequentially(QUERY, { delay: 250 })
  await page.waitForSelector(`body[data-shown="${QUERY}"]`, { timeout: 30_000 })
  await fs.mkdir(path.dirname(SCREENSHOT), { recursive: true })
  await page.screenshot({ path: SCREENSHOT })
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await elsewhere?.close()
  await example?.stop()
})

it('shows the notes whose titles match what was typed', async () => {
  const titles = await page.locator('#results li .title').allTextContents()
  expect([...titles].sort()).toEqual(NOTES.map(([title]) => title).filter((title) => /snow/i.test(title)).sort())
})

it('sent one search per keystroke that outlived the debounce, and aborted every one but the last', () => {
  expect(searches).toHaveLength(QUERY.length)
  expect(searches.map((s) => s.outcome)).toEqual([...Array.from({ length: QUERY.length - 1 }, () => 'aborted'), 'answered'])
})

it("counts the same cancelled searches on the page as the browser's network saw aborted", async () => {
  const body = page.locator('body')
  const counts = { started: Number(await body.getAttribute('data-started')), cancelled: Number(await body.getAttribute('data-cancelled')) }
  expect(counts).toEqual({ started: QUERY.length, cancelled: searches.filter((s) => s.outcome === 'aborted').length })
})

it('saves a screenshot of the page', async () => {
  expect((await fs.stat(SCREENSHOT)).size).toBeGreaterThan(10_000)
})

it("lets in the page's origin only: the same request from another origin is refused by CORS", async () => {
  elsewhere = await servePage({ title: 'elsewhere', script: '' })
  const other = await browser.newPage()
  await other.goto(elsewhere.url)
  const outcome = await other.evaluate(async (url) => fetch(`${url}/v1/meta`).then((r) => `answered ${r.status}`, (e: Error) => e.name), example.server.connection.url)
  await other.close()
  expect(outcome).toBe('TypeError')
})
