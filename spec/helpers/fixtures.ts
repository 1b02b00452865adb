/**
 * Test fixtures. Classes and tenants are made through the library's own `client.schema` and
 * `client.tenants` (spec/schema.spec.ts and spec/tenants.spec.ts test those); objects are loaded and
 * read back over plain HTTP (undici, never the library under test), so what a spec checks does not
 * depend on the code it tests. Every helper throws a descriptive Error on a failure. A helper's
 * server is a URL of one of the test servers (its published API key is sent, see
 * spec/helpers/versions.ts) or a started server's `connection` (its key is sent).
 */
import { randomUUID } from 'node:crypto'
import { request } from 'undici'
import { connect, firstRight } from '../../lib'
import { uniqueClassName, weaviateUrl } from './server'
import { apiKeyFor } from './versions'

/**
 * A server the fixtures work on: a test server's URL, or a started server's `connection`.
 *
 * @example
 * ```ts
 * const target: Target = server.connection
 * ```
 */
export type Target = string | { readonly url: string; readonly apiKey?: string }

const urlOf = (target: Target): string => (typeof target === 'string' ? target : target.url)
const keyOf = (target: Target): string | undefined => (typeof target === 'string' ? apiKeyFor(target) : target.apiKey)

/** Runs `f` with a short-lived client of `target`. */
const withClient = async <A>(target: Target, f: (client: ReturnType<typeof connect>) => Promise<A>): Promise<A> => {
  const key = keyOf(target)
  const client = connect({ url: urlOf(target), ...(key === undefined ? {} : { apiKey: key }) })
  try {
    return await f(client)
  } finally {
    await client.close()
  }
}

/**
 * A schema property: a primitive or a reference (`dataType` naming classes).
 *
 * @example
 * ```ts
 * const writtenBy: PropertyDefinition = { name: 'writtenBy', dataType: ['Author'] }
 * ```
 */
export interface PropertyDefinition {
  readonly name: string
  readonly dataType: readonly string[]
  readonly [setting: string]: unknown
}

/**
 * A class definition as `POST /v1/schema` takes it.
 *
 * @example
 * ```ts
 * const book: ClassDefinition = { class: Book, vectorizer: 'none', properties: [{ name: 'title', dataType: ['text'] }] }
 * ```
 */
export interface ClassDefinition {
  readonly class: string
  readonly vectorizer?: string
  readonly properties?: readonly PropertyDefinition[]
  readonly [setting: string]: unknown
}

type Method = 'GET' | 'POST' | 'DELETE'

interface Answer {
  readonly status: number
  readonly body: unknown
}

const authHeader = (key: string | undefined): Record<string, string> => (key === undefined ? {} : { authorization: `Bearer ${key}` })

