/**
 * Retrieval-augmented generation: a few notes go in, a question finds the relevant ones (keyword
 * search), a reranker puts the best first, and the collection's generative module writes an answer
 * from them: one line per note (`singlePrompt`) and one answer over all of them (`groupedTask`).
 *
 * With no URL it starts an embedded Weaviate with `generative-dummy` and `reranker-dummy`, modules
 * that need no model: the "answer" is the dummy's fixed sentence around the prompt it was given, so
 * you can see exactly what a real model would be asked. Swap the class's `moduleConfig` for
 * `generative-openai` (or any generative module your server runs) for real answers; nothing else
 * changes.
 *
 * Run: `npx ts-node --transpile-only examples/rag.ts [url]` (a URL: a server with both modules enabled)
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { Client, ConnectOptions, connect, firstRight } from '../lib'
import { EmbeddedWeaviate, startEmbedded } from '../lib/embedded'

/** The knowledge base. */
export const NOTES = [
  { title: 'Foxes in winter', body: 'Red foxes grow a thicker coat and hunt mice under the snow by listening for them.' },
  { title: 'Fox diet', body: 'Foxes eat rodents, rabbits, birds, berries and, in towns, whatever people leave out.' },
  { title: 'Owls', body: 'Owls hunt at night; their feathers make their flight nearly silent.' },
  { title: 'Sourdough', body: 'A sourdough starter is flour and water left to ferment for a few days.' },
] as const

/** What the example found and generated, for its log and for tests. */
export interface RagSummary {
  /** The notes the question found, the reranker's best first. */
  readonly titles: readonly string[]
  /** Their rerank scores, highest first. */
  readonly scores: readonly number[]
  /** The generated line for each note found, in the same order. */
  readonly lines: readonly string[]
  /** The generated answer over all of them. */
  readonly answer: string
}

/** Options of {@link main}. */
export interface RagExampleOptions {
  /** The class to create (and remove); default `RagNote`. */
  readonly className?: string
  readonly apiKey?: string
  readonly grpcUrl?: string
  readonly log?: (line: string) => void
}

/**
 * Runs the example against `url` (a server with `generative-dummy` and `reranker-dummy` enabled), or
 * against an embedded server it starts and stops.
 *
 * @example
 * ```ts
 * const summary = await main()
 * console.log(summary.answer)
 * ```
 */
export const main = async (url?: string, options: RagExampleOptions = {}): Promise<RagSummary> => {
  const log = options.log ?? console.log
  const className = options.className ?? 'RagNote'
  let server: EmbeddedWeaviate | undefined
  let connection: ConnectOptions
  if (url === undefined || url === '') {
    server = await startEmbedded({ env: { ENABLE_MODULES: 'generative-dummy,reranker-dummy' } })
    connection = server.connection
  } else {
    connection = { url, ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }), ...(options.grpcUrl === undefined ? {} : { grpcUrl: options.grpcUrl }) }
  }
  const client: Client = connect(connection)
  try {
    await firstRight(
      client.schema.createClass({
        class: className,
        vectorizer: 'none',
        properties: [
          { name: 'title', dataType: ['text'] },
          { name: 'body', dataType: ['text'] },
        ],
        // The collection's generative and reranker modules: every search that asks to generate or rerank uses them.
        moduleConfig: { 'generative-dummy': {}, 'reranker-dummy': {} },
      }),
    )
    const written = await lastValueFrom(client.objects.batch(NOTES.map((dataObject) => ({ className, dataObject }))).pipe(toArray()))
    log(`imported ${written.filter(E.isRight).length} notes`)

    const question = 'How do foxes hunt in winter?'
    const result = await firstRight(
      client.query.bm25<{ title: string; body: string }>({
        className,
        query: 'fox foxes',
        limit: 3,
        rerank: { property: 'body', query: question },
        generate: {
          singlePrompt: 'In one line, what does "{title}" say about: {body}',
          groupedTask: `Answer from these notes only: ${question}`,
          groupedProperties: ['title', 'body'],
        },
      }),
    )
    const titles = result.objects.map((o) => o.properties.title)
    log(`found, best first: ${titles.join(' | ')}`)
    for (const o of result.objects) log(`  ${o.properties.title}: ${o.generated ?? ''}`)
    const answer = result.generated ?? ''
    log(`answer: ${answer}`)
    return {
      titles,
      scores: result.objects.map((o) => o.metadata.rerankScore ?? 0),
      lines: result.objects.map((o) => o.generated ?? ''),
      answer,
    }
  } finally {
    await firstRight(client.schema.deleteClass(className))
    await client.close()
    await server?.stop()
  }
}

if (require.main === module) {
  main(process.argv[2]).catch((e: unknown) => {
    console.error(e)
    process.exitCode = 1
  })
}
