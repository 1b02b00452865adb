/**
 * Import an NDJSON export (see export-ndjson.ts) back into Weaviate: each line is one object,
 * created with its id, properties and vector, 8 requests at a time, with a progress bar on stderr.
 *
 * Reading is paced by the writes: the file is read line by line (readline), and a line is read
 * only while fewer than `2 × concurrency` lines are waiting or in flight. A `Pacer` (from
 * weaviate-rx) carries the acknowledgements back from the `mergeMap` to the reader, so memory stays
 * flat however big the file is and however slow the server.
 *
 * Run: `npx ts-node --transpile-only examples/import-ndjson.ts <url> <class> <file>`
 * (`<class>` is the class to create the objects in; `-` keeps each line's own class).
 */
import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { createInterface } from 'node:readline'
import * as E from 'fp-ts/Either'
import {
  Observable,
  defer,
  filter,
  finalize,
  firstValueFrom,
  lastValueFrom,
  map,
  mergeMap,
  of,
  reduce,
  Subject,
  takeUntil,
} from 'rxjs'
import { Client, Pacer, WeaviateError, connect, createPacer } from '../lib'
import { ProgressSink, progressBar } from './progress'

/** Options of {@link importNdjson}. */
export interface ImportOptions {
  /** Weaviate base URL, e.g. `http://127.0.0.1:8080`. */
  readonly url: string
  /** The NDJSON file to read. */
  readonly file: string
  /** Class to create the objects in; default: each line's `class`. The class must exist. */
  readonly className?: string
  /** Requests in flight; default 8. */
  readonly concurrency?: number
  /** Count an object whose id exists already as skipped instead of failed; default false. */
  readonly skipExisting?: boolean
  /** Where the progress bar goes; default `process.stderr`, `null` for none. */
  readonly progress?: ProgressSink | null
  /** A client to use instead of connecting to `url` (it is not closed). */
  readonly client?: Client
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
  readonly created: number
  readonly skipped: number
  readonly failures: readonly ImportFailure[]
}

/** One non-empty line of the file. */
interface Line {
  readonly number: number
  readonly text: string
}

/** An object of an export line. */
interface ExportedObject {
  readonly class?: string
  readonly id?: string
  readonly properties?: Record<string, unknown>
  readonly vector?: number[]
  readonly tenant?: string
}

type Outcome = { readonly kind: 'created' } | { readonly kind: 'skipped' } | { readonly kind: 'failed'; readonly failure: ImportFailure }

/**
 * The file's non-empty lines, read only while fewer than `ahead` emitted lines are unacknowledged
 * by `pacer`. Unsubscribing closes the file.
 *
 * @example
 * ```ts
 * const pacer = createPacer()
 * readLines('in.ndjson', pacer, 16).pipe(mergeMap((line) => work(line).pipe(finalize(() => pacer.ack())), 8))
 * ```
 */
export const readLines = (file: string, pacer: Pacer, ahead: number): Observable<Line> =>
  new Observable<Line>((subscriber) => {
    const input = createReadStream(file)
    const lines = createInterface({ input, crlfDelay: Infinity })
    const stop$ = new Subject<void>()
    let acked = 0
    const acks = pacer.acked$.subscribe((n) => (acked = n))
    const run = async (): Promise<void> => {
      let number = 0
      let emitted = 0
      for await (const text of lines) {
        number += 1
        if (text.trim() === '') continue
        if (emitted - acked >= ahead) {
          const room = pacer.acked$.pipe(
            filter((n) => emitted - n < ahead),
            takeUntil(stop$),
          )
          await firstValueFrom(room, { defaultValue: undefined })
        }
        if (subscriber.closed) return
        emitted += 1
        subscriber.next({ number, text })
      }
      subscriber.complete()
    }
    run().catch((error: unknown) => subscriber.error(error))
    return () => {
      stop$.next()
      acks.unsubscribe()
      lines.close()
      input.destroy()
    }
  })

const parse = (line: Line): E.Either<ImportFailure, ExportedObject> => {
  try {
    const value: unknown = JSON.parse(line.text)
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return E.left({ line: line.number, id: undefined, message: 'not a JSON object' })
    }
    return E.right(value)
  } catch (error) {
    return E.left({ line: line.number, id: undefined, message: `invalid JSON: ${(error as Error).message}` })
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
 * Creates the objects of an NDJSON file, `concurrency` at a time. Failures (a malformed line, an
 * object the server refuses, an id that exists) do not stop the import: they are collected.
 *
 * @example
 * ```ts
 * const result = await importNdjson({ url: 'http://127.0.0.1:8080', file: 'articles.ndjson', className: 'ArticleCopy' })
 * if (result.failures.length > 0) console.error(result.failures)
 * ```
 */
export async function importNdjson(options: ImportOptions): Promise<ImportResult> {
  const concurrency = options.concurrency ?? 8
  const client = options.client ?? connect({ url: options.url })
  const bar = progressBar({
    label: `import ${options.file}`,
    total: await countLines(options.file),
    ...(options.progress === undefined ? {} : { sink: options.progress }),
  })

  const create = (line: Line): Observable<Outcome> => {
    const parsed = parse(line)
    if (E.isLeft(parsed)) return of({ kind: 'failed', failure: parsed.left })
    const object = parsed.right
    const className = options.className ?? object.class
    if (className === undefined) {
      return of({ kind: 'failed', failure: { line: line.number, id: object.id, message: 'no class given or in the line' } })
    }
    return client.objects
      .create({
        className,
        dataObject: object.properties ?? {},
        ...(object.id === undefined ? {} : { uuid: object.id }),
        ...(object.vector === undefined ? {} : { vector: object.vector }),
        ...(object.tenant === undefined ? {} : { tenant: object.tenant }),
      })
      .pipe(
        map((result): Outcome => {
          if (E.isRight(result)) return { kind: 'created' }
          if (result.left._tag === 'AlreadyExistsError' && options.skipExisting === true) return { kind: 'skipped' }
          return { kind: 'failed', failure: { line: line.number, id: object.id, message: result.left.message, error: result.left } }
        }),
      )
  }

  const run$ = defer(() => {
    const pacer = createPacer()
    return readLines(options.file, pacer, 2 * concurrency).pipe(
      mergeMap(
        (line) =>
          create(line).pipe(
            finalize(() => {
              pacer.ack()
              bar.tick()
            }),
          ),
        concurrency,
      ),
      reduce(
        (acc: { created: number; skipped: number; failures: ImportFailure[] }, outcome: Outcome) => {
          if (outcome.kind === 'created') acc.created += 1
          else if (outcome.kind === 'skipped') acc.skipped += 1
          else acc.failures.push(outcome.failure)
          return acc
        },
        { created: 0, skipped: 0, failures: [] },
      ),
    )
  })

  try {
    return await lastValueFrom(run$)
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
        console.error(`created ${result.created}, skipped ${result.skipped}, failed ${result.failures.length}`)
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
