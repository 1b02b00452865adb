/**
 * The child program of spec/grpc/close.spec.ts: writes a batch over gRPC (BatchStream on 1.39),
 * runs a search over gRPC, closes its client and returns from its main function without calling
 * `process.exit`. It exits only if closing the client left nothing that keeps Node's event loop
 * alive. Its input (stdin, JSON): the connection and the class. It prints one JSON line: the
 * batch's and the search's Lefts.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { connect } from '../../../lib'

interface Input {
  readonly url: string
  readonly grpcUrl: string
  readonly apiKey?: string
  readonly className: string
}

const read = async (): Promise<Input> => {
  let text = ''
  for await (const chunk of process.stdin) text += String(chunk)
  return JSON.parse(text) as Input
}

const main = async (): Promise<void> => {
  const { className, ...connection } = await read()
  const client = connect({ ...connection, transport: 'grpc' })
  const objects = Array.from({ length: 50 }, (_, n) => ({ className, dataObject: { n }, vector: [n, 1, 0] }))
  const written = await lastValueFrom(client.objects.batch(objects).pipe(toArray()))
  const found = await lastValueFrom(client.query.nearVector({ className, vector: [1, 1, 0], limit: 3 }).pipe(toArray()))
  await client.close()
  console.log(JSON.stringify({ batchLefts: written.filter(E.isLeft).length, searchLefts: found.filter(E.isLeft).length }))
}

void main()
