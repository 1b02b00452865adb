/**
 * What the examples need that weaviate-rx deliberately does not cover (it is an object and
 * reference client): creating and deleting classes (`/v1/schema`) and counting objects (GraphQL
 * `Aggregate`). Plain `fetch`, no dependency. Sends `Authorization: Bearer $WEAVIATE_API_KEY`
 * when that variable is set.
 *
 * @example
 * ```ts
 * await createClass(url, { class: 'Author', vectorizer: 'none', properties: [{ name: 'name', dataType: ['text'] }] })
 * console.log(await countObjects(url, 'Author'))
 * await deleteClass(url, 'Author')
 * ```
 */

/** A property of a class: a primitive (`text`, `int`, ...) or a reference (`dataType: ['Author']`). */
export interface PropertyDefinition {
  readonly name: string
  readonly dataType: readonly string[]
}

/** A class definition as `POST /v1/schema` takes it. */
export interface ClassDefinition {
  readonly class: string
  readonly vectorizer?: string
  readonly properties?: readonly PropertyDefinition[]
}

const v1 = (url: string): string => `${url.replace(/\/+$/, '')}/v1`

const headers = (json: boolean): Record<string, string> => {
  const key = process.env['WEAVIATE_API_KEY']
  return {
    ...(key === undefined || key === '' ? {} : { authorization: `Bearer ${key}` }),
    ...(json ? { 'content-type': 'application/json' } : {}),
  }
}

const send = async (method: string, url: string, body?: unknown): Promise<unknown> => {
  const response = await fetch(url, {
    method,
    headers: headers(body !== undefined),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`)
  return text === '' ? undefined : (JSON.parse(text) as unknown)
}

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u)

/**
 * Creates a class; fails (422) when it exists already.
 *
 * @example
 * ```ts
 * await createClass(url, { class: 'Article', vectorizer: 'none', properties: [{ name: 'title', dataType: ['text'] }] })
 * ```
 */
export const createClass = async (url: string, definition: ClassDefinition): Promise<void> => {
  await send('POST', `${v1(url)}/schema`, definition)
}

/**
 * The definition of a class, or undefined when there is none.
 *
 * @example
 * ```ts
 * const article = await getClass(url, 'Article')
 * ```
 */
export const getClass = async (url: string, name: string): Promise<ClassDefinition | undefined> => {
  const response = await fetch(`${v1(url)}/schema/${encodeURIComponent(name)}`, { headers: headers(false) })
  const text = await response.text()
  if (response.status === 404) return undefined
  if (!response.ok) throw new Error(`GET schema ${name} answered ${response.status}: ${text}`)
  return JSON.parse(text) as ClassDefinition
}

/**
 * Deletes a class and all its objects (a missing class is fine).
 *
 * @example
 * ```ts
 * await deleteClass(url, 'Article')
 * ```
 */
export const deleteClass = async (url: string, name: string): Promise<void> => {
  await send('DELETE', `${v1(url)}/schema/${encodeURIComponent(name)}`)
}

/**
 * The number of objects in a class: `POST /v1/graphql` with `{ Aggregate { <Class> { meta { count } } } }`.
 *
 * @example
 * ```ts
 * const total = await countObjects(url, 'Article')
 * ```
 */
export const countObjects = async (url: string, className: string): Promise<number> => {
  const query = `{ Aggregate { ${className} { meta { count } } } }`
  const body = await send('POST', `${v1(url)}/graphql`, { query })
  const data = isRecord(body) && isRecord(body['data']) ? body['data'] : {}
  const rows = isRecord(data['Aggregate']) ? data['Aggregate'][className] : undefined
  const first: unknown = Array.isArray(rows) ? rows[0] : undefined
  const meta = isRecord(first) ? first['meta'] : undefined
  const count = isRecord(meta) ? meta['count'] : undefined
  if (typeof count !== 'number') throw new Error(`count ${className}: unexpected answer ${JSON.stringify(body)}`)
  return count
}
