/**
 * The command over gRPC: `--transport auto|grpc|rest` and the gRPC address of each side
 * (`--grpc-url`, `--from-grpc-url`, `--to-grpc-url`), on the real 1.39.0 test server (gRPC on its
 * own port, not 50051) and the 1.18.6 one (no gRPC). A bad `--transport` is in bad-input.spec.ts.
 */
import { promises as fs } from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { GRPC_FALLBACK_WARNING } from '../../lib/context/fallback-warnings'
import { uniqueClassName, weaviateUrl } from '../helpers/server'
import { startGrpcProxy } from '../helpers/grpc-proxy'
import { grpcServerUrl, serverUrl } from '../helpers/versions'
import { dropClass, freeUrl, readClass, runCli, seedClass, type CliRun, type Seeded } from './fixtures'

const COUNT = 300
let seeded: Seeded
let dir: string
const made: string[] = []

beforeAll(async () => {
  seeded = await seedClass(weaviateUrl(), uniqueClassName('CliGrpcSource'), COUNT, false)
  made.push(seeded.className)
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'weaviate-rx-cli-grpc-'))
})

afterAll(async () => {
  await Promise.all(made.map((c) => dropClass(weaviateUrl(), c)))
  await fs.rm(dir, { recursive: true, force: true })
})

/** A fresh class name, dropped after the file. */
const fresh = (prefix: string): string => {
  const name = uniqueClassName(prefix)
  made.push(name)
  return name
}

/** The object lines of an export, in id order. */
const objectLines = async (file: string): Promise<unknown[]> =>
  (await fs.readFile(file, 'utf8'))
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((l) => JSON.parse(l) as { id: string })
    .sort((a, b) => a.id.localeCompare(b.id))

/** Runs the command and collects the gRPC fallback warnings it emitted (`process.emitWarning` with their code). */
const runWatchingFallback = async (argv: readonly string[]): Promise<{ run: CliRun; fallbacks: string[] }> => {
  const emit = jest.spyOn(process, 'emitWarning')
  try {
    const run = await runCli(argv)
    const fallbacks = emit.mock.calls
      .filter(([, options]) => typeof options === 'object' && (options as { code?: string }).code === GRPC_FALLBACK_WARNING)
      .map(([warning]) => String(warning))
    return { run, fallbacks }
  } finally {
    emit.mockRestore()
  }
}

describe('--transport grpc', () => {
  it('an export then import of a class with vectors gives the same objects and vectors as over REST', async () => {
    const overGrpc = path.join(dir, 'grpc.ndjson')
    const overRest = path.join(dir, 'rest.ndjson')
    const grpc = ['--grpc-url', grpcServerUrl('1.39.0'), '--transport', 'grpc', '--progress', 'none']
    const rest = ['--transport', 'rest', '--progress', 'none']
    // The export reads through a recording proxy, to see its pages come over gRPC.
    const proxy = await startGrpcProxy(grpcServerUrl('1.39.0'))
    try {
      const viaProxy = ['--grpc-url', proxy.url, '--transport', 'grpc', '--progress', 'none']
      expect(await runCli(['export', '--url', weaviateUrl(), '--class', seeded.className, '--with-vector', '--out', overGrpc, ...viaProxy])).toMatchObject({ code: 0 })
      expect(proxy.searches()).toBeGreaterThan(0)
    } finally {
      await proxy.close()
    }
    expect(await runCli(['export', '--url', weaviateUrl(), '--class', seeded.className, '--with-vector', '--out', overRest, ...rest])).toMatchObject({ code: 0 })
    const viaGrpc = fresh('CliGrpcImported')
    const viaRest = fresh('CliRestImported')
    expect(await runCli(['import', '--url', weaviateUrl(), '--class', viaGrpc, '--create-class', overGrpc, ...grpc])).toMatchObject({ code: 0, stdout: '' })
    expect(await runCli(['import', '--url', weaviateUrl(), '--class', viaRest, '--create-class', overRest, ...rest])).toMatchObject({ code: 0, stdout: '' })

    const exported = await objectLines(overGrpc)
    expect(exported).toHaveLength(COUNT)
    expect(exported).toEqual(await objectLines(overRest))
    const source = await readClass(weaviateUrl(), seeded.className)
    expect(source.every((o) => o.vector?.length === 4)).toBe(true)
    expect(await readClass(weaviateUrl(), viaGrpc)).toEqual(source)
    expect(await readClass(weaviateUrl(), viaRest)).toEqual(source)
  })

  it('against a server without gRPC (1.18.6) fails with a connection error naming the gRPC address, instead of falling back to REST', async () => {
    const old = serverUrl('1.18.6')
    const oldClass = uniqueClassName('CliGrpcOld')
    await seedClass(old, oldClass, 5, false)
    try {
      const noGrpc = await freeUrl()
      const run = await runCli(['export', '--url', old, '--class', oldClass, '--grpc-url', noGrpc, '--transport', 'grpc', '--progress', 'none', '--timeout', '5'])
      expect(run.code).toBe(1)
      // The summary line, then the failure's one line.
      const failure = run.stderr.trimEnd().split('\n').at(-1)
      expect(failure).toMatch(/^weaviate-rx: .*connection error/)
      expect(failure).toContain(noGrpc)
    } finally {
      await dropClass(old, oldClass)
    }
  })
})

