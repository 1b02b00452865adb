/**
 * A client on the test server whose requests are recorded on the way out (method, path with
 * query, body) and forwarded unchanged, plus small assertions on ObservableEither results.
 */
import * as E from 'fp-ts/Either'
import { Observable, firstValueFrom, toArray } from 'rxjs'
import { Agent, Dispatcher } from 'undici'
import { Client, ConnectOptions, WeaviateError, connect } from '../../lib'
import type { HttpEffect } from '../../lib/transport/http/pipeline'
import type { HttpRequest, HttpResponse } from '../../lib/transport/http/types'
import { weaviateUrl } from './server'
import { apiKeyOption } from './versions'

export interface RecordedRequest {
  readonly method: string
  readonly path: string
  readonly body: unknown
  readonly headers: Record<string, string>
}

const headerRecord = (headers: Dispatcher.DispatchOptions['headers']): Record<string, string> => {
  const out: Record<string, string> = {}
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) out[String(headers[i]).toLowerCase()] = String(headers[i + 1])
  } else if (headers !== null && typeof headers === 'object') {
    for (const [k, v] of Object.entries(headers as Record<string, unknown>)) out[k.toLowerCase()] = String(v)
  }
  return out
}

const parseBody = (body: unknown): unknown => {
  if (typeof body === 'string') return JSON.parse(body) as unknown
  if (body instanceof Uint8Array) return JSON.parse(Buffer.from(body).toString('utf8')) as unknown
  return undefined
}

/** An undici Agent that records every request it dispatches (connecting with `connect`: TLS options, when given). */
export const recordingDispatcher = (connect?: Agent.Options['connect']): { dispatcher: Dispatcher; requests: RecordedRequest[]; close: () => Promise<void> } => {
  const agent = new Agent(connect === undefined ? {} : { connect })
  const requests: RecordedRequest[] = []
  const dispatcher = agent.compose((dispatch) => (opts, handler) => {
    const headers = headerRecord(opts.headers)
    requests.push({
      method: opts.method,
      path: opts.path,
      // A gRPC-Web body is framed protobuf, kept as its bytes.
      body: headers['content-type']?.startsWith('application/grpc-web') === true ? opts.body : parseBody(opts.body),
      headers,
    })
    return dispatch(opts, handler)
  })
  return { dispatcher, requests, close: () => agent.close() }
}

export interface RecordingClient {
  readonly client: Client
  readonly requests: RecordedRequest[]
  readonly close: () => Promise<void>
}

/** A connected client on the test server (with its API key) that records its requests. */
export const recordingClient = (options: Partial<ConnectOptions> = {}): RecordingClient => {
  const { dispatcher, requests, close } = recordingDispatcher()
  const url = options.url ?? weaviateUrl()
  const client = connect({ url, dispatcher, ...(typeof url === 'string' ? apiKeyOption(url) : {}), ...options })
  return {
    client,
    requests,
    close: async () => {
      await client.close()
      await close()
    },
  }
}

/** The single Either an operation emits. */
export const once = <A>(op: Observable<E.Either<WeaviateError, A>>): Promise<E.Either<WeaviateError, A>> =>
  firstValueFrom(op.pipe(toArray())).then((values) => {
    if (values.length !== 1) throw new Error(`expected exactly one emission, got ${values.length}`)
    return values[0] as E.Either<WeaviateError, A>
  })

/** The Right value of an operation; fails the test with the error otherwise. */
export const right = async <A>(op: Observable<E.Either<WeaviateError, A>>): Promise<A> => {
  const result = await once(op)
  if (E.isLeft(result)) throw new Error(`expected Right, got ${result.left._tag}: ${result.left.message}`)
  return result.right
}

/** The Left value of an operation; fails the test when it succeeded. */
export const left = async <A>(op: Observable<E.Either<WeaviateError, A>>): Promise<WeaviateError> => {
  const result = await once(op)
  if (E.isRight(result)) throw new Error(`expected Left, got Right: ${JSON.stringify(result.right)}`)
  return result.left
}

/** The single Either of one pipeline request, the response itself as the Right. */
export const exchange = (http: HttpEffect, req: HttpRequest): Promise<E.Either<WeaviateError, HttpResponse>> =>
  once(http.run(req, (res) => E.right(res)))

/** The error of one pipeline request; fails the test when it succeeded. */
export const exchangeFailure = (http: HttpEffect, req: HttpRequest): Promise<WeaviateError> =>
  left(http.run(req, (res) => E.right(res)))
