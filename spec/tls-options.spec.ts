/**
 * The `tls` option of `connect` is checked once, at `connect` (lib/context/tls.ts): a client
 * certificate without its key, a CA bundle that is no PEM, an IP address as `servername`, an
 * unknown key, or a key that does not belong to its certificate throw at once, before anything is
 * sent. And a client whose API key would travel over plain `http` to another machine warns once
 * (WEAVIATE_RX_TLS001) at `connect`, never for loopback, `https`, or a client without a key.
 * The servers' side of TLS is spec/slow/tls.spec.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { ArgumentValueError, Client, ConnectOptions, TlsOptions, connect, isArgumentValueError } from '../lib'
import { PLAINTEXT_KEY_WARNING } from '../lib/context/plaintext-key'
import { makeRunCertificates, type RunCertificates } from '../lib/embedded/tls/certificates'

let certs: RunCertificates
let dir = ''
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'weaviate-rx-tls-options-'))
  certs = await makeRunCertificates(dir, { server: true, client: true })
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const server = (): NonNullable<RunCertificates['server']> => {
  if (certs.server === undefined) throw new Error('no server certificate')
  return certs.server
}
const client = (): NonNullable<RunCertificates['client']> => {
  if (certs.client === undefined) throw new Error('no client certificate')
  return certs.client
}

const refused = (options: ConnectOptions): ArgumentValueError => {
  try {
    const c = connect(options)
    void c.close()
  } catch (e) {
    if (isArgumentValueError(e)) return e
    throw e
  }
  throw new Error('connect accepted the options')
}

const URL = 'https://127.0.0.1:8443'

describe('connect checks the tls option at once', () => {
  it('accepts a CA, a client certificate with its key and a host name', async () => {
    const c = connect({ url: URL, tls: { ca: certs.ca, cert: client().cert, key: client().key, servername: 'localhost' } })
    await c.close()
  })

  it('accepts several CAs as a list of PEMs and Buffers', async () => {
    const c = connect({ url: URL, tls: { ca: [certs.ca, Buffer.from(certs.ca)] } })
    await c.close()
  })

  it('refuses a client certificate without its key', () => {
    expect(refused({ url: URL, tls: { cert: client().cert } })).toMatchObject({ argument: 'tls.key' })
  })

  it('refuses a CA bundle that is no PEM certificate', () => {
    expect(refused({ url: URL, tls: { ca: 'ca.pem' } }).message).toContain('PEM')
  })

  it('refuses an IP address as servername', () => {
    expect(refused({ url: URL, tls: { servername: '127.0.0.1' } })).toMatchObject({ argument: 'tls.servername' })
  })

  it('refuses a key the option does not have', () => {
    expect(refused({ url: URL, tls: { ca: certs.ca, rejectUnauthorized: false } as TlsOptions })).toMatchObject({ argument: 'rejectUnauthorized' })
  })

  it("refuses a key that is not the certificate's, keeping Node's error as the cause", () => {
    const error = refused({ url: URL, tls: { cert: server().cert, key: client().key } })
    expect(error).toMatchObject({ argument: 'tls' })
    expect(error.cause).toBeDefined()
  })
})

describe('an API key over plain http to another machine', () => {
  const warnings: string[] = []
  let spy: jest.SpyInstance | undefined
  const clients: Client[] = []
  beforeEach(() => {
    warnings.length = 0
    spy = jest.spyOn(process, 'emitWarning').mockImplementation((warning: string | Error, options?: unknown) => {
      const code = typeof options === 'object' && options !== null && 'code' in options ? options.code : undefined
      if (code === PLAINTEXT_KEY_WARNING) warnings.push(String(warning))
    })
  })
  afterEach(async () => {
    spy?.mockRestore()
    await Promise.all(clients.splice(0).map((c) => c.close()))
  })
  const open = (options: ConnectOptions): void => {
    clients.push(connect(options))
  }

  it('warns once at connect, naming the hosts and not the key', () => {
    open({ url: ['http://10.1.2.3:8080', 'http://10.1.2.4:8080'], apiKey: 'secret-key-42' })
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('http://10.1.2.3:8080')
    expect(warnings[0]).toContain('http://10.1.2.4:8080')
    expect(warnings[0]).not.toContain('secret-key-42')
  })

  it('warns for a plain gRPC address beyond loopback behind an https REST URL', () => {
    open({ url: 'https://db.example:443', grpcUrl: 'http://db.example:50051', apiKey: 'k' })
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('http://db.example:50051')
  })

  it("warns for gRPC-Web (grpc: 'web') on a plain http url beyond loopback, naming the url once", () => {
    open({ url: 'http://10.1.2.3:8095', apiKey: 'k', grpc: 'web' })
    expect(warnings).toEqual([expect.stringContaining('http://10.1.2.3:8095')])
  })

  it('warns for the default gRPC-Web carrier of a plain http url beyond loopback without a gRPC address, naming the url once', () => {
    open({ url: 'http://db.example:8095', apiKey: 'k' })
    expect(warnings).toEqual([expect.stringContaining('http://db.example:8095')])
  })

  it.each([
    ['loopback', { url: 'http://127.0.0.1:8080', grpcUrl: 'http://localhost:50051', apiKey: 'k' }],
    ['gRPC-Web on an https url', { url: 'https://db.example:8095', apiKey: 'k', grpc: 'web' }],
    ['https on both transports', { url: 'https://db.example', grpcUrl: 'https://db.example:50051', apiKey: 'k' }],
    ['no key', { url: 'http://10.1.2.3:8080' }],
    ["a plain gRPC address the client never uses (transport: 'rest')", { url: 'https://db.example', grpcUrl: 'http://db.example:50051', apiKey: 'k', transport: 'rest' }],
  ] as const)('does not warn for %s', (_name, options) => {
    open(options)
    expect(warnings).toEqual([])
  })
})
