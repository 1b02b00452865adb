/**
 * A realistic RxJS composition: stream a whole class, keep the objects that need a fix, update them
 * 4 at a time, and fold every outcome (including every `Left`) into one report. Nothing throws:
 * failures are values, so one bad object does not stop the others.
 *
 * Backpressure: the updates are asynchronous, so the stream is consumed through a `Pacer`; each
 * object is acknowledged once its update (or its skip) is done, and paging never runs more than
 * `prefetch` pages ahead of the updates.
 *
 * The CLI trims leading and trailing whitespace from a text property of every object of a class.
 *
 * Run: `npx ts-node --transpile-only examples/rx-pipeline.ts <url> <class> <property>` (the key, if the
 * server wants one, from env `WEAVIATE_API_KEY`)
 */
import * as E from 'fp-ts/Either'
import { Observable, defer, lastValueFrom, map, mergeMap, of, reduce, tap } from 'rxjs'
import { Client, WeaviateError, WeaviateObject, connect } from '../lib'
import { createPacer } from '../lib/paging'

/** A fix: which objects need it, and the properties to send for them (a partial update). */
export interface Fix {
  readonly select: (object: WeaviateObject) => boolean
  readonly patch: (object: WeaviateObject) => Record<string, unknown>
}

/** Options of {@link fixObjects}. */
export interface FixOptions extends Fix {
  readonly client: Client
  readonly className: string
  /** Updates in flight; default 4. */
  readonly concurrency?: number
  /** Objects per page of the stream; default 100. */
  readonly pageSize?: number
}

/** One update that failed. */
export interface FixFailure {
  readonly uuid: string
  readonly tag: WeaviateError['_tag']
  readonly message: string
}

/** What {@link fixObjects} did. */
export interface FixReport {
  /** Objects read from the stream. */
  readonly scanned: number
  /** Objects `select` kept. */
  readonly matched: number
  readonly updated: number
  readonly failures: readonly FixFailure[]
  /** Set when the stream itself failed (after its retries); the report covers the objects before. */
  readonly streamError?: { readonly tag: WeaviateError['_tag']; readonly message: string }
}

type Outcome =
  | { readonly kind: 'skipped' }
  | { readonly kind: 'updated' }
  | { readonly kind: 'failed'; readonly failure: FixFailure }
  | { readonly kind: 'stream-failed'; readonly error: WeaviateError }

/** The report being built; one per subscription. */
interface Tally {
  scanned: number
  matched: number
  updated: number
  failures: FixFailure[]
  streamError?: { readonly tag: WeaviateError['_tag']; readonly message: string }
}

const newTally = (): Tally => ({ scanned: 0, matched: 0, updated: 0, failures: [] })

const add = (tally: Tally, outcome: Outcome): Tally => {
  if (outcome.kind === 'stream-failed') {
    tally.streamError = { tag: outcome.error._tag, message: outcome.error.message }
    return tally
  }
  tally.scanned += 1
  if (outcome.kind === 'skipped') return tally
  tally.matched += 1
  if (outcome.kind === 'updated') tally.updated += 1
  else tally.failures.push(outcome.failure)
  return tally
}

/**
 * Streams `className`, updates the objects `select` keeps with `patch(object)`, `concurrency` at a
 * time, and emits one {@link FixReport} when the stream is done. Cold: nothing runs before
 * subscribe; unsubscribing stops the stream and aborts the updates in flight.
 *
 * @example
 * ```ts
 * const report = await lastValueFrom(fixObjects({ client, className: 'Article', ...trimProperty('title') }))
 * console.log(`${report.updated} updated, ${report.failures.length} failed`)
 * ```
 */
export const fixObjects = (options: FixOptions): Observable<FixReport> =>
  defer(() => {
    const { client, className } = options
    const pacer = createPacer()
    const fix = (object: WeaviateObject): Observable<Outcome> =>
      client.objects.update({ className, uuid: object.id, dataObject: options.patch(object) }).pipe(
        map((result): Outcome =>
          E.isRight(result)
            ? { kind: 'updated' }
            : { kind: 'failed', failure: { uuid: object.id, tag: result.left._tag, message: result.left.message } },
        ),
      )
    return client.objects
      .stream({ className, pageSize: options.pageSize ?? 100, prefetch: 1, pacer })
      .pipe(
        mergeMap((item): Observable<Outcome> => {
          if (E.isLeft(item)) return of({ kind: 'stream-failed', error: item.left })
          return options.select(item.right) ? fix(item.right) : of({ kind: 'skipped' })
        }, options.concurrency ?? 4),
        // Every item yields exactly one outcome: acknowledging it lets the stream page on.
        tap(() => pacer.ack()),
        reduce(add, newTally()),
      )
  })

/**
 * The CLI's fix: trim whitespace around a text property.
 *
 * @example
 * ```ts
 * fixObjects({ client, className: 'Article', ...trimProperty('title') })
 * ```
 */
export const trimProperty = (property: string): Fix => ({
  select: (object) => {
    const value = object.properties[property]
    return typeof value === 'string' && value !== value.trim()
  },
  patch: (object) => ({ [property]: String(object.properties[property]).trim() }),
})

if (require.main === module) {
  const [url, className, property] = process.argv.slice(2)
  if (url === undefined || className === undefined || property === undefined) {
    console.error('usage: ts-node examples/rx-pipeline.ts <url> <class> <property>')
    process.exitCode = 2
  } else {
    const client = connect({ url, apiKey: process.env['WEAVIATE_API_KEY'] })
    lastValueFrom(fixObjects({ client, className, ...trimProperty(property) }))
      .then((report) => {
        console.log(JSON.stringify(report, null, 2))
        if (report.failures.length > 0 || report.streamError !== undefined) process.exitCode = 1
      })
      .catch((error: unknown) => {
        console.error(error)
        process.exitCode = 1
      })
      .finally(() => client.close())
  }
}
