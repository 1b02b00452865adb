/**
 * Copy a class into another class, on the same server or another one, as one stream: the source's
 * `objects.stream` (the `after` cursor) feeds the target's `objects.batch`, with a progress bar.
 *
 * Memory stays flat: `objects.iterate` is the stream as a pull-based iterable with real
 * backpressure (a page is fetched only when the sink has used the previous ones), and the sink
 * pulls an object only when a request slot is free. The class is created on the target from the
 * source's definition when it does not exist there.
 *
 * Run: `npx ts-node --transpile-only examples/copy-class.ts <from-url> <class> <to-url> [<to-class>]`
 * (the key, if the servers want one, from env `WEAVIATE_API_KEY`)
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, reduce } from 'rxjs'
import { BatchObject, Client, WeaviateError, connect, firstRight } from '../lib'
import { ProgressSink, progressBar } from './progress'

/** Options of {@link copyClass}. */
export interface CopyOptions {
  readonly from: Client
  readonly to: Client
  readonly className: string
  /** The class to write into; default the same name. */
  readonly toClassName?: string
  /** Objects per page and per request; default 500. */
  readonly batchSize?: number
  /** Where the progress bar goes; default `process.stderr`, `null` for none. */
  readonly progress?: ProgressSink | null
}

/** What a copy did. */
export interface CopyResult {
  readonly copied: number
  readonly failures: readonly WeaviateError[]
}

/**
 * Copies every object of a class (ids, properties, vectors) into another class.
 *
 * @example
 * ```ts
 * const result = await copyClass({ from: connect({ url: a }), to: connect({ url: b }), className: 'Article' })
 * ```
 */
export async function copyClass(options: CopyOptions): Promise<CopyResult> {
  const target = options.toClassName ?? options.className
  const size = options.batchSize ?? 500
  if (!(await firstRight(options.to.schema.exists(target)))) {
    const definition = await firstRight(options.from.schema.getClass(options.className))
    if (definition === null) throw new Error(`class ${options.className} does not exist`)
    await firstRight(options.to.schema.createClass({ ...definition, class: target }))
  }
  const bar = progressBar({
    label: `copy ${options.className}`,
    total: await firstRight(options.from.objects.count({ className: options.className })),
    ...(options.progress === undefined ? {} : { sink: options.progress }),
  })
  const failures: WeaviateError[] = []
  async function* objects(): AsyncGenerator<BatchObject> {
    for await (const read of options.from.objects.iterate({ className: options.className, withVector: true, pageSize: size })) {
      if (E.isLeft(read)) {
        failures.push(read.left)
        continue
      }
      const object = read.right
      yield { className: target, uuid: object.id, dataObject: object.properties, ...(object.vector === undefined ? {} : { vector: object.vector }) }
    }
  }
  try {
    const copied = await lastValueFrom(
      options.to.objects.batch(objects(), { batchSize: size }).pipe(
        reduce((n, result) => {
          bar.tick()
          if (E.isRight(result)) return n + 1
          failures.push(result.left)
          return n
        }, 0),
      ),
    )
    return { copied, failures }
  } finally {
    bar.done()
  }
}

if (require.main === module) {
  const [fromUrl, className, toUrl, toClassName] = process.argv.slice(2)
  if (fromUrl === undefined || className === undefined || toUrl === undefined) {
    console.error('usage: ts-node examples/copy-class.ts <from-url> <class> <to-url> [<to-class>]')
    process.exitCode = 2
  } else {
    // one key for both sides, if they want one
    const apiKey = process.env['WEAVIATE_API_KEY']
    const from = connect({ url: fromUrl, apiKey })
    const to = connect({ url: toUrl, apiKey })
    copyClass({ from, to, className, ...(toClassName === undefined ? {} : { toClassName }) })
      .then((result) => {
        console.error(`copied ${result.copied}, failed ${result.failures.length}`)
        if (result.failures.length > 0) process.exitCode = 1
      })
      .catch((error: unknown) => {
        console.error(error)
        process.exitCode = 1
      })
      .finally(() => void Promise.all([from.close(), to.close()]))
  }
}
