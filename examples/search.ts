/**
 * Search: imports a small set of vectors, then asks near-vector, hybrid and filtered questions,
 * composed in RxJS: a search-as-you-type pipeline (`debounceTime` + `switchMap`: a new keystroke
 * cancels the search in flight) and a near-vector search for each hit's neighbours.
 *
 * Talks to the Weaviate at `WEAVIATE_URL` (gRPC at `WEAVIATE_GRPC_URL`, default port 50051 of the
 * same host; key `WEAVIATE_API_KEY`), or starts an embedded one when that variable is not set.
 *
 * Run: `npx ts-node --transpile-only examples/search.ts [url]`
 */
import * as E from 'fp-ts/Either'
import { Observable, debounceTime, distinctUntilChanged, filter, from, lastValueFrom, map, mergeMap, switchMap, toArray } from 'rxjs'
import { Client, ConnectOptions, SearchObject, connect, firstRight } from '../lib'
import { EmbeddedWeaviate, startEmbedded } from '../lib/embedded'

/** A few "documents" with 4-dimensional vectors (a stand-in for an embedding model). */
export const DOCUMENTS = [
  { title: 'The quick brown fox', topic: 'animals', year: 2019, vector: [0.9, 0.1, 0.0, 0.1] },
  { title: 'A fox in the snow', topic: 'animals', year: 2021, vector: [0.8, 0.2, 0.1, 0.0] },
  { title: 'Owls hunt at night', topic: 'animals', year: 2015, vector: [0.7, 0.0, 0.3, 0.1] },
  { title: 'Baking sourdough bread', topic: 'food', year: 2020, vector: [0.0, 0.9, 0.1, 0.2] },
  { title: 'Fox-shaped cookies', topic: 'food', year: 2022, vector: [0.4, 0.8, 0.0, 0.1] },
  { title: 'Tomato soup for winter', topic: 'food', year: 2018, vector: [0.1, 0.8, 0.3, 0.0] },
  { title: 'Rust for web servers', topic: 'tech', year: 2023, vector: [0.0, 0.1, 0.9, 0.3] },
  { title: 'Firefox release notes', topic: 'tech', year: 2024, vector: [0.3, 0.0, 0.8, 0.4] },
] as const

/** What the example found, for its log and for tests. */
export interface SearchSummary {
  /** Titles nearest to a "fox-like" vector. */
  readonly nearest: readonly string[]
  /** The final answer of the search-as-you-type pipeline for the keystrokes `f`, `fo`, `fox`. */
  readonly typed: readonly string[]
  /** Food documents since 2019, nearest the fox vector first (a filter on a vector search). */
  readonly filtered: readonly string[]
  /** For each animal document, the title of its nearest other document. */
  readonly neighbours: Readonly<Record<string, string>>
  /** Documents per topic. */
  readonly perTopic: ReadonlyArray<{ readonly value: string | number | boolean; readonly count: number }>
}

/** Options of {@link main}. */
export interface SearchExampleOptions {
  /** The class to create (and remove); default `SearchExample`. */
  readonly className?: string
  /** The gRPC address of the server at `url`; default env `WEAVIATE_GRPC_URL`, else port 50051 of its host. */
  readonly grpcUrl?: string
  /** The API key of the server at `url`; default env `WEAVIATE_API_KEY`. */
  readonly apiKey?: string
  readonly log?: (line: string) => void
}

const titles = (objects: ReadonlyArray<SearchObject<{ title: string }>>): string[] => objects.map((o) => o.properties.title)

/** Keystrokes as a user types them: each a new query, the last one wins. */
const keystrokes = (): Observable<string> => from(['f', 'fo', 'fox'])

/**
 * Runs the example against `url` (or `WEAVIATE_URL`, or an embedded server).
 *
 * @example
 * ```ts
 * const summary = await main('http://127.0.0.1:8080')
 * ```
 */
