/**
 * `client.close()` after gRPC work: a batch over `BatchStream` (1.39.0) and searches, on the run's
 * 1.39.0 server. Closing ends the channel's HTTP/2 session and its socket (grpc-js: the channel's
 * `close()` drops its subchannel from the pool at once, and the subchannel's transport closes the
 * session), so the exact own-handles check finds nothing of the library's left, and a program
 * that did the same work exits by itself.
 */
import { spawn } from 'node:child_process'
import * as path from 'node:path'
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { connect } from '../../lib'
import { createClass, deleteClass } from '../helpers/fixtures'
import { OwnHandleTracker } from '../helpers/own-handles'
import { uniqueClassName } from '../helpers/server'
import { CURRENT_VERSION, apiKeyOption, grpcServerUrl, serverUrl } from '../helpers/versions'

const PROGRAM = path.join(__dirname, 'programs', 'close-and-exit.ts')
const url = serverUrl(CURRENT_VERSION)
const grpcUrl = grpcServerUrl(CURRENT_VERSION)
const className = uniqueClassName('CloseGrpc')

beforeAll(() => createClass(url, { class: className, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] }))
afterAll(() => deleteClass(url, className))

describe('client.close() after a BatchStream batch and searches over gRPC', () => {
  const tracker = new OwnHandleTracker()
  beforeAll(() => tracker.enable())
  afterAll(() => tracker.disable())

  it('leaves no socket, HTTP/2 session or timer of the library open', async () => {
    const mark = tracker.mark()
    const client = connect({ url, ...apiKeyOption(url), grpcUrl, transport: 'grpc' })
    const objects = Array.from({ length: 300 }, (_, n) => ({ className, dataObject: { n }, vector: [n, 1, 0] }))
    expect((await lastValueFrom(client.objects.batch(objects).pipe(toArray()))).filter(E.isLeft)).toEqual([])
    for (let n = 0; n < 5; n++) expect(E.isRight(await lastValueFrom(client.query.nearVector({ className, vector: [n, 1, 0], limit: 3 })))).toBe(true)
    // The check sees the session while the client is open: an empty list after closing means it closed.
    expect(tracker.openSince(mark, new Set(['HTTP2SESSION'])).map((h) => h.type)).toEqual(['HTTP2SESSION'])
    await client.close()
    expect(await tracker.settledAll()).toEqual([])
  })
})

it('lets a program that wrote a batch and searched over gRPC exit once it closed its client', async () => {
  const input = { url, ...apiKeyOption(url), grpcUrl, className }
  const ended = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', PROGRAM], {
      stdio: ['pipe', 'pipe', 'pipe'],
      // ts-node's v8-compile-cache would leave its cache in TMPDIR, which the leak guard watches
      env: { ...process.env, DISABLE_V8_COMPILE_CACHE: '1' },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
    // A program that cannot exit is killed before jest's timeout, so the test fails with its output.
    const stuck = setTimeout(() => child.kill('SIGKILL'), 60_000)
    child.once('exit', (code, signal) => {
      clearTimeout(stuck)
      resolve({ code, signal, stdout, stderr })
    })
    child.stdin.end(JSON.stringify(input))
  })
  expect({ code: ended.code, signal: ended.signal, stderr: ended.stderr }).toEqual({ code: 0, signal: null, stderr: '' })
  expect(JSON.parse(ended.stdout.trim())).toEqual({ batchLefts: 0, searchLefts: 0 })
}, 90_000)
