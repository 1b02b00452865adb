/**
 * A stand-in for the `multi2vec-bind` inference container (no model can run here): the HTTP API
 * the module calls (modules/multi2vec-bind/clients at v1.39.0: `GET /.well-known/ready`,
 * `GET /meta`, `POST /vectorize` with base64 `texts`, `images`, `audio`, `video`, `imu`,
 * `thermal`, `depth`), where each medium's "vector" is its bytes read as little-endian float32s. A
 * search by a medium whose bytes are a vector's float32s is then, on the server, the nearVector
 * search of that vector. It records which medium each vectorize request carried.
 */
import { Server, createServer } from 'node:http'
import { AddressInfo, Socket } from 'node:net'

/** The request fields of the media, and the answer field of each. */
const FIELDS = {
  texts: 'textVectors',
  images: 'imageVectors',
  audio: 'audioVectors',
  video: 'videoVectors',
  imu: 'imuVectors',
  thermal: 'thermalVectors',
  depth: 'depthVectors',
} as const

export type MediaField = keyof typeof FIELDS

export interface FakeMediaVectorizer {
  /** `http://127.0.0.1:<port>`, for `BIND_INFERENCE_API`. */
  readonly url: string
  /** Each vectorize request: the media fields it carried, with their base64 texts. */
  readonly vectorized: ReadonlyArray<Partial<Record<MediaField, readonly string[]>>>
  readonly close: () => Promise<void>
}

/** The float32s of `vector` as base64: the "medium" the fake vectorizes to `vector`. */
export const mediumOf = (vector: readonly number[]): string => Buffer.from(new Float32Array(vector).buffer).toString('base64')

const vectorOf = (base64: string): number[] => {
  const bytes = Buffer.from(base64, 'base64')
  return Array.from(new Float32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.byteLength / 4)))
}

/**
 * Starts the fake on a free port of 127.0.0.1.
 *
 * @example
 * ```ts
 * const fake = await startFakeMediaVectorizer()
 * await startEmbedded({ modules: ['multi2vec-bind'], env: { BIND_INFERENCE_API: fake.url } })
 * ```
 */
export const startFakeMediaVectorizer = async (): Promise<FakeMediaVectorizer> => {
  const vectorized: Array<Partial<Record<MediaField, readonly string[]>>> = []
  const sockets = new Set<Socket>()
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
        return
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Partial<Record<MediaField, string[]>>
      const seen: Partial<Record<MediaField, readonly string[]>> = {}
      const answer: Record<string, number[][]> = {}
      for (const field of Object.keys(FIELDS) as MediaField[]) {
        const given = body[field]
        if (given === undefined || given.length === 0) continue
        seen[field] = given
        answer[FIELDS[field]] = given.map(vectorOf)
      }
      vectorized.push(seen)
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer))
    })
  })
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    vectorized,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
