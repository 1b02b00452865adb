/**
 * Everything the `weaviate-rx` command asks of the library, behind one small interface. Only this
 * file talks to the client; the subcommands see {@link CliLibrary}.
 *
 * Reading (`stream`, `replaceReferences`) uses the public client. The schema, count and batch
 * functions are a TEMPORARY implementation on plain undici requests to the REST endpoints, until
 * `client.schema`, `client.objects.count`, `client.objects.batch` and `client.references.batch`
 * land: then each body below becomes a one-line call to the client, and nothing else in lib/cli
 * changes.
 *
 * @packageDocumentation
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { request } from 'undici'
import { Client, ConnectionError, UnexpectedStatusError, WeaviateError, connect, firstRight, isConnectionError } from '../index'
import type { PagedStream, StreamArgs, WeaviateObject } from '../index'

/**
 * A class definition as `GET /v1/schema/{class}` returns it and `POST /v1/schema` takes it.
 *
 * @example
 * ```ts
 * const definition: ClassDefinition = { class: 'Article', properties: [{ name: 'title', dataType: ['text'] }] }
 * ```
 */
export interface ClassDefinition {
  readonly class: string
  readonly properties?: ReadonlyArray<{ readonly name: string; readonly dataType: readonly string[]; readonly [key: string]: unknown }>
  readonly [key: string]: unknown
}

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
  readonly stream: (args: StreamArgs) => PagedStream<WeaviateError, WeaviateObject>
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

// ---------------------------------------------------------------------------------------------
// TEMPORARY until client.schema / objects.count / objects.batch / references.batch land.
// Plain undici requests to the REST endpoints, with the client's retry rule for idempotent
// requests (connection errors, 429 and 5xx). Batch object writes are upserts, so resending is safe.
// ---------------------------------------------------------------------------------------------

type Method = 'GET' | 'POST'
const ATTEMPTS = 4

const messagesOf = (body: unknown): string[] => {
  if (typeof body === 'object' && body !== null) {
    const error = (body as { error?: unknown }).error
    if (Array.isArray(error)) return error.map((e) => String((e as { message?: unknown }).message ?? e))
    const message = (body as { message?: unknown }).message
    if (typeof message === 'string') return [message]
  }
  return typeof body === 'string' && body !== '' ? [body.slice(0, 200)] : []
}

const parseBody = (text: string): unknown => {
  if (text === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text.slice(0, 500)
  }
}

const codeOf = (e: unknown): string => {
  const code = (e as { code?: unknown }).code
  return typeof code === 'string' ? code : 'UNKNOWN'
}

