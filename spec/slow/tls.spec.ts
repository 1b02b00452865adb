/**
 * TLS on both transports against real 1.39 servers, one per configuration: server TLS
 * (`startEmbedded({ tls: true })`: a certificate made for the run by a private CA, on REST and
 * gRPC) and mutual TLS (`tls: { clientCertificates: true }`: REST also requires a client
 * certificate signed by that CA; Weaviate's gRPC asks for none).
 *
 * With the `tls` option of `connect` (the run's CA, the name on the certificate, the client
 * certificate) every operation family works: schema, objects, references, batches over gRPC and
 * over REST, streams and searches over both. Without the CA the server's certificate is untrusted:
 * one `TlsError` that says so, after one attempt (a counting TCP proxy in front of the server sees
 * every connection; on gRPC the calls made on the channel are counted too), on REST and gRPC alike; a `servername` the certificate does
 * not carry is a `TlsError` too. With mutual TLS, a REST client without a client certificate (or
 * with one of another CA) is one `TlsError` after one connection, though the server's alert comes
 * after the handshake (TLS 1.3). The same operations succeed in a child process whose only trust
 * in the CA is `NODE_EXTRA_CA_CERTS` (Node reads it at start, hence the child).
 */
import { spawn } from 'node:child_process'
import { promises as fs } from 'node:fs'
import { AddressInfo, Server, Socket, createConnection, createServer } from 'node:net'
import * as path from 'node:path'
import { Channel } from '@grpc/grpc-js'
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { Client, ConnectOptions, TlsError, WeaviateError, connect, firstRight } from '../../lib'
import { startEmbedded, type EmbeddedOptions, type EmbeddedWeaviate } from '../../lib/embedded'
import { prepareServerTls } from '../../lib/embedded/tls/server-tls'
import { quietLog, retryOnPortClash } from '../helpers/embedded-fixtures'
import { guardAgainstLeaks, uniqueClassName } from '../helpers/server'
import type { ChildReport } from './programs/tls-extra-ca'

const PROGRAM = path.join(__dirname, 'programs', 'tls-extra-ca.ts')
const VECTOR = [0.1, 0.2, 0.3, 0.4]

/** A TCP proxy that counts the connections clients open through it. */
interface CountingProxy {
  /** `127.0.0.1:<port>`. */
  readonly hostPort: string
  connections(): number
  close(): Promise<void>
}

