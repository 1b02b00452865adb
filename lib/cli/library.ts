/**
 * Everything the `weaviate-rx` command asks of the library, behind one small interface. Only this
 * file talks to the client, and only through its public API; the subcommands see
 * {@link CliLibrary}.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { connect, firstRight, isWeaviateError } from '../index'
import type { ClassDefinition, IterateArgs, ObservableEither, WeaviateError, WeaviateObject } from '../index'

export type { ClassDefinition } from '../index'

/**
 * One object to write.
 *
 * @example
 * ```ts
 * const o: BatchObject = { className: 'Article', uuid, dataObject: { title: 'x' }, vector: [0.1, 0.2] }
 * ```
 */
export interface BatchObject {
  readonly className: string
  readonly dataObject: Readonly<Record<string, unknown>>
  readonly uuid?: string
  readonly vector?: readonly number[]
  readonly tenant?: string
}

/**
 * One reference to add: `from` the property of an object, `to` an object.
 *
 * @example
 * ```ts
 * const r: BatchReference = { fromClassName: 'Article', fromUuid, fromPropertyName: 'writtenBy', toClassName: 'Author', toUuid }
 * ```
 */
export interface BatchReference {
  readonly fromClassName: string
  readonly fromUuid: string
  readonly fromPropertyName: string
  readonly toClassName: string
  readonly toUuid: string
  readonly tenant?: string
}

/**
 * The outcome of one item of a batch, at the item's index: `error` is the server's message when
 * that item failed.
 *
 * @example
 * ```ts
 * const failed = results.filter((r) => r.error !== undefined)
 * ```
 */
export interface ItemResult {
  readonly index: number
  readonly error?: string
}

/**
 * What the command needs from the library. Whole-call failures (unreachable server, wrong key)
 * reject with a {@link WeaviateError}; per-item failures are {@link ItemResult}s.
 *
 * @example
 * ```ts
 * const lib = cliLibrary({ url: ['http://127.0.0.1:8080'], apiKey: '' })
 * const definition = await lib.getClass('Article')
 * await lib.close()
 * ```
 */
export interface CliLibrary {
  /** The class definition, or null when the class does not exist. */
  readonly getClass: (className: string) => Promise<ClassDefinition | null>
  readonly createClass: (definition: ClassDefinition) => Promise<void>
  readonly count: (args: { readonly className: string; readonly tenant?: string }) => Promise<number>
  /** Writes (upserts) the objects; one result per object, in order. */
  readonly writeObjects: (objects: readonly BatchObject[]) => Promise<readonly ItemResult[]>
  /** Adds the references (appends); one result per reference, in order. */
  readonly writeReferences: (references: readonly BatchReference[]) => Promise<readonly ItemResult[]>
  /** Replaces all references of one property (idempotent, unlike `writeReferences`). */
  readonly replaceReferences: (args: {
    readonly fromClassName: string
    readonly fromUuid: string
    readonly fromPropertyName: string
    readonly toUuids: readonly string[]
    readonly toClassNames: readonly string[]
    readonly tenant?: string
  }) => Promise<void>
  /** The objects of a class for `for await`, paced by the loop (prefetch pages ahead at most). */
  readonly iterate: (args: IterateArgs) => AsyncIterable<E.Either<WeaviateError, WeaviateObject>>
  readonly close: () => Promise<void>
}

/**
 * How to reach one Weaviate.
 *
 * @example
 * ```ts
 * const target: CliConnection = { url: ['http://127.0.0.1:8080'], apiKey: process.env['WEAVIATE_API_KEY'] ?? '' }
 * ```
 */
export interface CliConnection {
  readonly url: readonly string[]
  /** Sent as a bearer token; none when empty. */
  readonly apiKey: string
}

/**
 * The per-item outcomes of a batch call of `count` items, in input order.
 *
 * - A whole-request failure (unreachable server, wrong key, a server error after the retries) is
 *   the cause of every item's Left: it is rejected as that error, because the run cannot go on.
 * - An item the server refused, or the library refused before sending (its ArgumentError is the
 *   cause), is its messages at its index.
 */
const itemResults = async <A extends { readonly index: number }>(
  results: ObservableEither<WeaviateError, A>,
  count: number,
): Promise<readonly ItemResult[]> => {
  const outcomes = new Map<number, ItemResult>()
  const refused: string[] = []
  for (const result of await lastValueFrom(results.pipe(toArray()))) {
    if (E.isRight(result)) {
      outcomes.set(result.right.index, { index: result.right.index })
      continue
    }
    const error = result.left
    switch (error._tag) {
      case 'BatchObjectError':
      case 'BatchReferenceError':
        if (isWeaviateError(error.cause) && error.cause._tag !== 'ArgumentTypeError' && error.cause._tag !== 'ArgumentValueError') throw error.cause
        outcomes.set(error.index, { index: error.index, error: error.messages.join('; ') })
        break
      case 'ArgumentTypeError':
      case 'ArgumentValueError':
        refused.push(error.message)
        break
      default:
        throw error
    }
  }
  return Array.from({ length: count }, (_, index) => outcomes.get(index) ?? { index, error: refused.shift() ?? 'the library gave no result for this item' })
}

/**
 * The library for one Weaviate, on one client.
 *
 * @example
 * ```ts
 * const lib = cliLibrary({ url: ['http://127.0.0.1:8080'], apiKey: '' })
 * ```
 */
export const cliLibrary = (connection: CliConnection): CliLibrary => {
  const client = connect({ url: connection.url, ...(connection.apiKey === '' ? {} : { apiKey: connection.apiKey }) })
  return {
    getClass: (className) => firstRight(client.schema.getClass(className)),
    createClass: async (definition) => {
      await firstRight(client.schema.createClass(definition))
    },
    count: (args) => firstRight(client.objects.count(args)),
    // One page is one batch request: the caller overlaps reading and writing and checkpoints per page.
    writeObjects: (objects) =>
      objects.length === 0 ? Promise.resolve([]) : itemResults(client.objects.batch(objects, { batchSize: objects.length, concurrency: 1 }), objects.length),
    writeReferences: (references) =>
      references.length === 0 ? Promise.resolve([]) : itemResults(client.references.batch(references, { batchSize: references.length, concurrency: 1 }), references.length),
    replaceReferences: async (args) => {
      await firstRight(client.references.replace(args))
    },
    iterate: (args) => client.objects.iterate(args),
    close: () => client.close(),
  }
}
