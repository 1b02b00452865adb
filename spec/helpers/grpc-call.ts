/**
 * One minimal gRPC call over node:http2 without a gRPC library: a POST of one length-prefixed
 * message (here an empty protobuf message: 5 zero bytes, the compression flag and a zero length)
 * to a method path, and the `grpc-status` and `grpc-message` the server puts in the trailers (or
 * in the headers of a trailers-only answer). Used to prove which calls the gRPC port refuses.
 */
import * as http2 from 'node:http2'

/** `BatchObjects` with no objects: succeeds (status 0) on a server that lets the caller in. */
export const EMPTY_BATCH_OBJECTS = '/weaviate.v1.Weaviate/BatchObjects'

/**
 * How a gRPC call ended.
 *
 * @example
 * ```ts
 * const ended: GrpcOutcome = { status: 0, message: '' }
 * ```
 */
export interface GrpcOutcome {
  readonly status: number
  readonly message: string
}

/**
 * The outcome of one unary call with an empty message; `apiKey` goes into the `authorization`
 * metadata as a bearer token.
 *
 * @example
 * ```ts
 * await grpcCall(server.grpcUrl, EMPTY_BATCH_OBJECTS, undefined) // { status: 2, message: 'extract auth: unauthorized: ...' }
 * ```
 */
export const grpcCall = (url: string, method: string, apiKey: string | undefined): Promise<GrpcOutcome> =>
  new Promise((resolve, reject) => {
    const session = http2.connect(url)
    session.on('error', reject)
    let status: string | undefined
    let message = ''
    const note = (headers: http2.IncomingHttpHeaders): void => {
      const code = headers['grpc-status']
      const text = headers['grpc-message']
      if (typeof code === 'string') status = code
      if (typeof text === 'string') message = decodeURIComponent(text)
    }
    const stream = session.request({
      ':method': 'POST',
      ':path': method,
      'content-type': 'application/grpc',
      te: 'trailers',
      ...(apiKey === undefined ? {} : { authorization: `Bearer ${apiKey}` }),
    })
    stream.on('response', note)
    stream.on('trailers', note)
    stream.on('error', reject)
    stream.resume()
    stream.on('close', () => {
      session.close()
      if (status === undefined) reject(new Error(`${url}${method} answered without grpc-status`))
      else resolve({ status: Number(status), message })
    })
    stream.end(Buffer.alloc(5))
  })
