/**
 * What a web app does with the client, run the same in a browser page (scenario-page.ts) and in a
 * Worker (scenario-worker.ts): with the root key, create a class, batch 1,000 objects with vectors,
 * stream them back, search them by vector and by keyword with a generated answer, aggregate them;
 * with a read-only database user's key, read and be refused a write. Everything it saw comes back
 * as JSON for the spec to check; a step that fails ends the scenario with the failure.
 */
import { firstValueFrom, lastValueFrom, toArray } from 'rxjs'
import { connect } from 'weaviate-rx'
import { COUNT, ScenarioInput, ScenarioResult, vectorOf, titleOf } from './scenario-types'

interface Left {
  readonly _tag: 'Left'
  readonly left: { readonly _tag: string; readonly message: string }
}
interface Right<A> {
  readonly _tag: 'Right'
  readonly right: A
}

/** The Right of the first value of an operation; throws the Left's tag and message. */
const right = async <A>(op: import('rxjs').Observable<Left | Right<A>>): Promise<A> => {
  const value = await firstValueFrom(op)
  if (value._tag === 'Left') throw new Error(`${value.left._tag}: ${value.left.message}`)
  return value.right
}

/**
 * Runs the scenario.
 *
 * @example
 * ```ts
 * const result = await scenario({ url, apiKey, readOnlyKey, className: 'WebThing' })
 * ```
 */
export const scenario = async ({ url, apiKey, readOnlyKey, className }: ScenarioInput): Promise<ScenarioResult> => {
  const client = connect({ url, apiKey })
  const reader = connect({ url, apiKey: readOnlyKey })
  try {
    await right(
      client.schema.createClass({
        class: className,
        vectorizer: 'none',
        properties: [
          { name: 'title', dataType: ['text'] },
          { name: 'n', dataType: ['int'] },
          { name: 'kind', dataType: ['text'], tokenization: 'field' },
        ],
        moduleConfig: { 'generative-dummy': {} },
      }),
    )

    const rows = Array.from({ length: COUNT }, (_, n) => ({
      className,
      dataObject: { title: titleOf(n), n, kind: n % 2 === 0 ? 'even' : 'odd' },
      vector: vectorOf(n),
    }))
    const written = await lastValueFrom(client.objects.batch(rows).pipe(toArray()))
    const failed = written.flatMap((r) => (r._tag === 'Left' ? [`${r.left._tag}: ${r.left.message}`] : []))

    const streamed = await lastValueFrom(client.objects.stream({ className, withVector: true }).pipe(toArray()))
    const objects = streamed.map((r) => {
      if (r._tag === 'Left') throw new Error(`stream: ${r.left._tag}: ${r.left.message}`)
      return r.right
    })
    const ns = objects.map((o) => Number(o.properties['n']))
    const sameVector = objects.filter((o) => {
      const sent = vectorOf(Number(o.properties['n']))
      const got = o.vector === undefined ? [] : Array.from(o.vector)
      return got.length === sent.length && got.every((v, i) => v === sent[i])
    }).length

    const near = await right(client.query.nearVector<{ n: number }>({ className, vector: vectorOf(42), limit: 3, returnProperties: ['n'], returnMetadata: ['distance'] }))

    const bm25 = await right(
      client.query.bm25<{ title: string }>({
        className,
        query: 'fox',
        limit: 3,
        returnProperties: ['title'],
        generate: { singlePrompt: 'Say something about {title}', groupedTask: 'Summarise the foxes' },
      }),
    )

    const aggregate = await right(
      client.query.aggregate({ className, groupBy: { property: 'kind' }, metrics: { n: { kind: 'int', metrics: ['mean'] } } }),
    )
    const total = await right(client.query.aggregate({ className }))

    const found = await right(reader.query.nearVector({ className, vector: vectorOf(7), limit: 5 }))
    const write = await firstValueFrom(reader.objects.create({ className, dataObject: { title: 'not allowed', n: -1, kind: 'odd' } }))

    return {
      created: true,
      batch: { written: written.length - failed.length, failed },
      streamed: { ns, sameVector },
      nearVector: { ns: near.objects.map((o) => o.properties.n), distance: near.objects[0]?.metadata.distance },
      bm25: { titles: bm25.objects.map((o) => o.properties.title), lines: bm25.objects.map((o) => o.generated ?? ''), answer: bm25.generated },
      aggregate: {
        count: total.count,
        groups: aggregate.groups.map((g) => ({ value: String(g.value), count: g.count, meanN: g.metrics['n']?.mean })),
      },
      readOnly: { found: found.objects.length, write: write._tag === 'Left' ? { tag: write.left._tag, message: write.left.message } : undefined },
    }
  } finally {
    await client.close()
    await reader.close()
  }
}
