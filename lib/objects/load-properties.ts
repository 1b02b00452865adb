/**
 * Loads the properties named by a `dataObject` input: inline as given, from an http(s) URL with
 * the client's transport but outside its Weaviate pipeline (no credentials, custom headers, node
 * failover or retry), or from a JSON file (with the client's file reader: none in the web build).
 * Unusable sources are an ArgumentValueError, reported before the operation's own request.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { from, map, of } from 'rxjs'
import { ArgumentValueError, WeaviateError, redactUrl } from '../core/errors'
import type { ReadTextFile } from '../context/context'
import type { FetchUrl } from '../transport/http/fetch-url'
import { toEither } from '../transport/http/to-either'
import { DataSource } from '../input/data-object'
import { ObservableEither } from '../core/observable-either'

type Properties = Readonly<Record<string, unknown>>

const asProperties = (value: unknown, where: string): E.Either<ArgumentValueError, Properties> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? E.right(value as Properties)
    : E.left(new ArgumentValueError({ argument: 'dataObject', reason: `${where} does not hold a JSON object` }))

const fromFile = async (readTextFile: ReadTextFile | undefined, path: string): Promise<E.Either<ArgumentValueError, Properties>> => {
  if (readTextFile === undefined) {
    return E.left(new ArgumentValueError({ argument: 'dataObject', reason: `this build has no file system to read ${path} from: give the properties, or an http(s) URL` }))
  }
  let text: string
  try {
    text = await readTextFile(path)
  } catch {
    return E.left(new ArgumentValueError({ argument: 'dataObject', reason: `No file found at location ${path}` }))
  }
  try {
    return asProperties(JSON.parse(text) as unknown, `file ${path}`)
  } catch {
    return E.left(new ArgumentValueError({ argument: 'dataObject', reason: `file ${path} is not valid JSON` }))
  }
}

/**
 * The properties of a data source.
 */
export const loadProperties = (fetchUrl: FetchUrl, readTextFile: ReadTextFile | undefined, source: DataSource): ObservableEither<WeaviateError, Properties> => {
  switch (source.kind) {
    case 'inline':
      return of(E.right(source.properties))
    case 'file':
      return from(fromFile(readTextFile, source.path))
    case 'url':
      return fetchUrl({ url: source.url, expect: [200] }).pipe(
        toEither(),
        map(E.chain((res): E.Either<WeaviateError, Properties> => asProperties(res.body, `URL ${source.url}`))),
        map(
          E.mapLeft((e): WeaviateError =>
            e._tag === 'UnexpectedStatusError' || e._tag === 'DecodeError'
              ? new ArgumentValueError({ argument: 'dataObject', reason: `Could not download file ${redactUrl(source.url)}: ${e.message}` })
              : e,
          ),
        ),
      )
  }
}
