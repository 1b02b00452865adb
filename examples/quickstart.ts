/**
 * Quickstart: `npm start`.
 *
 * Talks to the Weaviate at `WEAVIATE_URL`, or starts an embedded one (offline, on 127.0.0.1) when
 * that variable is not set. Creates two classes, `Author` and `Article` with a reference property
 * `writtenBy: [Author]`, writes objects and references with weaviate-rx, reads them back, streams
 * the class, prints a short summary and removes everything it made.
 *
 * Run: `npm start` or `npx ts-node --transpile-only examples/quickstart.ts [url]` (with a url, the
 * key, if the server wants one, from env `WEAVIATE_API_KEY`)
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { ObservableEither, WeaviateError, connect, referencesOf, firstRight } from '../lib'
import { EmbeddedWeaviate, startEmbedded } from '../lib/embedded'

/** What the quickstart did, for its summary and for tests. */
export interface QuickstartSummary {
  readonly url: string
  readonly serverVersion: string
  readonly classes: { readonly Author: string; readonly Article: string }
  readonly authors: number
  readonly articles: number
  /** Author names of the first article, read back through its `writtenBy` references. */
  readonly firstArticleAuthors: readonly string[]
  /** Articles seen by streaming the Article class. */
  readonly streamed: number
  /** Whether a deleted article still exists (it should not). */
  readonly existsAfterDelete: boolean
  /** The validation of an object with a property the class does not have. */
  readonly invalidObjectValid: boolean
}

/** Options of {@link main}. */
export interface QuickstartOptions {
  /** Appended to the class names (`Author<suffix>`), so runs on a shared server do not collide. */
  readonly suffix?: string
  /** Where the summary goes; default `console.log`. */
  readonly log?: (line: string) => void
  /** The API key of the server at `url`; default env `WEAVIATE_API_KEY`. */
  readonly apiKey?: string
}

/** The Right value of a single-valued operation; a Left is thrown. */
const run = <A>(op: ObservableEither<WeaviateError, A>): Promise<A> => firstRight(op)

/**
 * Runs the quickstart against `url`, or, without one, against `WEAVIATE_URL` or an embedded server
 * started (and stopped) for the occasion.
 *
 * @example
 * ```ts
 * const summary = await main('http://127.0.0.1:8080', { suffix: '_demo' })
 * ```
 */