export const main = async (url?: string, options: SearchExampleOptions = {}): Promise<SearchSummary> => {
  const log = options.log ?? console.log
  const className = options.className ?? 'SearchExample'
  const given = url ?? process.env['WEAVIATE_URL']
  let server: EmbeddedWeaviate | undefined
  let connection: ConnectOptions
  if (given === undefined || given === '') {
    server = await startEmbedded()
    // its REST and gRPC URLs and the API key of this start
    connection = server.connection
  } else {
    const apiKey = options.apiKey ?? process.env['WEAVIATE_API_KEY']
    const grpcUrl = options.grpcUrl ?? process.env['WEAVIATE_GRPC_URL']
    connection = { url: given, ...(apiKey === undefined ? {} : { apiKey }), ...(grpcUrl === undefined ? {} : { grpcUrl }) }
  }
  const client: Client = connect(connection)
  try {
    await firstRight(
      client.schema.createClass({
        class: className,
        vectorizer: 'none',
        properties: [
          { name: 'title', dataType: ['text'] },
          { name: 'topic', dataType: ['text'], tokenization: 'field' },
          { name: 'year', dataType: ['int'] },
        ],
      }),
    )
    const written = await lastValueFrom(
      client.objects.batch(DOCUMENTS.map(({ vector, ...dataObject }) => ({ className, vector, dataObject }))).pipe(toArray()),
    )
    log(`imported ${written.filter(E.isRight).length} documents`)

    const Doc = { className, returnProperties: ['title'] } as const
    const foxVector = [0.85, 0.15, 0.05, 0.05]

    const nearest = titles((await firstRight(client.query.nearVector<{ title: string }>({ ...Doc, vector: foxVector, limit: 3 }))).objects)
    log(`nearest to the fox vector: ${nearest.join(' | ')}`)

    // Search as you type: each keystroke starts a hybrid search and cancels the one before.
    const typed = await lastValueFrom(
      keystrokes().pipe(
        debounceTime(10),
        distinctUntilChanged(),
        switchMap((query) => client.query.hybrid<{ title: string }>({ ...Doc, query, alpha: 0.25, vector: foxVector, limit: 3 })),
        filter(E.isRight),
        map((result) => titles(result.right.objects)),
      ),
    )
    log(`typed "fox": ${typed.join(' | ')}`)

    const filtered = titles(
      (
        await firstRight(
          client.query.nearVector<{ title: string }>({
            ...Doc,
            vector: foxVector,
            where: { operator: 'And', operands: [{ path: ['topic'], operator: 'Equal', valueText: 'food' }, { path: ['year'], operator: 'GreaterThanEqual', valueInt: 2019 }] },
          }),
        )
      ).objects,
    )
    log(`food since 2019, fox-like first: ${filtered.join(' | ')}`)

    // For each animal document, its nearest neighbour: one nearObject search per hit, two at a time.
    const animals = await firstRight(client.query.fetchObjects<{ title: string }>({ ...Doc, where: { path: ['topic'], operator: 'Equal', valueText: 'animals' }, limit: 10 }))
    const pairs = await lastValueFrom(
      from(animals.objects).pipe(
        mergeMap((hit) => client.query.nearObject<{ title: string }>({ ...Doc, id: hit.id, limit: 2 }).pipe(map(E.map((r) => [hit.properties.title, titles(r.objects)[1] ?? ''] as const))), 2),
        filter(E.isRight),
        map((e) => e.right),
        toArray(),
      ),
    )
    const neighbours = Object.fromEntries(pairs)
    for (const [title, neighbour] of pairs) log(`${title} -> ${neighbour}`)

    const perTopic = (await firstRight(client.query.aggregate({ className, groupBy: { property: 'topic' } }))).groups
    log(`per topic: ${perTopic.map((g) => `${String(g.value)} ${g.count}`).join(', ')}`)
    return { nearest, typed, filtered, neighbours, perTopic }
  } finally {
    await firstRight(client.schema.deleteClass(className))
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