const send = async (method: Method, url: string, key: string | undefined, body?: unknown): Promise<Answer> => {
  const response = await request(url, {
    method,
    headers: { ...authHeader(key), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.body.text()
  let parsed: unknown = text
  try {
    parsed = text === '' ? undefined : JSON.parse(text)
  } catch {
    // keep the text
  }
  return { status: response.statusCode, body: parsed }
}

/** Sends and throws unless the status is 2xx (or listed in `alsoOk`). */
const expectOk = async (
  what: string,
  method: Method,
  url: string,
  key: string | undefined,
  body?: unknown,
  alsoOk: readonly number[] = [],
): Promise<Answer> => {
  const answer = await send(method, url, key, body)
  if ((answer.status < 200 || answer.status > 299) && !alsoOk.includes(answer.status)) {
    throw new Error(`${what}: ${method} ${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`)
  }
  return answer
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const v1 = (target: Target): string => `${urlOf(target).replace(/\/+$/, '')}/v1`

/**
 * Creates a class (`client.schema.createClass`).
 *
 * @example
 * ```ts
 * await createClass(weaviateUrl(), { class: Book, vectorizer: 'none', properties: [{ name: 'title', dataType: ['text'] }] })
 * ```
 */
export const createClass = async (url: Target, classDef: ClassDefinition): Promise<void> => {
  await withClient(url, (client) => firstRight(client.schema.createClass(classDef)))
}

/**
 * Deletes a class and all its objects (`client.schema.deleteClass`; a missing class is fine).
 *
 * @example
 * ```ts
 * afterAll(() => deleteClass(weaviateUrl(), Book))
 * ```
 */
export const deleteClass = async (url: Target, name: string): Promise<void> => {
  await withClient(url, (client) => firstRight(client.schema.deleteClass(name)))
}

/**
 * The names of the two classes made by {@link createArticleAuthorClasses}.
 *
 * @example
 * ```ts
 * const { Article, Author }: ArticleAuthorClasses = await createArticleAuthorClasses(url)
 * ```
 */
export interface ArticleAuthorClasses {
  readonly Author: string
  readonly Article: string
}

/**
 * Creates uniquely named `Author{name:text}` and `Article{title:text, pages:int, writtenBy:[Author]}`
 * classes (vectorizer none) and returns their names.
 *
 * @example
 * ```ts
 * const { Article, Author } = await createArticleAuthorClasses(weaviateUrl())
 * ```
 */
export const createArticleAuthorClasses = async (url: Target): Promise<ArticleAuthorClasses> => {
  const suffix = randomUUID().replace(/-/g, '').slice(0, 16)
  const names = { Author: `Author_${suffix}`, Article: `Article_${suffix}` }
  await createClass(url, { class: names.Author, vectorizer: 'none', properties: [{ name: 'name', dataType: ['text'] }] })
  await createClass(url, {
    class: names.Article,
    vectorizer: 'none',
    properties: [
      { name: 'title', dataType: ['text'] },
      { name: 'pages', dataType: ['int'] },
      { name: 'writtenBy', dataType: [names.Author] },
    ],
  })
  return names
}

/**
 * Creates a multi-tenant class (`title:text` plus `properties`, vectorizer none) and its tenants.
 *
 * @example
 * ```ts
 * await createMultiTenantClass(weaviateUrl(), Tenanted, ['tenantA', 'tenantB'])
 * ```
 */
export const createMultiTenantClass = async (
  url: Target,
  className: string,
  tenants: readonly string[],
  properties: readonly PropertyDefinition[] = [],
): Promise<void> => {
  await createClass(url, {
    class: className,
    vectorizer: 'none',
    multiTenancyConfig: { enabled: true },
    properties: [{ name: 'title', dataType: ['text'] }, ...properties],
  })
  if (tenants.length > 0) await withClient(url, (client) => firstRight(client.tenants.create(className, tenants)))
}

const BATCH_SIZE = 500

/**
 * Inserts objects with the given properties through `POST /v1/batch/objects`, 500 per request,
 * and returns their (client-made) ids in input order. Throws if any object is rejected.
 *
 * @example
 * ```ts
 * const ids = await insertObjects(weaviateUrl(), Book, [{ title: 'a' }, { title: 'b' }])
 * ```
 */
export const insertObjects = async (
  url: Target,
  className: string,
  objects: ReadonlyArray<Readonly<Record<string, unknown>>>,
  tenant?: string,
): Promise<string[]> => {
  const ids = objects.map(() => randomUUID())
  for (let start = 0; start < objects.length; start += BATCH_SIZE) {
    const chunk = objects.slice(start, start + BATCH_SIZE).map((properties, i) => ({
      class: className,
      id: ids[start + i],
      properties,
      ...(tenant === undefined ? {} : { tenant }),
    }))
    const what = `insert ${chunk.length} ${className} objects`
    const answer = await expectOk(what, 'POST', `${v1(url)}/batch/objects`, keyOf(url), { objects: chunk })
    const results: unknown[] = Array.isArray(answer.body) ? answer.body : []
    const errors = results.flatMap((r) => {
      const result = isRecord(r) ? r['result'] : undefined
      return isRecord(result) && isRecord(result['errors']) ? [JSON.stringify(result['errors'])] : []
    })
    if (errors.length > 0 || results.length !== chunk.length) {
      throw new Error(`${what}: ${errors.length} of ${results.length} failed, e.g. ${errors[0] ?? JSON.stringify(answer.body)}`)
    }
  }
  return ids
}

/**
 * The object as `GET /v1/objects/{class}/{id}` returns it, or undefined on 404.
 *
 * @example
 * ```ts
 * const raw = await getObjectRaw(weaviateUrl(), Book, id)
 * expect(raw?.properties).toEqual({ title: 'a' })
 * ```
 */
export const getObjectRaw = async (
  url: Target,
  className: string,
  id: string,
  tenant?: string,
): Promise<Record<string, unknown> | undefined> => {
  const query = tenant === undefined ? '' : `?tenant=${encodeURIComponent(tenant)}`
  const target = `${v1(url)}/objects/${encodeURIComponent(className)}/${encodeURIComponent(id)}${query}`
  const answer = await expectOk(`get ${className}/${id}`, 'GET', target, keyOf(url), undefined, [404])
  if (answer.status === 404) return undefined
  if (!isRecord(answer.body)) throw new Error(`get ${className}/${id}: not an object: ${JSON.stringify(answer.body)}`)
  return answer.body
}

/**
 * The number of objects in a class (GraphQL `Aggregate { <class> { meta { count } } }`).
 *
 * @example
 * ```ts
 * expect(await countObjects(weaviateUrl(), Book)).toBe(120)
 * ```
 */
export const countObjects = async (url: Target, className: string, tenant?: string): Promise<number> => {
  const args = tenant === undefined ? '' : `(tenant: ${JSON.stringify(tenant)})`
  const query = `{ Aggregate { ${className}${args} { meta { count } } } }`
  const answer = await expectOk(`count ${className}`, 'POST', `${v1(url)}/graphql`, keyOf(url), { query })
  const body = isRecord(answer.body) ? answer.body : {}
  const data = isRecord(body['data']) ? body['data'] : {}
  const aggregate = isRecord(data['Aggregate']) ? data['Aggregate'] : {}
  const rows = aggregate[className]
  const first: unknown = Array.isArray(rows) ? rows[0] : undefined
  const meta = isRecord(first) ? first['meta'] : undefined
  const count = isRecord(meta) ? meta['count'] : undefined
  if (typeof count !== 'number') {
    throw new Error(`count ${className}: unexpected GraphQL answer ${JSON.stringify(answer.body)}`)
  }
  return count
}

/**
 * Multi-tenant classes a spec file makes on the run's 1.39.0 server, one per test, named from
 * `prefix`; `dropAll` (in `afterAll`) deletes every one it made.
 *
 * @example
 * ```ts
 * const classes = multiTenantClasses('Tenanted')
 * afterAll(() => classes.dropAll())
 * const name = await classes.make(['tenantA'])
 * ```
 */
export const multiTenantClasses = (prefix: string) => {
  const made: string[] = []
  return {
    make: async (tenants: readonly string[]): Promise<string> => {
      const name = uniqueClassName(prefix)
      made.push(name)
      await createMultiTenantClass(weaviateUrl(), name, tenants)
      return name
    },
    dropAll: async (): Promise<void> => {
      for (const name of made) await deleteClass(weaviateUrl(), name)
    },
  }
}
