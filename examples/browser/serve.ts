/**
 * The browser example's server side: starts an embedded Weaviate, seeds a small class, makes a
 * read-only database user for the page, and serves the page (page/index.html and page/app.ts,
 * bundled with esbuild under the `browser` condition, as a user's bundler would) from its own port.
 * The page talks to Weaviate directly, cross-origin: Weaviate is started with `CORS_ALLOW_ORIGIN`
 * set to the page's origin, and the page holds only the read-only user's key.
 *
 * Run: `npm run example:browser` (then open the URL it prints; Ctrl-C stops everything).
 */
import { promises as fs } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as path from 'node:path'
import { build } from 'esbuild'
import * as E from 'fp-ts/Either'
import { firstValueFrom, lastValueFrom, toArray } from 'rxjs'
import { ObservableEither, WeaviateError, connect } from '../../lib'
import { EmbeddedWeaviate, startEmbedded } from '../../lib/embedded'

/** The seeded notes: a title and a topic each. */
export const NOTES = [
  ['The quick brown fox', 'animals'],
  ['A fox in the snow', 'animals'],
  ['Owls hunt at night', 'animals'],
  ['Snow leopards of the high mountains', 'animals'],
  ['Why cats sleep all day', 'animals'],
  ['Migrating geese over the lake', 'animals'],
  ['Baking sourdough bread', 'food'],
  ['Fox-shaped cookies for the winter market', 'food'],
  ['Tomato soup for snow days', 'food'],
  ['Fresh pasta without a machine', 'food'],
  ['A slow-cooked bean stew', 'food'],
  ['Rye bread with caraway', 'food'],
  ['Rust for web servers', 'tech'],
  ['Firefox release notes', 'tech'],
  ['Debouncing keystrokes in RxJS', 'tech'],
  ['Cancelling fetch requests with AbortController', 'tech'],
  ['gRPC-Web in the browser', 'tech'],
  ['Vector search explained', 'tech'],
  ['Skiing in fresh snow', 'travel'],
  ['A night train across the mountains', 'travel'],
  ['Lakes and forests of the north', 'travel'],
  ['Packing light for a long trip', 'travel'],
] as const

/** Options of {@link startBrowserExample}. */
export interface BrowserExampleOptions {
  /** The page's port on 127.0.0.1; default a free one. */
  readonly port?: number
  /** The class to seed; default `BrowserNote`. */
  readonly className?: string
  readonly log?: (line: string) => void
}

/** The running example: the page's URL, the server, and how to stop both. */
export interface BrowserExample {
  readonly url: string
  readonly server: EmbeddedWeaviate
  readonly className: string
  readonly stop: () => Promise<void>
}

const right = async <A>(op: ObservableEither<WeaviateError, A>): Promise<A> => {
  const value = await firstValueFrom(op)
  if (E.isLeft(value)) throw new Error(`${value.left._tag}: ${value.left.message}`)
  return value.right
}

/** page/app.ts bundled for the browser; in this repository `weaviate-rx` is its web entry. */
const bundle = async (): Promise<string> => {
  const result = await build({
    entryPoints: [path.join(__dirname, 'page', 'app.ts')],
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'iife',
    conditions: ['browser'],
    target: 'es2022',
    minify: true,
    alias: { 'weaviate-rx': path.join(__dirname, '..', '..', 'lib', 'web.ts') },
    logLevel: 'silent',
  })
  return result.outputFiles[0]?.text ?? ''
}

/**
 * Starts the example: the page's port first (its origin is the one Weaviate lets in), then
 * Weaviate, the seed and the read-only user.
 *
 * @example
 * ```ts
 * const example = await startBrowserExample()
 * console.log(example.url)
 * await example.stop()
 * ```
 */
export const startBrowserExample = async (options: BrowserExampleOptions = {}): Promise<BrowserExample> => {
  const log = options.log ?? console.log
  const className = options.className ?? 'BrowserNote'
  const files = new Map<string, { readonly type: string; readonly content: string }>()
  const http = createServer((request, response) => {
    const file = files.get(new URL(request.url ?? '/', 'http://page').pathname)
    if (file === undefined) response.writeHead(404).end()
    else response.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.content)
  })
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(options.port ?? 0, '127.0.0.1', resolve)
  })
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
  const closeHttp = () =>
    new Promise<void>((resolve) => {
      http.closeAllConnections()
      http.close(() => resolve())
    })

  let server: EmbeddedWeaviate
  try {
    server = await startEmbedded({ rbac: true, env: { CORS_ALLOW_ORIGIN: origin } })
  } catch (e) {
    await closeHttp()
    throw e
  }
  const stop = async () => {
    await closeHttp()
    await server.stop()
  }
  try {
    const root = connect({ ...server.connection })
    try {
      await right(
        root.schema.createClass({
          class: className,
          vectorizer: 'none',
          properties: [
            // Trigram tokens: a query matches parts of words, as a search box is expected to.
            { name: 'title', dataType: ['text'], tokenization: 'trigram' },
            { name: 'topic', dataType: ['text'], tokenization: 'field' },
          ],
        }),
      )
      const written = await lastValueFrom(root.objects.batch(NOTES.map(([title, topic]) => ({ className, dataObject: { title, topic } }))).pipe(toArray()))
      log(`seeded ${written.filter(E.isRight).length} notes into ${className}`)
      // The page gets a key that can read this class and nothing else.
      await right(
        root.roles.create('page-reader', [
          { kind: 'collections', collection: className, actions: ['read'] },
          { kind: 'data', collection: className, actions: ['read'] },
        ]),
      )
      const apiKey = await right(root.users.db.create('page'))
      await right(root.users.assignRoles('page', ['page-reader'], { userType: 'db' }))
      files.set('/', { type: 'text/html; charset=utf-8', content: await fs.readFile(path.join(__dirname, 'page', 'index.html'), 'utf8') })
      files.set('/app.js', { type: 'text/javascript; charset=utf-8', content: await bundle() })
      files.set('/config.json', { type: 'application/json', content: JSON.stringify({ url: server.connection.url, apiKey, className }) })
    } finally {
      await root.close()
    }
  } catch (e) {
    await stop()
    throw e
  }
  const url = `${origin}/`
  log(`Weaviate ${server.version} at ${server.connection.url}, letting in ${origin}`)
  log(`open ${url}`)
  return { url, server, className, stop }
}

if (require.main === module) {
  startBrowserExample()
    .then((example) => {
      const stop = () => {
        example.stop().then(
          () => process.exit(0),
          () => process.exit(1),
        )
      }
      process.once('SIGINT', stop)
      process.once('SIGTERM', stop)
    })
    .catch((e: unknown) => {
      console.error(e)
      process.exitCode = 1
    })
}