const startCountingProxy = async (upstream: string): Promise<CountingProxy> => {
  const target = new URL(upstream)
  const open = new Set<Socket>()
  let connections = 0
  const server: Server = createServer((client) => {
    connections += 1
    const up = createConnection({ host: target.hostname, port: Number(target.port) })
    open.add(client)
    open.add(up)
    const drop = (): void => {
      client.destroy()
      up.destroy()
      open.delete(client)
      open.delete(up)
    }
    client.on('error', drop).on('close', drop)
    // The server's last bytes (a TLS alert before its close or reset) must reach the client: end
    // the client once they are written; destroying it at once could lose them.
    const finish = (): void => {
      client.end()
      open.delete(up)
    }
    up.on('error', finish).on('close', finish)
    client.pipe(up)
    up.pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    hostPort: `127.0.0.1:${port}`,
    connections: () => connections,
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/** Every emission of an operation. */
const all = <A>(op: import('rxjs').Observable<E.Either<WeaviateError, A>>): Promise<Array<E.Either<WeaviateError, A>>> => lastValueFrom(op.pipe(toArray()))

/** The one Left of an operation that must fail, as a TlsError. */
const tlsFailure = async <A>(op: import('rxjs').Observable<E.Either<WeaviateError, A>>): Promise<TlsError> => {
  const results = await all(op)
  expect(results).toHaveLength(1)
  const [only] = results
  if (only === undefined || E.isRight(only)) throw new Error(`expected a Left, got ${JSON.stringify(only)}`)
  expect(only.left._tag).toBe('TlsError')
  return only.left as TlsError
}

const CONFIGURATIONS: ReadonlyArray<readonly [string, NonNullable<EmbeddedOptions['tls']>]> = [
  ['server TLS', true],
  ['mutual TLS (REST asks for client certificates)', { clientCertificates: true }],
]

describe.each(CONFIGURATIONS)('%s on REST and gRPC (Weaviate 1.39)', (_name, tls) => {
  let server: EmbeddedWeaviate | undefined
  const releases: Array<() => void> = []
  const clients: Client[] = []
  // Declared before the leak guard's own afterAll, which runs after it and checks that the
  // server and its folders are gone.
  afterAll(async () => {
    try {
      await Promise.allSettled(clients.map((c) => c.close()))
    } finally {
      await server?.stop()
      for (const release of releases) release()
    }
  })
  const leaks = guardAgainstLeaks()
  const Article = uniqueClassName('TlsArticle')
  const Author = uniqueClassName('TlsAuthor')

  const started = (): EmbeddedWeaviate => {
    if (server === undefined) throw new Error('the server never started')
    return server
  }

  /** A client of the server with the `tls` option the handle gives (CA, name, client certificate). */
  const client = (transport: 'rest' | 'grpc', extra: Partial<ConnectOptions> = {}): Client => {
    const c = connect({ ...started().connection, transport, serverVersion: '1.39.0', ...extra })
    clients.push(c)
    return c
  }

  beforeAll(async () => {
    const before = new Set(await fs.readdir(process.env['TMPDIR'] ?? ''))
    server = await retryOnPortClash(() => startEmbedded({ log: quietLog, tls }))
    const s = server
    releases.push(leaks.allow({ pid: s.pid, dataDir: s.dataDir }))
    // The certificates' temp folder lives as long as the server.
    for (const name of await fs.readdir(process.env['TMPDIR'] ?? '')) {
      if (!before.has(name) && name.startsWith('weaviate-rx-tls-')) releases.push(leaks.allow({ pid: s.pid, dataDir: name }))
    }
    const c = client('rest')
    await firstRight(c.schema.createClass({ class: Author, vectorizer: 'none', properties: [{ name: 'name', dataType: ['text'] }] }))
    await firstRight(
      c.schema.createClass({
        class: Article,
        vectorizer: 'none',
        properties: [
          { name: 'title', dataType: ['text'] },
          { name: 'writtenBy', dataType: [Author] },
        ],
      }),
    )
  })

  it('serves https on both transports, and the handle carries the CA, the name on the certificate and (mutual TLS) a client certificate', () => {
    const s = started()
    expect(s.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
    expect(s.grpcUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
    expect(s.tls?.ca).toContain('-----BEGIN CERTIFICATE-----')
    expect(s.connection.tls).toMatchObject({ ca: s.tls?.ca, servername: 'localhost' })
    const mutual = tls !== true
    expect(s.tls?.clientCert !== undefined && s.connection.tls?.key !== undefined).toBe(mutual)
  })

  it('schema, objects and references work over REST with the tls option', async () => {
    const c = client('rest')
    const author = await firstRight(c.objects.create({ className: Author, dataObject: { name: 'Ada' } }))
    const article = await firstRight(c.objects.create({ className: Article, dataObject: { title: 'on engines' }, vector: VECTOR }))
    await firstRight(c.references.add({ fromClassName: Article, fromUuid: article, fromPropertyName: 'writtenBy', toClassName: Author, toUuid: author }))
    const read = await firstRight(c.objects.getById({ className: Article, uuid: article }))
    expect(read?.properties).toMatchObject({ title: 'on engines', writtenBy: [{ beacon: `weaviate://localhost/${Author}/${author}` }] })
    const schema = await firstRight(c.schema.getClass(Article))
    expect(schema?.class).toBe(Article)
  })

  it.each(['grpc', 'rest'] as const)('objects.batch over %s writes every object', async (transport) => {
    const c = client(transport)
    const items = Array.from({ length: 50 }, (_, i) => ({ className: Article, dataObject: { title: `${transport} ${i}` }, vector: VECTOR }))
    const results = await all(c.objects.batch(items, { transport }))
    expect(results.filter(E.isLeft)).toEqual([])
    expect(results).toHaveLength(50)
  })

  it.each(['grpc', 'rest'] as const)('objects.stream over %s reads the whole class', async (transport) => {
    const c = client(transport)
    const expected = await firstRight(c.objects.count({ className: Article }))
    const results = await all(c.objects.stream({ className: Article, pageSize: 7 }))
    expect(results.filter(E.isLeft)).toEqual([])
    expect(results).toHaveLength(expected)
    expect(expected).toBeGreaterThan(0)
  })

  it.each(['grpc', 'rest'] as const)('query.nearVector over %s finds the objects', async (transport) => {
    const c = client(transport)
    const result = await firstRight(c.query.nearVector({ className: Article, vector: VECTOR, limit: 3 }))
    expect(result.objects).toHaveLength(3)
  })

  it('an untrusted certificate on REST is one TlsError that says so, after one connection', async () => {
    const proxy = await startCountingProxy(started().url)
    try {
      const { tls: _tls, ...withoutTls } = started().connection
      const c = connect({ ...withoutTls, url: `https://${proxy.hostPort}`, transport: 'rest', serverVersion: '1.39.0', retry: { attempts: 3, baseDelayMs: 1 } })
      clients.push(c)
      const error = await tlsFailure(c.objects.getById({ className: Article, uuid: '00000000-0000-4000-8000-000000000000' }))
      expect(error).toMatchObject({ reason: 'untrusted-certificate', code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' })
      expect(error.message).toContain('not trusted')
      expect(error.cause).toMatchObject({ code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' })
      expect(proxy.connections()).toBe(1)
    } finally {
      await proxy.close()
    }
  })

  it('an untrusted certificate on gRPC is one TlsError that says so, after one attempt', async () => {
    const proxy = await startCountingProxy(started().grpcUrl)
    // Attempts are counted as calls made on the channel: grpc-js holds a failed connection in
    // backoff, so a retry soon after would fail without a new connection for the proxy to see.
    const calls = jest.spyOn(Channel.prototype, 'createCall')
    try {
      const { tls: _tls, ...withoutTls } = started().connection
      const c = connect({ ...withoutTls, grpcUrl: `https://${proxy.hostPort}`, transport: 'grpc', serverVersion: '1.39.0', retry: { attempts: 3, baseDelayMs: 1 } })
      clients.push(c)
      const error = await tlsFailure(c.query.nearVector({ className: Article, vector: VECTOR, limit: 1 }))
      expect(error).toMatchObject({ reason: 'untrusted-certificate', code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' })
      expect(error.url).toContain(proxy.hostPort)
      expect(calls.mock.calls.filter(([method]) => method === '/weaviate.v1.Weaviate/Search')).toHaveLength(1)
      expect(proxy.connections()).toBe(1)
    } finally {
      calls.mockRestore()
      await proxy.close()
    }
  })

  it.each(['rest', 'grpc'] as const)('a servername the certificate does not carry is a TlsError hostname-mismatch over %s', async (transport) => {
    const s = started()
    const c = client(transport, { tls: { ...s.connection.tls, servername: 'not-this-server.example' } })
    const error = await tlsFailure(c.query.nearVector({ className: Article, vector: VECTOR, limit: 1 }))
    expect(error).toMatchObject({ reason: 'hostname-mismatch', code: 'ERR_TLS_CERT_ALTNAME_INVALID' })
  })

  if (tls !== true) {
    // TLS 1.3: the client's side of the handshake is over before the server judges its
    // certificate, so the server's alert arrives after the request was sent.
    it('REST without a client certificate is one TlsError client-certificate-required, after one connection', async () => {
      const proxy = await startCountingProxy(started().url)
      try {
        const { cert: _cert, key: _key, ...withoutCertificate } = started().connection.tls ?? {}
        const c = client('rest', { url: `https://${proxy.hostPort}`, tls: withoutCertificate, retry: { attempts: 3, baseDelayMs: 1 } })
        const error = await tlsFailure(c.schema.getClass(Article))
        expect(error).toMatchObject({ reason: 'client-certificate-required', code: 'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED' })
        expect(error.message).toContain('requires a client certificate')
        expect(proxy.connections()).toBe(1)
      } finally {
        await proxy.close()
      }
    })

    it('REST with a client certificate of another CA is one TlsError client-certificate-rejected, after one connection', async () => {
      const proxy = await startCountingProxy(started().url)
      const foreign = await prepareServerTls({ clientCertificates: true })
      try {
        const { cert, key } = foreign?.client ?? {}
        if (cert === undefined || key === undefined) throw new Error('no client certificate of another CA')
        const c = client('rest', {
          url: `https://${proxy.hostPort}`,
          tls: { ...started().connection.tls, cert, key },
          retry: { attempts: 3, baseDelayMs: 1 },
        })
        const error = await tlsFailure(c.schema.getClass(Article))
        expect(error).toMatchObject({ reason: 'client-certificate-rejected', code: 'ERR_SSL_TLSV1_ALERT_UNKNOWN_CA' })
        expect(proxy.connections()).toBe(1)
      } finally {
        await foreign?.release()
        await proxy.close()
      }
    })
  }

  it('succeeds in a child process that trusts the CA through NODE_EXTRA_CA_CERTS only', async () => {
    const s = started()
    const caFile = path.join(process.env['TMPDIR'] ?? '', `tls-extra-ca-${process.pid}.pem`)
    await fs.writeFile(caFile, s.tls?.ca ?? '')
    try {
      const { ca: _ca, ...clientTls } = s.connection.tls ?? {}
      const input = { url: s.url, grpcUrl: s.grpcUrl, apiKey: s.connection.apiKey, tls: clientTls, className: Article, vector: VECTOR }
      const report = await runChild(input, { NODE_EXTRA_CA_CERTS: caFile })
      expect(report).toEqual({ meta: '1.39.0', restCreated: true, grpcBatch: 5, grpcSearch: 1, restStream: true })
      // and without it the same child fails with the typed error
      const refused = await runChild(input, {})
      expect(refused).toEqual({ error: 'TlsError untrusted-certificate' })
    } finally {
      await fs.rm(caFile, { force: true })
    }
  })
})

/** Runs the child program with `input` on stdin and the extra environment; its one JSON line. */
const runChild = (input: unknown, env: Record<string, string>): Promise<ChildReport> =>
  new Promise((resolve, reject) => {
    const inherited = { ...process.env }
    delete inherited['NODE_EXTRA_CA_CERTS']
    const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', PROGRAM], {
      stdio: ['pipe', 'pipe', 'pipe'],
      // ts-node's v8-compile-cache would leave its cache in TMPDIR, which the leak guard watches
      env: { ...inherited, DISABLE_V8_COMPILE_CACHE: '1', ...env },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
    child.once('exit', (code) => {
      const line = stdout.split('\n').find((l) => l.startsWith('{'))
      if (code === 0 && line !== undefined) resolve(JSON.parse(line) as ChildReport)
      else reject(new Error(`the child ended with ${code}:\n${stdout}\n${stderr}`))
    })
    child.stdin.end(JSON.stringify(input))
  })
