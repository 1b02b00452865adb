/**
 * A page served from its own port on 127.0.0.1: an origin other than the Weaviate server's, so
 * every request the page sends to the server is cross-origin and passes through the server's CORS
 * answers, as a web app's would.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A served page: its URL, its origin and how to stop serving it.
 *
 * @example
 * ```ts
 * const page: ServedPage = await servePage({ title: 't', script })
 * await page.close()
 * ```
 */
export interface ServedPage {
  readonly url: string
  readonly origin: string
  readonly close: () => Promise<void>
}

/**
 * What the page is: its title, the body's HTML and the bundled script it loads (`/app.js`, after
 * the body).
 *
 * @example
 * ```ts
 * const content: PageContent = { title: 'search', body: '<input id="q">', script: 'console.log(1)' }
 * ```
 */
export interface PageContent {
  readonly title: string
  readonly body?: string
  readonly script: string
  /** Extra files by path (`/style.css`): content and type. */
  readonly files?: Readonly<Record<string, { readonly type: string; readonly content: string | Uint8Array }>>
}

/**
 * The HTML of a page that loads `/app.js`.
 *
 * @example
 * ```ts
 * pageHtml({ title: 'probe' }) // '<!doctype html>...<script src="/app.js"></script>...'
 * ```
 */
export const pageHtml = (content: Pick<PageContent, 'title' | 'body'>): string =>
  `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>${content.title}</title></head>\n<body>\n${content.body ?? ''}\n<script src="/app.js"></script>\n</body>\n</html>\n`

/**
 * Serves `content` on a free port of 127.0.0.1 (or `port`): `/` is the page, `/app.js` its script,
 * anything else of `files` as given, the rest 404. No CORS headers: a request from another origin
 * to this server is refused by the browser, which a spec can use to show CORS is on.
 *
 * @example
 * ```ts
 * const served = await servePage({ title: 'probe', script: 'document.title = "ok"' })
 * await page.goto(served.url)
 * ```
 */
export const servePage = async (content: PageContent, port = 0): Promise<ServedPage> => {
  const files: Record<string, { readonly type: string; readonly content: string | Uint8Array }> = {
    '/': { type: 'text/html; charset=utf-8', content: pageHtml(content) },
    '/app.js': { type: 'text/javascript; charset=utf-8', content: content.script },
    ...content.files,
  }
  const server = createServer((request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://x').pathname]
    if (file === undefined) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.content)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: `${origin}/`,
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
