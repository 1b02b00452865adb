/**
 * Export a class to NDJSON: one object per line (`{"class", "id", "properties", "vector", ...}`),
 * in ascending UUID order, with a progress bar on stderr.
 *
 * The stream is consumed with `for await`, so paging follows the file: when the file's buffer is
 * full the loop waits for `drain`, and no further page is requested meanwhile (at most `prefetch`
 * pages are fetched ahead). Memory stays flat whatever the size of the class.
 *
 * Run: `npx ts-node --transpile-only examples/export-ndjson.ts <url> <class> <file>` (the key, if the
 * server wants one, from env `WEAVIATE_API_KEY`)
 */
import { once } from 'node:events'
import { open } from 'node:fs/promises'
import { finished } from 'node:stream/promises'
import * as E from 'fp-ts/Either'
import { Client, connect, firstRight } from '../lib'
import { ProgressSink, progressBar } from './progress'

/** Options of {@link exportNdjson}. */
export interface ExportOptions {
  /** Weaviate base URL, e.g. `http://127.0.0.1:8080`. */
  readonly url: string
  readonly className: string
  /** The NDJSON file to write (replaced when it exists). */
  readonly file: string
  /** Objects per request; default 500. */
  readonly pageSize?: number
  /** Export vectors too; default true. */
  readonly withVector?: boolean
  /** Where the progress bar goes; default `process.stderr`, `null` for none. */
  readonly progress?: ProgressSink | null
  /** A client to use instead of connecting to `url` (it is not closed). */
  readonly client?: Client
  /** The server's API key; default env `WEAVIATE_API_KEY`. */
  readonly apiKey?: string
}

/** What an export wrote. */
export interface ExportResult {
  readonly file: string
  readonly objects: number
}

/**
 * Streams every object of a class into an NDJSON file. Rejects with the {@link WeaviateError} that
 * ended the stream (the file then holds the objects before it).
 *
 * @example
 * ```ts
 * const { objects } = await exportNdjson({ url: 'http://127.0.0.1:8080', className: 'Article', file: 'articles.ndjson' })
 * ```
 */
export async function exportNdjson(options: ExportOptions): Promise<ExportResult> {
  // Opened first, so that a bad path rejects here rather than as a stream 'error' event later.
  const out = (await open(options.file, 'w')).createWriteStream()
  const client = options.client ?? connect({ url: options.url, apiKey: options.apiKey ?? process.env['WEAVIATE_API_KEY'] })
  // A write error also rejects the `drain` wait or `finished` below; without a listener it would crash.
  out.on('error', () => undefined)
  try {
    const total = await firstRight(client.objects.count({ className: options.className }))
    const bar = progressBar({
      label: `export ${options.className}`,
      total,
      ...(options.progress === undefined ? {} : { sink: options.progress }),
    })
    const stream = client.objects.iterate({
      className: options.className,
      pageSize: options.pageSize ?? 500,
      prefetch: 1,
      withVector: options.withVector ?? true,
    })
    let objects = 0
    for await (const item of stream) {
      if (E.isLeft(item)) throw item.left
      // Drop what is derived or empty; keep class, id, properties, vector(s), tenant and timestamps.
      const { additional, vectorWeights: _always, ...object } = item.right
      const line = JSON.stringify(Object.keys(additional).length > 0 ? { ...object, additional } : object)
      if (!out.write(`${line}\n`)) await once(out, 'drain')
      objects += 1
      bar.tick()
    }
    out.end()
    await finished(out)
    bar.done()
    return { file: options.file, objects }
  } finally {
    out.destroy()
    if (options.client === undefined) await client.close()
  }
}

if (require.main === module) {
  const [url, className, file] = process.argv.slice(2)
  if (url === undefined || className === undefined || file === undefined) {
    console.error('usage: ts-node examples/export-ndjson.ts <url> <class> <file>')
    process.exitCode = 2
  } else {
    exportNdjson({ url, className, file }).then(
      ({ objects }) => console.error(`exported ${objects} objects to ${file}`),
      (error: unknown) => {
        console.error(error)
        process.exitCode = 1
      },
    )
  }
}
