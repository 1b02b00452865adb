/**
 * A class on the current server (1.39.0) that a search spec reads over one transport: created and
 * filled through the library before the spec's tests, deleted after them.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { type BatchObject, type Client, connect } from '../../lib'
import { type ClassDefinition, createClass, deleteClass } from './fixtures'
import { uniqueClassName } from './server'
import { CURRENT_VERSION, apiKeyOption, grpcServerUrl, serverUrl } from './versions'

/** The class and the client its spec searches with. */
export interface SearchClass {
  readonly className: string
  /** The client over the spec's transport (made before the spec's tests). */
  readonly client: () => Client
}

/**
 * Registers the hooks that create `definition` as a new class, write `objects` into it, and delete
 * it afterwards; call it inside a `describe`.
 *
 * @example
 * ```ts
 * const { className, client } = searchClass('grpc', 'Notes', { vectorizer: 'none' }, (className) => [{ className, dataObject: {} }])
 * ```
 */
export const searchClass = (
  transport: 'grpc' | 'rest',
  prefix: string,
  definition: Omit<ClassDefinition, 'class'>,
  objects: (className: string) => readonly BatchObject[],
): SearchClass => {
  const className = uniqueClassName(prefix)
  const url = serverUrl(CURRENT_VERSION)
  let made: Client | undefined

  beforeAll(async () => {
    made = connect({ url, ...apiKeyOption(url), grpcUrl: grpcServerUrl(CURRENT_VERSION), transport })
    await createClass(url, { ...definition, class: className })
    const written = await lastValueFrom(made.objects.batch(objects(className)).pipe(toArray()))
    expect(written.filter(E.isLeft)).toEqual([])
  }, 120_000)

  afterAll(async () => {
    await deleteClass(url, className)
    await made?.close()
  })

  return {
    className,
    client: () => {
      if (made === undefined) throw new Error(`the client of ${className} is made in beforeAll`)
      return made
    },
  }
}