/** TEMPORARY: one attempt; a connection failure is a ConnectionError value, a status is returned. */
const attempt = async (method: Method, url: string, apiKey: string, body: unknown) => {
  try {
    const response = await request(url, {
      method,
      headers: {
        ...(apiKey === '' ? {} : { authorization: `Bearer ${apiKey}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return { status: response.statusCode, body: parseBody(await response.body.text()) }
  } catch (e) {
    return new ConnectionError({ method, url, code: codeOf(e), detail: e instanceof Error ? e.message : '', cause: e })
  }
}

/** TEMPORARY: one JSON request with retries, failing over between the URLs on connection errors. */
const restCall = (connection: CliConnection) => {
  let node = 0
  return async (method: Method, path: string, body: unknown, accept: readonly number[]): Promise<{ status: number; body: unknown }> => {
    for (let n = 1; ; n++) {
      const base = (connection.url[node % connection.url.length] ?? '').replace(/\/+$/, '')
      const url = `${base}/v1${path}`
      const answer = await attempt(method, url, connection.apiKey, body)
      let failure: WeaviateError
      if (isConnectionError(answer)) {
        node++
        failure = answer
      } else {
        if ((answer.status >= 200 && answer.status < 300) || accept.includes(answer.status)) return answer
        failure = new UnexpectedStatusError({ method, url, status: answer.status, body: answer.body, messages: messagesOf(answer.body) })
        if (answer.status !== 429 && answer.status < 500) throw failure
      }
      if (n >= ATTEMPTS) throw failure
      await sleep(Math.random() * 250 * 2 ** n)
    }
  }
}

interface BatchAnswerItem {
  readonly result?: { readonly errors?: { readonly error?: ReadonlyArray<{ readonly message?: string }> } }
}

const itemResults = (answer: unknown, count: number): ItemResult[] => {
  const items: readonly BatchAnswerItem[] = Array.isArray(answer) ? (answer as BatchAnswerItem[]) : []
  return Array.from({ length: count }, (_, index) => {
    const errors = items[index]?.result?.errors?.error
    if (items[index] === undefined) return { index, error: 'the server gave no result for this item' }
    if (errors === undefined || errors.length === 0) return { index }
    return { index, error: errors.map((e) => e.message ?? 'unknown error').join('; ') }
  })
}

const beacon = (className: string, uuid: string): string => `weaviate://localhost/${className}/${uuid}`

const countOf = (answer: unknown, className: string): number => {
  const data = (answer as { data?: { Aggregate?: Record<string, Array<{ meta?: { count?: unknown } }>> } } | undefined)?.data
  const count = data?.Aggregate?.[className]?.[0]?.meta?.count
  if (typeof count !== 'number') {
    const messages = messagesOf((answer as { errors?: unknown } | undefined)?.errors === undefined ? answer : { error: (answer as { errors: unknown }).errors })
    throw new Error(`could not count ${className}${messages.length > 0 ? `: ${messages.join('; ')}` : ''}`)
  }
  return count
}

/**
 * The library for one Weaviate: the public client for reading, the temporary REST calls for
 * schema, count and batches.
 *
 * @example
 * ```ts
 * const lib = cliLibrary({ url: ['http://127.0.0.1:8080'], apiKey: '' })
 * ```
 */
export const cliLibrary = (connection: CliConnection): CliLibrary => {
  const client: Client = connect({ url: connection.url, apiKey: connection.apiKey })
  const rest = restCall(connection)
  return {
    // TEMPORARY until client.schema lands: client.schema.getClass(className)
    getClass: async (className) => {
      const answer = await rest('GET', `/schema/${encodeURIComponent(className)}`, undefined, [404])
      return answer.status === 404 ? null : (answer.body as ClassDefinition)
    },
    // TEMPORARY until client.schema lands: client.schema.createClass(definition)
    createClass: async (definition) => {
      await rest('POST', '/schema', definition, [])
    },
    // TEMPORARY until client.objects.count lands: client.objects.count({ className, tenant })
    count: async ({ className, tenant }) => {
      const tenantArg = tenant === undefined ? '' : `(tenant: ${JSON.stringify(tenant)})`
      const answer = await rest('POST', '/graphql', { query: `{ Aggregate { ${className}${tenantArg} { meta { count } } } }` }, [])
      return countOf(answer.body, className)
    },
    // TEMPORARY until client.objects.batch lands:
    //   lastValueFrom(client.objects.batch(objects).pipe(toArray())), Left/Right mapped to ItemResult
    writeObjects: async (objects) => {
      if (objects.length === 0) return []
      const body = {
        objects: objects.map((o) => ({
          class: o.className,
          properties: o.dataObject,
          ...(o.uuid === undefined ? {} : { id: o.uuid }),
          ...(o.vector === undefined ? {} : { vector: o.vector }),
          ...(o.tenant === undefined ? {} : { tenant: o.tenant }),
        })),
      }
      return itemResults((await rest('POST', '/batch/objects', body, [])).body, objects.length)
    },
    // TEMPORARY until client.references.batch lands:
    //   lastValueFrom(client.references.batch(references).pipe(toArray())), mapped to ItemResult
    writeReferences: async (references) => {
      if (references.length === 0) return []
      const body = references.map((r) => ({
        from: `${beacon(r.fromClassName, r.fromUuid)}/${r.fromPropertyName}`,
        to: beacon(r.toClassName, r.toUuid),
        ...(r.tenant === undefined ? {} : { tenant: r.tenant }),
      }))
      return itemResults((await rest('POST', '/batch/references', body, [])).body, references.length)
    },
    replaceReferences: async (args) => {
      await firstRight(client.references.replace(args))
    },
    stream: (args) => client.objects.stream(args),
    close: () => client.close(),
  }
}
