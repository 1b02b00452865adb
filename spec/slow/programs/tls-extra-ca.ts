/**
 * A program for spec/slow/tls.spec.ts, run with ts-node: it reads a server's address, key and
 * `tls` option without a CA from stdin (one JSON object), so the only trust in the server's CA is
 * what `NODE_EXTRA_CA_CERTS` gives Node at start, and runs one operation of each kind: the
 * server's meta and an object create over REST, a batch and a search over gRPC, a stream over
 * REST. It prints one JSON line: what they returned, or the first error's tag and reason.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { connect, firstRight } from '../../../lib'

/** The program's line. */
export type ChildReport =
  | { readonly meta: string; readonly restCreated: boolean; readonly grpcBatch: number; readonly grpcSearch: number; readonly restStream: boolean }
  | { readonly error: string }

interface Input {
  readonly url: string
  readonly grpcUrl: string
  readonly apiKey?: string
  readonly tls: { readonly cert?: string; readonly key?: string; readonly servername?: string }
  readonly className: string
  readonly vector: number[]
}

const readStdin = async (): Promise<string> => {
  let text = ''
  for await (const chunk of process.stdin) text += (chunk as Buffer).toString('utf8')
  return text
}

/** `<tag> <reason>` of a TlsError, else the tag and message (a batch item's with its cause's). */
const describe = (e: unknown): string => {
  if (typeof e !== 'object' || e === null || !('_tag' in e)) return String(e)
  if ('reason' in e) return `${String(e._tag)} ${String(e.reason)}`
  const cause = 'cause' in e && e.cause !== undefined ? `; cause: ${describe(e.cause)}` : ''
  return `${String(e._tag)}: ${e instanceof Error ? e.message : ''}${cause}`
}

const main = async (): Promise<void> => {
  const input = JSON.parse(await readStdin()) as Input
  const base = { url: input.url, grpcUrl: input.grpcUrl, tls: input.tls, ...(input.apiKey === undefined ? {} : { apiKey: input.apiKey }) }
  const rest = connect({ ...base, transport: 'rest' })
  const grpc = connect({ ...base, transport: 'grpc' })
  try {
    const meta = await firstRight(rest.meta.get())
    const created = await firstRight(rest.objects.create({ className: input.className, dataObject: { title: 'from the child' }, vector: input.vector }))
    const batch = await lastValueFrom(
      grpc.objects.batch(
        Array.from({ length: 5 }, (_, i) => ({ className: input.className, dataObject: { title: `child ${i}` }, vector: input.vector })),
        { transport: 'grpc' },
      ).pipe(toArray()),
    )
    const failed = batch.find(E.isLeft)
    if (failed !== undefined) throw failed.left
    const search = await firstRight(grpc.query.nearVector({ className: input.className, vector: input.vector, limit: 1 }))
    const stream = await lastValueFrom(rest.objects.stream({ className: input.className }).pipe(toArray()))
    const streamFailed = stream.find(E.isLeft)
    if (streamFailed !== undefined) throw streamFailed.left
    const report: ChildReport = { meta: meta.version, restCreated: typeof created === 'string', grpcBatch: batch.length, grpcSearch: search.objects.length, restStream: stream.length > 0 }
    process.stdout.write(`${JSON.stringify(report)}\n`)
  } catch (e) {
    const report: ChildReport = { error: describe(e) }
    process.stdout.write(`${JSON.stringify(report)}\n`)
  } finally {
    await rest.close()
    await grpc.close()
  }
}

void main()
