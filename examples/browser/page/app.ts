/**
 * The page's script: search as you type. Keystrokes become queries (`debounceTime` waits for a
 * pause in typing), and `switchMap` runs one bm25 search per query over gRPC-Web: a new query
 * unsubscribes from the search in flight, which aborts its HTTP request. The status line counts
 * the searches started and those cancelled before they answered.
 *
 * Bundled by serve.ts (esbuild, `browser` condition); the server's URL, a read-only key and the
 * class come from `/config.json`.
 */
import * as E from 'fp-ts/Either'
import { EMPTY, debounceTime, firstValueFrom, distinctUntilChanged, finalize, fromEvent, map, startWith, switchMap, tap } from 'rxjs'
import { connect } from 'weaviate-rx'

/** What serve.ts hands the page. */
interface PageConfig {
  readonly url: string
  readonly apiKey: string
  readonly className: string
}

const element = <T extends HTMLElement>(id: string): T => {
  const found = document.getElementById(id)
  if (found === null) throw new Error(`the page has no #${id}`)
  return found as T
}

const input = element<HTMLInputElement>('q')
const results = element<HTMLOListElement>('results')
const status = element<HTMLDivElement>('status')

let started = 0
let cancelled = 0

const showCounts = (line: string): void => {
  status.textContent = `${line} · searches started: ${started}, cancelled in flight: ${cancelled}`
  document.body.dataset['started'] = String(started)
  document.body.dataset['cancelled'] = String(cancelled)
}

const showHits = (query: string, hits: ReadonlyArray<{ readonly title: string; readonly topic: string; readonly score: number | undefined }>, ms: number): void => {
  results.replaceChildren(
    ...hits.map((hit) => {
      const item = document.createElement('li')
      const title = document.createElement('span')
      title.className = 'title'
      title.textContent = hit.title
      const topic = document.createElement('span')
      topic.className = 'topic'
      topic.textContent = hit.topic
      const score = document.createElement('span')
      score.className = 'score'
      score.textContent = hit.score === undefined ? '' : hit.score.toFixed(2)
      item.append(title, topic, score)
      return item
    }),
  )
  showCounts(`${hits.length} for "${query}" in ${ms} ms`)
  document.body.dataset['shown'] = query
}

const start = async (): Promise<void> => {
  const config = (await (await fetch('/config.json')).json()) as PageConfig
  const client = connect({ url: config.url, apiKey: config.apiKey })
  // One count before the first keystroke: the client settles its transport (gRPC-Web, after a
  // health check) once, so the searches typed later go straight out.
  const meta = await firstValueFrom(client.meta.get())
  const notes = await firstValueFrom(client.query.aggregate({ className: config.className }))
  showCounts(
    E.isLeft(meta) ? `${meta.left._tag}: ${meta.left.message}`
    : E.isLeft(notes) ? `${notes.left._tag}: ${notes.left.message}`
    : `Connected to Weaviate ${meta.right.version}, ${notes.right.count} notes`,
  )
  fromEvent(input, 'input')
    .pipe(
      map(() => input.value.trim()),
      startWith(input.value.trim()),
      debounceTime(150),
      distinctUntilChanged(),
      switchMap((query) => {
        if (query === '') {
          results.replaceChildren()
          return EMPTY
        }
        started += 1
        const at = performance.now()
        let answered = false
        return client.query.bm25<{ title: string; topic: string }>({ className: config.className, query, limit: 8, returnProperties: ['title', 'topic'], returnMetadata: ['score'] }).pipe(
          tap(() => (answered = true)),
          // Unsubscribed before an answer: switchMap dropped it for a newer query, and the request was aborted.
          finalize(() => {
            if (!answered) cancelled += 1
          }),
          map((result) => ({ query, result, ms: Math.round(performance.now() - at) })),
        )
      }),
    )
    .subscribe(({ query, result, ms }) => {
      if (E.isLeft(result)) {
        showCounts(`${result.left._tag}: ${result.left.message}`)
        return
      }
      showHits(query, result.right.objects.map((o) => ({ title: o.properties.title, topic: o.properties.topic, score: o.metadata.score })), ms)
    })
}

start().catch((e: unknown) => {
  status.textContent = `Could not start: ${e instanceof Error ? e.message : String(e)}`
})
