/**
 * Import an NDJSON export (see export-ndjson.ts) back into Weaviate through the batch sink
 * (`objects.batch`): each line is one object, written with its id, properties and vector, 100 to a
 * request, 2 requests in flight, with a progress bar on stderr.
 *
 * The file is read line by line as an async iterable, and `objects.batch` pulls the next line only
 * when a request slot is free, so memory stays flat however big the file is and however slow the
 * server. The batch endpoint upserts by id: importing the same file twice leaves one copy.
 *
 * Run: `npx ts-node --transpile-only examples/import-ndjson.ts <url> <class> <file>` (the key, if the
 * server wants one, from env `WEAVIATE_API_KEY`)
 * (`<class>` is the class to create the objects in; `-` keeps each line's own class).
 */
import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { createInterface } from 'node:readline'
import * as E from 'fp-ts/Either'
import { lastValueFrom, reduce } from 'rxjs'
import { BatchObject, Client, WeaviateError, connect } from '../lib'
import { ProgressSink, progressBar } from './progress'

/** Options of {@link importNdjson}. */
export interface ImportOptions {
  /** Weaviate base URL, e.g. `http://127.0.0.1:8080`. */
  readonly url: string
  /** The NDJSON file to read. */
  readonly file: string
  /** Class to create the objects in; default: each line's `class`. The class must exist. */
  readonly className?: string
  /** Objects per request; default 100. */
  readonly batchSize?: number
  /** Requests in flight; default 2. */
  readonly concurrency?: number
  /** Where the progress bar goes; default `process.stderr`, `null` for none. */
  readonly progress?: ProgressSink | null
  /** A client to use instead of connecting to `url` (it is not closed). */
  readonly client?: Client
  /** The server's API key; default env `WEAVIATE_API_KEY`. */
  readonly apiKey?: string
}

/** A line that was not imported. */
export interface ImportFailure {
  /** 1-based line number in the file. */
  readonly line: number
  readonly id: string | undefined
  readonly message: string
  /** The client's error, when the server or the client refused the object. */
  readonly error?: WeaviateError
}

/** What an import did. */
export interface ImportResult {
  /** Objects written (created, or overwritten when the id existed). */
  readonly written: number
  readonly failures: readonly ImportFailure[]
}

/** An object of an export line. */
interface ExportedObject {
  readonly class?: string
  readonly id?: string
  readonly properties?: Record<string, unknown>
  readonly vector?: number[]
  readonly tenant?: string
}

const parse = (text: string): E.Either<string, ExportedObject> => {
  try {
    const value: unknown = JSON.parse(text)
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return E.left('not a JSON object')
    return E.right(value)
  } catch (error) {
    return E.left(`invalid JSON: ${(error as Error).message}`)
  }
}

/** Counts the lines of a file (one pass over its bytes), for the progress bar's total. */
const countLines = async (file: string): Promise<number> => {
  const handle = await open(file, 'r')
  try {
    let lines = 0
    let last = 10
    for await (const chunk of handle.createReadStream() as AsyncIterable<Buffer>) {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1
      last = chunk.length > 0 ? (chunk[chunk.length - 1] ?? last) : last
    }
    return last === 10 ? lines : lines + 1
  } finally {
    await handle.close()
  }
}

/**
 * Writes the objects of an NDJSON file through `objects.batch`. Failures (a malformed line, an
 * object the server refuses) do not stop the import: they are collected with their line numbers.
 *
 * @example
 * ```ts
 * const result = await importNdjson({ url: 'http://127.0.0.1:8080', file: 'articles.ndjson', className: 'ArticleCopy' })
 * if (result.failures.length > 0) console.error(result.failures)
 * ```
 */
export async function importNdjson(options: ImportOptions): Promise<ImportResult> {
  const client = options.client ?? connect({ url: options.url, apiKey: options.apiKey ?? process.env['WEAVIATE_API_KEY'] })
  const bar = progressBar({
    label: `import ${options.file}`,
    total: await countLines(options.file),
    ...(options.progress === undefined ? {} : { sink: options.progress }),
  })
  const failures: ImportFailure[] = []
  /** Line number and id of each object sent and not answered yet (bounded by the sink). */
  const pending = new Map<number, { readonly line: number; readonly id: string | undefined }>()

  async function* objects(): AsyncGenerator<BatchObject> {
    const lines = createInterface({ input: createReadStream(options.file), crlfDelay: Infinity })
    let line = 0
    let index = 0
    for await (const text of lines) {
      line += 1
      if (text.trim() === '') continue
      const parsed = parse(text)
      const object = E.isRight(parsed) ? parsed.right : undefined
      const className = options.className ?? object?.class
      if (object === undefined || className === undefined) {
        failures.push({ line, id: object?.id, message: E.isLeft(parsed) ? parsed.left : 'no class given or in the line' })
        bar.tick()
        continue
      }
      pending.set(index++, { line, id: object.id })
      yield {
        className,
        dataObject: object.properties ?? {},
        ...(object.id === undefined ? {} : { uuid: object.id }),
        ...(object.vector === undefined ? {} : { vector: object.vector }),
        ...(object.tenant === undefined ? {} : { tenant: object.tenant }),
      }
    }
  }

  const written$ = client.objects
    .batch(objects(), { batchSize: options.batchSize ?? 100, concurrency: options.concurrency ?? 2 })
    .pipe(
      reduce((written, result) => {
        bar.tick()
        const index = E.isRight(result) ? result.right.index : 'index' in result.left ? result.left.index : -1
        const where = pending.get(index)
        pending.delete(index)
        if (E.isRight(result)) return written + 1
        failures.push({ line: where?.line ?? 0, id: where?.id, message: result.left.message, error: result.left })
        return written
      }, 0),
    )

  try {
    const written = await lastValueFrom(written$)
    return { written, failures: failures.sort((a, b) => a.line - b.line) }
  } finally {
    bar.done()
    if (options.client === undefined) await client.close()
  }
}

if (require.main === module) {
  const [url, className, file] = process.argv.slice(2)
  if (url === undefined || className === undefined || file === undefined) {
    console.error('usage: ts-node examples/import-ndjson.ts <url> <class|-> <file>')
    process.exitCode = 2
  } else {
    importNdjson({ url, file, ...(className === '-' ? {} : { className }) }).then(
      (result) => {
        console.error(`written ${result.written}, failed ${result.failures.length}`)
        for (const failure of result.failures.slice(0, 20)) console.error(`  line ${failure.line}: ${failure.message}`)
        if (result.failures.length > 0) process.exitCode = 1
      },
      (error: unknown) => {
        console.error(error)
        process.exitCode = 1
      },
    )
  }
}