export async function main(url?: string, options: QuickstartOptions = {}): Promise<QuickstartSummary> {
  const log = options.log ?? ((line: string) => console.log(line))
  const given = url ?? process.env['WEAVIATE_URL']
  let server: EmbeddedWeaviate | undefined
  let connection: { readonly url: string; readonly apiKey?: string | undefined }
  if (given === undefined || given === '') {
    log('WEAVIATE_URL is not set: starting an embedded Weaviate (built or downloaded once, then cached)')
    server = await startEmbedded()
    // its url and the random API key of this start
    connection = server.connection
  } else {
    connection = { url: given, apiKey: options.apiKey ?? process.env['WEAVIATE_API_KEY'] }
  }
  const base = connection.url
  const Author = `Author${options.suffix ?? ''}`
  const Article = `Article${options.suffix ?? ''}`
  const created: string[] = []
  const client = connect({ url: base, apiKey: connection.apiKey })
  try {
    // 1. Schema: the classes, the second with a cross-reference to the first.
    await run(client.schema.createClass({ class: Author, vectorizer: 'none', properties: [{ name: 'name', dataType: ['text'] }] }))
    created.push(Author)
    await run(
      client.schema.createClass({
        class: Article,
        vectorizer: 'none',
        properties: [
          { name: 'title', dataType: ['text'] },
          { name: 'wordCount', dataType: ['int'] },
          { name: 'writtenBy', dataType: [Author] },
        ],
      }),
    )
    created.push(Article)
    const meta = await run(client.meta.get())

    // 2. Objects: every operation is a cold Observable of Either; `run` subscribes and unwraps.
    const ada = await run(client.objects.create({ className: Author, dataObject: { name: 'Ada Lovelace' } }))
    const alan = await run(client.objects.create({ className: Author, dataObject: { name: 'Alan Turing' } }))
    const titles = ['Notes on the Analytical Engine', 'On Computable Numbers', 'Computing Machinery and Intelligence']
    const articles: string[] = []
    for (const [i, title] of titles.entries()) {
      articles.push(
        await run(
          client.objects.create({
            className: Article,
            dataObject: { title, wordCount: 1000 * (i + 1) },
            vector: [i, 1, 0.5],
          }),
        ),
      )
    }
    const [first, second, third] = articles as [string, string, string]

    // 3. References: Article.writtenBy -> Author.
    const from = (fromUuid: string) => ({ fromClassName: Article, fromUuid, fromPropertyName: 'writtenBy' })
    await run(client.references.add({ ...from(first), toClassName: Author, toUuid: ada }))
    await run(client.references.add({ ...from(first), toClassName: Author, toUuid: alan }))
    await run(client.references.replace({ ...from(second), toUuids: [alan], toClassNames: Author }))
    await run(client.references.add({ ...from(third), toClassName: Author, toUuid: ada }))
    await run(client.references.delete({ ...from(third), toClassName: Author, toUuid: ada }))

    // 4. Read back: the article, its references, and the authors they point to.
    const article = await run(client.objects.getById({ className: Article, uuid: first, withVector: true }))
    if (article === null) throw new Error(`article ${first} is missing`)
    const refs = referencesOf(article, 'writtenBy')
    if (E.isLeft(refs)) throw new Error(refs.left)
    const names: string[] = []
    for (const ref of refs.right) {
      const author = await run(client.objects.getById({ className: Author, uuid: ref.uuid }))
      names.push(String(author?.properties['name']))
    }
    log(`"${String(article.properties['title'])}" (vector ${JSON.stringify(article.vector)}) written by ${names.join(' and ')}`)

    // 5. Partial update, validate, list with sort.
    await run(client.objects.update({ className: Article, uuid: second, dataObject: { wordCount: 12_000, title: null } }))
    const check = await run(client.objects.validate({ className: Article, dataObject: { title: 'x', colour: 'red' } }))
    log(`validate with an unknown property: valid=${check.valid}${check.error ? ` (${check.error[0]?.message ?? ''})` : ''}`)
    const longest = await run(
      client.objects.list({ className: Article, limit: 1, sort: { properties: 'wordCount', orderAsc: false } }),
    )
    log(`longest article: "${String(longest[0]?.properties['title'])}" (${String(longest[0]?.properties['wordCount'])} words)`)

    // 6. Stream the whole class: paged with the `after` cursor, in ascending UUID order.
    const streamed = await lastValueFrom(client.objects.stream({ className: Article, pageSize: 2 }).pipe(toArray()))
    const failures = streamed.filter(E.isLeft)
    if (failures[0] !== undefined) throw failures[0].left

    // 7. Delete, then check.
    await run(client.objects.delete({ className: Article, uuid: third }))
    const existsAfterDelete = await run(client.objects.exists({ className: Article, uuid: third }))

    const summary: QuickstartSummary = {
      url: base,
      serverVersion: meta.version,
      classes: { Author, Article },
      authors: 2,
      articles: articles.length,
      firstArticleAuthors: names,
      streamed: streamed.length,
      existsAfterDelete,
      invalidObjectValid: check.valid,
    }
    log(
      `Weaviate ${summary.serverVersion} at ${base}: ${summary.authors} authors, ${summary.articles} articles, ` +
        `${summary.streamed} streamed, deleted article exists: ${existsAfterDelete}`,
    )
    return summary
  } finally {
    for (const name of created.reverse()) await run(client.schema.deleteClass(name))
    await client.close()
    await server?.stop()
  }
}

if (require.main === module) {
  main(process.argv[2]).catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
}
