// A TypeScript consumer of the installed package: every entry, properties typed by a codec, the
// error union. The tarball spec type-checks it, strict and without skipLibCheck, under
// `module: nodenext` (as itself, a CommonJS file, and copied to use.mts, an ESM file), under
// `moduleResolution: bundler` and under `node10`.
import { connect, isWeaviateError, type WeaviateError } from 'weaviate-rx'
import { toAsyncIterable } from 'weaviate-rx/paging'
import { startEmbedded, type EmbeddedWeaviate } from 'weaviate-rx/embedded'
import { lastValueFrom, toArray } from 'rxjs'
import * as E from 'fp-ts/Either'
import * as t from 'io-ts'

const Article = t.type({ title: t.string })

export const titles = async (url: string): Promise<readonly string[]> => {
  const client = connect({ url })
  const found: string[] = []
  for await (const read of toAsyncIterable(client.objects.stream({ className: 'Article', codec: Article }))) {
    if (E.isRight(read)) found.push(read.right.properties.title)
  }
  await client.close()
  return found
}

export const batched = (url: string): Promise<ReadonlyArray<E.Either<WeaviateError, { readonly index: number }>>> =>
  lastValueFrom(connect({ url }).objects.batch([{ className: 'Article', dataObject: { title: 'x' } }]).pipe(toArray()))

export const tag = (error: unknown): string => (isWeaviateError(error) ? error._tag : 'not a WeaviateError')

export const server: () => Promise<EmbeddedWeaviate> = () => startEmbedded()
