/**
 * The embedded server against the real weaviate-server binary: starting, stopping, restarting on a
 * kept data dir, the environment it gets, where the binary comes from (given, built, downloaded)
 * and how each failure is reported. Servers start in a few seconds; each one here proves a
 * behaviour no cheaper test can.
 */
import { spawn } from 'node:child_process'
import { createReadStream, createWriteStream, promises as fs } from 'node:fs'
import * as http from 'node:http'
import * as net from 'node:net'
import * as os from 'node:os'
import * as path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { inspect } from 'node:util'
import { createGzip } from 'node:zlib'
import { request } from 'undici'
import { EmbeddedError, resolveBinary, startEmbedded, type EmbeddedWeaviate, type LogSink } from '../lib/embedded'
import { cachedBinaryPath } from '../lib/embedded/binary/cache'
import { expandUrl } from '../lib/embedded/binary/download'
import { PROTECTED_ENV, serverEnv, type ServerIdentity } from '../lib/embedded/process/env'
import { planAuth, type AuthMode } from '../lib/embedded/auth/server-auth'
import { allocateServerPorts } from '../lib/embedded/process/ports'
import { createClass, deleteClass } from './helpers/fixtures'
import { guardAgainstLeaks, isAlive, uniqueClassName } from './helpers/server'

const START_TIMEOUT = 120_000

/** A log sink that keeps progress lines instead of printing them. */
const quietLog = (): LogSink & { readonly lines: string[] } => {
  const lines: string[] = []
  return { lines, write: (text: string) => lines.push(text) }
}

const exists = (file: string): Promise<boolean> =>
  fs.access(file).then(
    () => true,
    () => false,
  )

/** The `authorization` header of a started server's key. */
const bearer = (server: EmbeddedWeaviate): Record<string, string> =>
  server.connection.apiKey === undefined ? {} : { authorization: `Bearer ${server.connection.apiKey}` }

const get = async (url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> => {
  const response = await request(url, { headers })
  return { status: response.statusCode, body: await response.body.text() }
}

const leaks = guardAgainstLeaks()

/** Temp dirs made by a test (outside the guarded scratch dir), removed after it. */
const ORIGINAL_TMP = os.tmpdir()
const tempDirs: string[] = []
const makeTempDir = async (prefix: string): Promise<string> => {
  const dir = await fs.mkdtemp(path.join(ORIGINAL_TMP, `weaviate-rx-spec-${prefix}-`))
  tempDirs.push(dir)
  return dir
}

afterEach(async () => {
  await Promise.all(tempDirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })))
})

/** The real binary the other tests use as raw material. */
const realBinary = (): Promise<string> => resolveBinary({ log: quietLog() })