describe('--transport auto', () => {
  it('with the server\'s --grpc-url writes over gRPC: no fallback warning, the same objects', async () => {
    const file = path.join(dir, 'auto.ndjson')
    expect((await runCli(['export', '--url', weaviateUrl(), '--class', seeded.className, '--with-vector', '--out', file, '--progress', 'none'])).code).toBe(0)
    const target = fresh('CliAutoImported')
    const { run, fallbacks } = await runWatchingFallback(['import', '--url', weaviateUrl(), '--grpc-url', grpcServerUrl('1.39.0'), '--class', target, '--create-class', file, '--progress', 'none'])
    expect(run).toMatchObject({ code: 0, stdout: '' })
    expect(fallbacks).toEqual([])
    expect(await readClass(weaviateUrl(), target)).toEqual(await readClass(weaviateUrl(), seeded.className))
  })

  it('with a --grpc-url where nothing answers writes over REST with one fallback warning naming that address', async () => {
    const file = path.join(dir, 'auto-fallback.ndjson')
    expect((await runCli(['export', '--url', weaviateUrl(), '--class', seeded.className, '--with-vector', '--out', file, '--progress', 'none'])).code).toBe(0)
    const noGrpc = await freeUrl()
    const target = fresh('CliAutoFallback')
    const { run, fallbacks } = await runWatchingFallback(['import', '--url', weaviateUrl(), '--grpc-url', noGrpc, '--class', target, '--create-class', file, '--progress', 'none'])
    expect(run).toMatchObject({ code: 0, stdout: '' })
    expect(fallbacks).toHaveLength(1)
    expect(fallbacks[0]).toContain(noGrpc)
    expect(await readClass(weaviateUrl(), target)).toHaveLength(COUNT)
  })
})

describe('copy', () => {
  it('reads through --from-grpc-url and writes through --to-grpc-url with --transport grpc, giving the same objects', async () => {
    const target = fresh('CliGrpcCopied')
    const proxy = await startGrpcProxy(grpcServerUrl('1.39.0'))
    try {
      const sides = ['--from', weaviateUrl(), '--from-grpc-url', proxy.url, '--to', weaviateUrl(), '--to-grpc-url', grpcServerUrl('1.39.0')]
      const run = await runCli(['copy', ...sides, '--transport', 'grpc', '--class', seeded.className, '--to-class', target, '--progress', 'none'])
      expect(run).toMatchObject({ code: 0, stdout: '' })
      expect(proxy.searches()).toBeGreaterThan(0)
    } finally {
      await proxy.close()
    }
    expect(await readClass(weaviateUrl(), target)).toEqual(await readClass(weaviateUrl(), seeded.className))
  })
})
