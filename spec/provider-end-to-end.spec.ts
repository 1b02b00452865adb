/**
 * One vectorizer (`text2vec-openai`) and one generative module (`generative-openai`) end to end on
 * the run's `PROVIDERS` server (Weaviate 1.39.0), each pointed by its `baseURL` at a small
 * OpenAI-compatible endpoint this spec starts on 127.0.0.1. No real provider can run here (each
 * calls an outside service with a paid key), so the endpoint is a stub: it answers
 * `POST /v1/embeddings` with a vector it derives from the text and `POST /v1/chat/completions` with
 * an answer that quotes the prompt, and records every request. The server takes a loopback,
 * plain-http `baseURL`: its SSRF check (usecases/modulecomponents/validate_baseurl.go at v1.39.0)
 * runs only with `MODULES_VALIDATE_BASE_URL` on, which the row does not set.
 *
 * Before a batch, text2vec-openai counts each text's tokens with tiktoken, whose table Weaviate
 * downloads from openaipublic.blob.core.windows.net; unreachable here, so the spec writes one into
 * the server's `TIKTOKEN_CACHE_DIR` under the name tiktoken gives the download (the sha1 of its
 * URL): a byte-level table, one token per byte, which counts tokens for the server's rate limiter
 * and changes nothing the endpoint receives. Without it Weaviate 1.39.0 fails every object of the
 * batch with "panic occurred: runtime error: invalid memory address or nil pointer dereference"
 * (usecases/modulecomponents/batch/tokenization.go keeps a nil encoder when the download fails).
 *
 * The objects are imported without vectors (the server vectorizes them through the endpoint), then
 * found by `nearText` (the query vectorized the same way) and answered by a generative search; the
 * vectors and the answer are the endpoint's, and the endpoint saw the key the client sent.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { Client, connect, uuidFromKey } from '../lib'
import { right } from './helpers/client'
import { ownHandles } from './helpers/own-handles'
import { uniqueClassName } from './helpers/server'
import { OpenAICompatible, startOpenAICompatible } from './helpers/openai-compatible'
import { configuredServer } from './helpers/versions'

const KEY = 'sk-stub-key-for-the-spec'
const NAMESPACE = '6b0c8d0e-51a4-4f5e-8c43-7f2a1b9d3e10'
const TOPICS = ['cat', 'dog', 'fish'] as const
const TITLES = ['a cat sleeps on the mat', 'a dog barks in the fog', 'a fish swims in a dish']
const PROMPT = 'Describe {title} in one line'

/** The stub's vector of a text: one weight per topic word it contains, and a constant. */
const embed = (text: string): number[] => [...TOPICS.map((t) => (text.toLowerCase().includes(t) ? 1 : 0)), 0.5]

/** The stub's answer to a prompt. */
const answerTo = (prompt: string): string => `stub says: ${prompt}`

let endpoint: OpenAICompatible
let baseURL: string
let client: Client
const className = uniqueClassName('ProviderE2E')
const idOf = (i: number): string => uuidFromKey(NAMESPACE, `${className}-${i}`)

beforeAll(async () => {
  endpoint = await startOpenAICompatible({ embed, answerTo })
  baseURL = endpoint.baseURL
  const server = configuredServer('PROVIDERS')
  client = connect({ url: server.url, grpcUrl: server.grpcUrl, ...(server.apiKey === undefined ? {} : { apiKey: server.apiKey }), headers: { 'x-openai-api-key': KEY } })
  await right(
    client.schema.createClass({
      class: className,
      properties: [{ name: 'title', dataType: ['text'] }],
      vectorConfig: {
        title: {
          vectorizer: { 'text2vec-openai': { baseURL, model: 'stub-embedder', dimensions: 4, vectorizeClassName: false, properties: ['title'] } },
          vectorIndexType: 'hnsw',
        },
      },
      moduleConfig: { 'generative-openai': { baseURL, model: 'stub-chat' } },
    }),
  )
  const written = await lastValueFrom(client.objects.batch(TITLES.map((title, i) => ({ className, uuid: idOf(i), dataObject: { title } }))).pipe(toArray()))
  expect(written.filter(E.isLeft)).toEqual([])
}, 60_000)

ownHandles({
  closeAfterAll: async () => {
    await right(client.schema.deleteClass(className))
    await client.close()
    await endpoint.close()
  },
})

describe('text2vec-openai and generative-openai against an OpenAI-compatible endpoint on 127.0.0.1', () => {
  it('each imported object is stored with the vector the endpoint made of its text', async () => {
    const stored = await Promise.all(TITLES.map((_, i) => right(client.objects.get({ className, uuid: idOf(i), withVector: true }))))
    expect(stored.map((o) => o?.vectors?.['title'])).toEqual(TITLES.map(embed))
  })

  it('the server sent the texts to /v1/embeddings with the model of the class and the key the client gave', () => {
    const embeddings = endpoint.seen.filter((s) => s.path === '/v1/embeddings')
    expect(embeddings.flatMap((s) => s.body.input ?? []).sort()).toEqual(expect.arrayContaining([...TITLES].sort()))
    expect(new Set(embeddings.map((s) => `${s.body.model ?? ''} ${s.authorization ?? ''}`))).toEqual(new Set([`stub-embedder Bearer ${KEY}`]))
  })

  it('nearText finds first the object whose endpoint vector is nearest the query', async () => {
    const result = await right(client.query.nearText({ className, query: 'dog', targetVector: 'title', limit: 3, returnMetadata: ['distance'] }))
    expect(result.objects[0]?.properties['title']).toBe('a dog barks in the fog')
    expect(endpoint.seen.some((s) => s.path === '/v1/embeddings' && (s.body.input ?? []).includes('dog'))).toBe(true)
  })

  it("a generative search's answer for each object is the endpoint's answer to its prompt", async () => {
    const result = await right(client.query.fetchObjects({ className, limit: 3, generate: { singlePrompt: PROMPT } }))
    expect(result.objects.map((o) => o.generated).sort()).toEqual(TITLES.map((title) => answerTo(PROMPT.replace('{title}', title))).sort())
    const chats = endpoint.seen.filter((s) => s.path === '/v1/chat/completions')
    expect(new Set(chats.map((s) => `${s.body.model ?? ''} ${s.authorization ?? ''}`))).toEqual(new Set([`stub-chat Bearer ${KEY}`]))
  })
})