/** A loopback HTTP server with a fixed handler that counts requests. */
const serve = async (
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => void,
): Promise<{ url: string; paths: string[]; close: () => Promise<void> }> => {
  const paths: string[] = []
  const server = http.createServer((req, res) => {
    paths.push(req.url ?? '')
    handler(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address() as net.AddressInfo
  return {
    url: `http://127.0.0.1:${address.port}`,
    paths,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Runs `body` with WEAVIATE_BIN and WEAVIATE_RX_CACHE unset, restoring them afterwards. */
const withoutBinaryEnv = async <A>(body: () => Promise<A>): Promise<A> => {
  const saved = { bin: process.env['WEAVIATE_BIN'], cache: process.env['WEAVIATE_RX_CACHE'] }
  delete process.env['WEAVIATE_BIN']
  delete process.env['WEAVIATE_RX_CACHE']
  try {
    return await body()
  } finally {
    if (saved.bin !== undefined) process.env['WEAVIATE_BIN'] = saved.bin
    if (saved.cache !== undefined) process.env['WEAVIATE_RX_CACHE'] = saved.cache
  }
}

const rejection = async (promise: Promise<unknown>): Promise<EmbeddedError> => {
  try {
    await promise
  } catch (e) {
    if (e instanceof EmbeddedError) return e
    throw e
  }
  throw new Error('expected a rejection')
}

describe('a started server', () => {
  let server: EmbeddedWeaviate
  let log: ReturnType<typeof quietLog>
  let release = (): void => undefined

  beforeAll(async () => {
    log = quietLog()
    server = await startEmbedded({ log })
    release = leaks.allow(server)
  }, START_TIMEOUT)

  it('refuses a request without its key (401) and answers it with the key', async () => {
    expect((await get(`${server.url}/v1/schema`)).status).toBe(401)
    expect((await get(`${server.url}/v1/schema`, bearer(server))).status).toBe(200)
  })

  it('hands out url, grpcUrl and its key in connection, ready to spread into connect()', () => {
    expect({ ...server.connection }).toEqual({ url: server.url, grpcUrl: `http://127.0.0.1:${server.ports.grpc}`, apiKey: expect.stringMatching(/^[-_0-9A-Za-z]{43}$/) })
    expect(server.grpcUrl).toBe(`http://127.0.0.1:${server.ports.grpc}`)
  })

  it('shows its key redacted when the handle is printed', () => {
    const key = server.connection.apiKey ?? 'no key'
    for (const text of [inspect(server, { depth: 5 }), JSON.stringify(server), String(JSON.stringify(server.connection))]) {
      expect(text).toContain('<redacted>')
      expect(text).not.toContain(key)
    }
  })

  it('keeps its key out of every progress line and server log line; the key lives in the environment of its process', async () => {
    const key = server.connection.apiKey ?? 'no key'
    expect(log.lines.join('\n')).not.toContain(key)
    expect(server.logs().join('\n')).not.toContain(key)
    expect(await fs.readFile(`/proc/${server.pid}/environ`, 'utf8')).toContain(`AUTHENTICATION_APIKEY_ALLOWED_KEYS=${key}`)
  })

  it('warns about nothing: every port beyond loopback needs a credential', () => {
    expect(log.lines.filter((line) => line.includes('warning'))).toEqual([])
  })

  afterAll(async () => {
    await server.stop()
    release()
  })

  it('is ready on a loopback url without /v1', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect((await get(`${server.url}/v1/.well-known/ready`)).status).toBe(200)
  })

  it('reports the version /v1/meta reports, 1.39.0', async () => {
    const meta = JSON.parse((await get(`${server.url}/v1/meta`, bearer(server))).body) as { version: string }
    expect(meta.version).toBe('1.39.0')
    expect(server.version).toBe('1.39.0')
  })

  it('keeps its output to itself and hands it out through logs()', () => {
    expect(server.logs().some((line) => line.includes('"level"'))).toBe(true)
  })
})

it(
  "takes anonymous requests with auth: 'none' and warns once that its gRPC port is open",
  async () => {
    const log = quietLog()
    const server = await startEmbedded({ auth: 'none', log })
    try {
      expect((await get(`${server.url}/v1/schema`)).status).toBe(200)
      expect(server.connection).not.toHaveProperty('apiKey')
      const warnings = log.lines.filter((line) => line.includes('warning'))
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toContain(`gRPC ${server.ports.grpc}`)
    } finally {
      await server.stop()
    }
  },
  START_TIMEOUT,
)

describe('stop()', () => {
  let server: EmbeddedWeaviate

  beforeAll(async () => {
    server = await startEmbedded({ log: quietLog() })
    await server.stop()
  }, START_TIMEOUT)

  it('ends the server process', () => {
    expect(isAlive(server.pid)).toBe(false)
  })

  it('removes the temp data dir', async () => {
    expect(await exists(server.dataDir)).toBe(false)
  })

  it('can be called again', async () => {
    await expect(server.stop()).resolves.toBeUndefined()
  })
})

it(
  'restarts on a given dataDir with its data, and never removes that dir',
  async () => {
    const dataDir = await makeTempDir('data')
    const className = uniqueClassName('Kept')
    const first = await startEmbedded({ dataDir, log: quietLog() })
    try {
      await createClass(first.connection, { class: className, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] })
    } finally {
      await first.stop()
    }
    expect(await exists(path.join(dataDir, 'raft'))).toBe(true)

    const second = await startEmbedded({ dataDir, log: quietLog() })
    try {
      expect((await get(`${second.url}/v1/schema/${className}`, bearer(second))).status).toBe(200)
      await deleteClass(second.connection, className)
    } finally {
      await second.stop()
    }
    expect(await exists(dataDir)).toBe(true)
  },
  START_TIMEOUT,
)

it(
  'passes options.env to the server: API-key auth turned on',
  async () => {
    const server = await startEmbedded({
      log: quietLog(),
      env: {
        AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED: 'false',
        AUTHENTICATION_APIKEY_ENABLED: 'true',
        AUTHENTICATION_APIKEY_ALLOWED_KEYS: 'secret-key',
        AUTHENTICATION_APIKEY_USERS: 'tester',
      },
    })
    try {
      expect((await get(`${server.url}/v1/meta`)).status).toBe(401)
      expect((await get(`${server.url}/v1/meta`, { authorization: 'Bearer secret-key' })).status).toBe(200)
      expect(server.version).toBe('1.39.0')
    } finally {
      await server.stop()
    }
  },
  START_TIMEOUT,
)

it('rejects options.env that tries to change a never-optional setting', async () => {
  const error = await rejection(startEmbedded({ log: quietLog(), env: { DISABLE_TELEMETRY: 'false' } }))
  expect(error.reason).toBe('InvalidOptions')
  expect(error.message).toContain('DISABLE_TELEMETRY')
})

it(
  'rejects a REST port that is already taken, naming the port',
  async () => {
    const blocker = net.createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const { port } = blocker.address() as net.AddressInfo
    try {
      const error = await rejection(startEmbedded({ port, log: quietLog() }))
      expect(error.reason).toBe('PortInUse')
      expect(error.message).toContain(`REST port ${port}`)
      expect(error.message).toContain('already in use')
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()))
    }
  },
  START_TIMEOUT,
)

describe('the server environment', () => {
  const identity = (): ServerIdentity => ({
    hostname: 'node0',
    dataDir: '/tmp/data',
    ports: { rest: 1, grpc: 2, gossip: 3, data: 4, raft: 5, raftInternalRpc: 6 },
    bootstrapExpect: 1,
    raftJoin: 'node0:5',
  })

  const plan = (version: string, extraEnv?: Record<string, string>, mode: AuthMode = 'apiKey') => planAuth({ mode, version, extraEnv })

  it('turns API-key auth on with a fresh random key per start and anonymous access off (1.18.0 and later)', () => {
    const [first, second] = [plan('1.18.6'), plan('1.39.0')]
    expect(first.apiKey).toMatch(/^[-_0-9A-Za-z]{43}$/)
    expect(second.apiKey).not.toBe(first.apiKey)
    expect(serverEnv({}, undefined, identity(), second.env)).toMatchObject({
      AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED: 'false',
      AUTHENTICATION_APIKEY_ENABLED: 'true',
      AUTHENTICATION_APIKEY_ALLOWED_KEYS: second.apiKey,
      AUTHENTICATION_APIKEY_USERS: 'embedded-admin',
    })
  })

  it('gives the internal cluster API random credentials from 1.21.2 on', () => {
    const { env } = plan('1.39.0', undefined, 'none')
    expect(env['CLUSTER_BASIC_AUTH_PASSWORD']).toMatch(/^[-_0-9A-Za-z]{43}$/)
    expect(env['CLUSTER_BASIC_AUTH_USERNAME']).toMatch(/^cluster-/)
    expect(Object.keys(plan('1.21.1').env).filter((k) => k.startsWith('CLUSTER_BASIC_AUTH_'))).toEqual([])
  })

  it('takes anonymous requests on versions without API keys (before 1.18.0)', () => {
    expect(plan('1.17.6')).toEqual({ scheme: 'anonymous', apiKey: undefined, env: { AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED: 'true' } })
  })

  it("turns anonymous access on with auth: 'none'", () => {
    expect(plan('1.39.0', undefined, 'none')).toMatchObject({ apiKey: undefined, env: { AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED: 'true' } })
  })

  it('leaves authentication to an options.env that sets AUTHENTICATION_* and carries its first key', () => {
    const auth = plan('1.39.0', { AUTHENTICATION_APIKEY_ENABLED: 'true', AUTHENTICATION_APIKEY_ALLOWED_KEYS: 'k1,k2' })
    expect(auth.apiKey).toBe('k1')
    expect(Object.keys(auth.env).filter((k) => k.startsWith('AUTHENTICATION_'))).toEqual([])
  })

  it("rejects auth: 'none' together with AUTHENTICATION_* in options.env", () => {
    expect(() => plan('1.39.0', { AUTHENTICATION_APIKEY_ENABLED: 'true' }, 'none')).toThrow(EmbeddedError)
  })

  it('rejects an unknown auth mode', () => {
    expect(() => plan('1.39.0', undefined, 'open' as AuthMode)).toThrow("auth must be 'apiKey' or 'none'")
  })

  it('never inherits authentication settings from the parent', () => {
    const parent = { AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED: 'true', AUTHORIZATION_ADMINLIST_ENABLED: 'true', CLUSTER_BASIC_AUTH_USERNAME: 'x' }
    const env = serverEnv(parent, undefined, identity(), plan('1.18.6').env)
    expect(env['AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED']).toBe('false')
    expect(env['AUTHORIZATION_ADMINLIST_ENABLED']).toBeUndefined()
    expect(env['CLUSTER_BASIC_AUTH_USERNAME']).toBeUndefined()
  })

  it('keeps an explicit anonymous setting of the caller', () => {
    const extra = { AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED: 'false' }
    expect(serverEnv({}, extra, identity(), plan('1.39.0', extra).env)['AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED']).toBe('false')
  })

  it('drops HOST and PORT inherited from the parent', () => {
    const env = serverEnv({ HOST: '0.0.0.0', PORT: '80', KEEP: 'me' }, undefined, identity(), {})
    expect(env['HOST']).toBeUndefined()
    expect(env['PORT']).toBeUndefined()
    expect(env['KEEP']).toBe('me')
  })

  it('keeps the server offline and on loopback whatever the parent says', () => {
    const env = serverEnv(
      { DISABLE_TELEMETRY: 'false', CLUSTER_BIND_ADDR: '0.0.0.0', GO_PROFILING_DISABLE: 'false' },
      undefined,
      identity(),
      {},
    )
    expect(env).toMatchObject({
      DISABLE_TELEMETRY: 'true',
      GO_PROFILING_DISABLE: 'true',
      CLUSTER_IN_LOCALHOST: 'true',
      CLUSTER_BIND_ADDR: '127.0.0.1',
      PROMETHEUS_MONITORING_ENABLED: 'false',
    })
  })

  it('takes ports, data path and identity from the node', () => {
    expect(serverEnv({}, undefined, identity(), {})).toMatchObject({
      PERSISTENCE_DATA_PATH: '/tmp/data',
      CLUSTER_HOSTNAME: 'node0',
      GRPC_PORT: '2',
      CLUSTER_GOSSIP_BIND_PORT: '3',
      CLUSTER_DATA_BIND_PORT: '4',
      RAFT_PORT: '5',
      RAFT_INTERNAL_RPC_PORT: '6',
      RAFT_BOOTSTRAP_EXPECT: '1',
      RAFT_JOIN: 'node0:5',
    })
  })

  it('lets options.env change a default', () => {
    const env = serverEnv({}, { AUTOSCHEMA_ENABLED: 'false', QUERY_DEFAULTS_LIMIT: '7' }, identity(), {})
    expect(env).toMatchObject({ AUTOSCHEMA_ENABLED: 'false', QUERY_DEFAULTS_LIMIT: '7', DEFAULT_VECTORIZER_MODULE: 'none' })
  })

  it('refuses every protected name in options.env', () => {
    for (const key of PROTECTED_ENV) {
      expect(() => serverEnv({}, { [key]: 'x' }, identity(), {})).toThrow(key)
    }
  })

  it('gets distinct free ports, with the raft RPC port right after the raft port', async () => {
    const nodes = await allocateServerPorts(3)
    const all = nodes.flatMap((p) => [p.rest, p.grpc, p.gossip, p.data, p.raft, p.raftInternalRpc])
    expect(new Set(all).size).toBe(all.length)
    for (const p of nodes) {
      expect(p.raftInternalRpc).toBe(p.raft + 1)
      expect(p.data).toBe(p.gossip + 1)
    }
  })
})

describe('finding the binary', () => {
  it('rejects options.binary that does not exist, naming it', async () => {
    const error = await rejection(startEmbedded({ binary: '/nonexistent', log: quietLog() }))
    expect(error.reason).toBe('BinaryInvalid')
    expect(error.message).toContain('/nonexistent')
    expect(error.message).toContain('does not exist')
  })

  it('rejects WEAVIATE_BIN that does not exist instead of looking further', async () => {
    const error = await rejection(resolveBinary({ log: quietLog() }, { WEAVIATE_BIN: '/nonexistent/weaviate' }))
    expect(error.reason).toBe('BinaryInvalid')
    expect(error.message).toContain('env WEAVIATE_BIN')
  })

  it('rejects a binary that is not executable', async () => {
    const file = path.join(await makeTempDir('noexec'), 'weaviate-server')
    await fs.writeFile(file, '#!/bin/sh\n', { mode: 0o644 })
    const error = await rejection(startEmbedded({ binary: file, log: quietLog() }))
    expect(error.reason).toBe('BinaryInvalid')
    expect(error.message).toContain('not executable')
  })

  it('rejects with the output of a binary that exits before it is ready', async () => {
    const file = path.join(await makeTempDir('exit1'), 'weaviate-server')
    await fs.writeFile(file, '#!/bin/sh\necho "boom: invalid configuration" >&2\nexit 1\n', { mode: 0o755 })
    const error = await rejection(startEmbedded({ binary: file, log: quietLog() }))
    expect(error.reason).toBe('StartFailed')
    expect(error.message).toContain('exited with code 1')
    expect(error.message).toContain('boom: invalid configuration')
  })

  /**
   * A fake `go` on a search path: `mod download -json` names a fake module dir (or fails with
   * `error`), `build ... -o OUT` writes `binary` to OUT; each call is recorded (the -o path elided).
   */
  const fakeGo = async (binary: string, options: { readonly error?: string; readonly buildDelay?: number } = {}) => {
    const fakeBin = await makeTempDir('fakego')
    const record = path.join(fakeBin, 'record')
    const moduleDir = path.join(fakeBin, 'module')
    await fs.mkdir(path.join(moduleDir, 'cmd', 'weaviate-server'), { recursive: true })
    const answer = options.error === undefined ? `{"Path":"m","Dir":"${moduleDir}"}` : `{"Path":"m","Error":"${options.error}"}`
    await fs.writeFile(
      path.join(fakeBin, 'go'),
      [
        '#!/bin/sh',
        'case "$1" in',
        `  mod) echo "$1 $2 $3 $4 CGO_ENABLED=$CGO_ENABLED" >> ${record}; echo '${answer}'; ${options.error === undefined ? 'exit 0' : 'exit 1'} ;;`,
        `  build) echo "$1 $2 $3 <out> $5 CGO_ENABLED=$CGO_ENABLED in $(basename "$PWD")" >> ${record}; sleep ${options.buildDelay ?? 0}; printf '${binary}' > "$4" ;;`,
        'esac',
        '',
      ].join('\n'),
      { mode: 0o755 },
    )
    return { fakeBin, record }
  }

  it('builds from the downloaded module with `CGO_ENABLED=0 go build` into the cache when no binary is found', async () => {
    const real = await realBinary()
    const { fakeBin, record } = await fakeGo(`#!/bin/sh\\nexec ${real} "$@"\\n`)
    const cacheDir = await makeTempDir('cache')
    const binary = await withoutBinaryEnv(() => resolveBinary({ cacheDir, searchPath: fakeBin, log: quietLog() }))
    expect(binary).toBe(cachedBinaryPath(cacheDir, '1.39.0'))
    expect(await fs.readFile(record, 'utf8')).toBe(
      'mod download -json github.com/weaviate/weaviate@v1.39.0 CGO_ENABLED=0\n' +
        'build -ldflags=-checklinkname=0 -o <out> ./cmd/weaviate-server CGO_ENABLED=0 in src\n',
    )
  })

  it('builds an old version from the old module path through the same steps', async () => {
    const { fakeBin, record } = await fakeGo('#!/bin/sh\\n')
    const cacheDir = await makeTempDir('cache')
    const binary = await withoutBinaryEnv(() => resolveBinary({ version: '1.13.2', cacheDir, searchPath: fakeBin, log: quietLog() }))
    expect(binary).toBe(cachedBinaryPath(cacheDir, '1.13.2'))
    expect(await fs.readFile(record, 'utf8')).toBe(
      'mod download -json github.com/semi-technologies/weaviate@v1.13.2 CGO_ENABLED=0\n' +
        'build -ldflags=-checklinkname=0 -o <out> ./cmd/weaviate-server CGO_ENABLED=0 in src\n',
    )
  })

  it('says which version cannot be had and what go answered, and leaves nothing in the cache', async () => {
    const { fakeBin } = await fakeGo('', { error: 'github.com/weaviate/weaviate@v1.0.99: invalid version: unknown revision v1.0.99' })
    const cacheDir = await makeTempDir('cache')
    const error = await withoutBinaryEnv(() =>
      rejection(startEmbedded({ version: '1.0.99', cacheDir, searchPath: fakeBin, downloadUrl: 'http://127.0.0.1:9/none', log: quietLog() })),
    )
    expect(error.reason).toBe('BinaryNotFound')
    expect(error.message).toContain('No weaviate-server binary for Weaviate 1.0.99')
    expect(error.message).toContain('unknown revision v1.0.99')
    expect(await fs.readdir(path.join(cacheDir, 'bin'))).toEqual([])
  })

  it('builds once when two callers need the same binary at the same time', async () => {
    const { fakeBin, record } = await fakeGo('#!/bin/sh\\n', { buildDelay: 1 })
    const cacheDir = await makeTempDir('cache')
    const [a, b] = await withoutBinaryEnv(() =>
      Promise.all([
        resolveBinary({ cacheDir, searchPath: fakeBin, log: quietLog() }),
        resolveBinary({ cacheDir, searchPath: fakeBin, log: quietLog() }),
      ]),
    )
    expect(a).toBe(b)
    expect((await fs.readFile(record, 'utf8')).split('\n').filter((line) => line.startsWith('build'))).toHaveLength(1)
  })

  it(
    'starts a server from the downloaded release archive, fetched once',
    async () => {
      const real = await realBinary()
      const work = await makeTempDir('archive')
      await fs.symlink(real, path.join(work, 'weaviate'))
      const archive = path.join(work, 'weaviate.tar.gz')
      // release archives hold a binary named `weaviate`; -h stores the symlink's target, and
      // gzip level 0 keeps the 185 MB binary quick to pack and unpack
      const tar = spawn('tar', ['-chf', '-', '-C', work, 'weaviate'], { stdio: ['ignore', 'pipe', 'inherit'] })
      await pipeline(tar.stdout, createGzip({ level: 0 }), createWriteStream(archive))
      const host = await serve((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/gzip' })
        createReadStream(archive).pipe(res)
      })
      const cacheDir = await makeTempDir('cache')
      const log = quietLog()
      try {
        const server = await withoutBinaryEnv(() =>
          startEmbedded({
            cacheDir,
            build: false,
            searchPath: '',
            downloadUrl: `${host.url}/v{version}/weaviate-v{version}-{os}-{arch}.tar.gz`,
            log,
          }),
        )
        await server.stop()
        expect(server.version).toBe('1.39.0')
        expect(host.paths).toEqual([new URL(expandUrl('/v{version}/weaviate-v{version}-{os}-{arch}.tar.gz', '1.39.0'), host.url).pathname])
        expect(await exists(cachedBinaryPath(cacheDir, '1.39.0'))).toBe(true)
        expect(log.lines.join('')).toContain('downloading weaviate-server 1.39.0')
      } finally {
        await host.close()
      }
    },
    START_TIMEOUT,
  )

  it('names the three ways to supply a binary when finding, building and downloading all fail', async () => {
    const host = await serve((_req, res) => {
      res.writeHead(404)
      res.end('no such release')
    })
    try {
      const cacheDir = await makeTempDir('cache')
      const error = await withoutBinaryEnv(() =>
        rejection(
          startEmbedded({
            cacheDir,
            build: false,
            searchPath: '',
            downloadUrl: `${host.url}/weaviate-v{version}.tar.gz`,
            log: quietLog(),
          }),
        ),
      )
      expect(error.reason).toBe('BinaryNotFound')
      expect(error.message).toContain('options.binary or set WEAVIATE_BIN')
      expect(error.message).toContain('install Go')
      expect(error.message).toContain('options.downloadUrl')
      expect(error.message).toContain(`${host.url}/weaviate-v1.39.0.tar.gz answered 404`)
      expect(await fs.readdir(path.join(cacheDir, 'bin'))).toEqual([])
    } finally {
      await host.close()
    }
  })
})
