/**
 * A small OpenAI-compatible endpoint on 127.0.0.1 for the provider modules of the `PROVIDERS`
 * server (their `baseURL`): no real provider can run here, so this stands in for one. It answers
 * `POST /v1/embeddings` with `embed` of each input and `POST /v1/chat/completions` with `answerTo`
 * of the last user message, with rate-limit headers that never hold the server back, after
 * `delayPerInputMs` per embedded text (a slow provider), and records every request.
 */
import { createHash } from 'node:crypto'
import { once } from 'node:events'
import { mkdirSync, writeFileSync } from 'node:fs'
import { IncomingMessage, ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { PROVIDERS_TIKTOKEN_DIR } from './versions'

/** One request the endpoint received. */
export interface SeenRequest {
  readonly path: string
  readonly authorization: string | undefined
  readonly body: { readonly input?: readonly string[]; readonly model?: string; readonly messages?: ReadonlyArray<{ readonly role: string; readonly content: unknown }> }
}

export interface OpenAICompatible {
  /** `http://127.0.0.1:<port>`: a module's `baseURL`. */
  readonly baseURL: string
  /** Every request received, in order. */
  readonly seen: readonly SeenRequest[]
  close(): Promise<void>
}

export interface OpenAICompatibleOptions {
  readonly embed: (text: string) => readonly number[]
  readonly answerTo?: (prompt: string) => string
  readonly delayPerInputMs?: number
}

const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((part: unknown) => (typeof part === 'object' && part !== null && 'text' in part ? String(part.text) : '')).join('')
      : ''

const LIMITS = {
  'content-type': 'application/json',
  'x-ratelimit-limit-requests': '10000',
  'x-ratelimit-remaining-requests': '10000',
  'x-ratelimit-limit-tokens': '10000000',
  'x-ratelimit-remaining-tokens': '10000000',
  'x-ratelimit-reset-requests': '1s',
  'x-ratelimit-reset-tokens': '1s',
}

/**
 * Writes a byte-level cl100k_base table (one token per byte) where the `PROVIDERS` server's
 * tiktoken looks for its download (`TIKTOKEN_CACHE_DIR`, the file named by the sha1 of the URL):
 * without a table Weaviate 1.39.0 fails every object of a batch its OpenAI-style vectorizers
 * vectorize (see PROVIDERS_TIKTOKEN_DIR).
 */
export const writeTokenTable = (): void => {
  const url = 'https://openaipublic.blob.core.windows.net/encodings/cl100k_base.tiktoken'
  const table = Array.from({ length: 256 }, (_, byte) => `${Buffer.from([byte]).toString('base64')} ${byte}\n`).join('')
  mkdirSync(PROVIDERS_TIKTOKEN_DIR, { recursive: true })
  writeFileSync(join(PROVIDERS_TIKTOKEN_DIR, createHash('sha1').update(url).digest('hex')), table)
}

/** Starts the endpoint (and writes the server's token table first). */
export const startOpenAICompatible = async (options: OpenAICompatibleOptions): Promise<OpenAICompatible> => {
  writeTokenTable()
  const seen: SeenRequest[] = []
  const answer = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as SeenRequest['body']
    seen.push({ path: req.url ?? '', authorization: req.headers.authorization, body })
    if (req.method === 'POST' && req.url === '/v1/embeddings') {
      const input = body.input ?? []
      const delay = (options.delayPerInputMs ?? 0) * input.length
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay))
      res.writeHead(200, LIMITS)
      res.end(JSON.stringify({ object: 'list', model: body.model, data: input.map((text, index) => ({ object: 'embedding', index, embedding: options.embed(text) })), usage: { prompt_tokens: 1, total_tokens: 1 } }))
    } else if (req.method === 'POST' && req.url === '/v1/chat/completions') {
      const last = [...(body.messages ?? [])].reverse().find((m) => m.role === 'user')
      const content = (options.answerTo ?? ((p: string) => p))(textOf(last?.content))
      res.writeHead(200, LIMITS)
      res.end(JSON.stringify({ id: 'stub', object: 'chat.completion', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } }))
    } else {
      res.writeHead(404, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: { message: `no route ${req.method ?? ''} ${req.url ?? ''}`, type: 'invalid_request_error' } }))
    }
  }
  const server = createServer((req, res) => void answer(req, res))
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: async () => {
      server.closeAllConnections()
      server.close()
      await once(server, 'close')
    },
  }
}
