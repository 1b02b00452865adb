/**
 * OIDC sign-in against a real OpenID provider (`oidc-provider` 9, spec/slow/programs/oidc-provider.mjs)
 * and a real Weaviate 1.39 started with `AUTHENTICATION_OIDC_*` pointing at it, anonymous access
 * off. The provider is ESM-only, which jest's CommonJS sandbox cannot load in this process, so it
 * runs as a child `node` process started here; it must be up before the server, which reads its
 * keys at startup, so both start in this file.
 *
 * Access tokens live 5 seconds: the refresh test runs 30 seconds, six lifetimes, with a paced
 * batch and a paced stream over each transport at once (the gRPC batch with the default method,
 * one `BatchStream` the client must reopen with each next token, the check).
 */
import { ChildProcess, spawn } from 'node:child_process'
import * as path from 'node:path'
import { createInterface } from 'node:readline'
import { setTimeout as sleep } from 'node:timers/promises'
import * as E from 'fp-ts/Either'
import { concatMap, delay, interval, lastValueFrom, map, of, range, take, toArray } from 'rxjs'
import { BatchObject, Client, ConnectOptions, OidcAuth, WeaviateError, connect } from '../../lib'
import { startEmbedded, type EmbeddedWeaviate } from '../../lib/embedded'
import { quietLog, retryOnPortClash } from '../helpers/embedded-fixtures'
import { guardAgainstLeaks, uniqueClassName } from '../helpers/server'

const TTL_S = 5
/** Objects the paced streams read. */
const SEEDS = 200
const USER = 'ada'
const PASSWORD = 'lovelace'
const Note = uniqueClassName('OidcNote')

const leaks = guardAgainstLeaks()
let provider: ChildProcess | undefined
let releaseProvider: () => void = () => undefined
let issuer = ''
const issued: string[] = []
let server: EmbeddedWeaviate | undefined
let release: () => void = () => undefined
const clients: Client[] = []

const started = (): EmbeddedWeaviate => {
  if (server === undefined) throw new Error('the server did not start')
  return server
}

/** Starts the provider and resolves with its issuer (its first stdout line); later lines are issued tokens. */
const startProvider = (): Promise<string> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(__dirname, 'programs', 'oidc-provider.mjs')], {
      env: { ...process.env, OIDC_TTL_S: String(TTL_S), OIDC_USER: USER, OIDC_PASSWORD: PASSWORD },
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    provider = child
    // Kept running for the whole file, like the server (released once it has exited).
    if (child.pid !== undefined) releaseProvider = leaks.allow({ pid: child.pid, dataDir: '' })
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`the OIDC provider exited (${code})`)))
    const stdout = child.stdout
    if (stdout === null) return reject(new Error('no stdout'))
    createInterface({ input: stdout }).on('line', (line) => {
      // oidc-provider's own warnings go to stdout too: the program's lines are the JSON ones.
      if (!line.startsWith('{')) return
      const message = JSON.parse(line) as { issuer?: string; issued?: string }
      if (message.issuer !== undefined) resolve(message.issuer)
      if (message.issued !== undefined) issued.push(message.issued)
    })
  })

const client = (auth: OidcAuth | undefined, more: Partial<ConnectOptions> = {}): Client => {
  const made = connect({ ...started().connection, retry: false, ...(auth === undefined ? {} : { auth }), ...more })
  clients.push(made)
  return made
}

const CREDENTIALS: OidcAuth = { kind: 'clientCredentials', clientSecret: 'weaviate-secret' }
const PASSWORD_AUTH: OidcAuth = { kind: 'password', username: USER, password: PASSWORD, clientId: 'weaviate-public' }

/** Tokens from the provider's password grant, as an application that signed in elsewhere holds them. */
const passwordTokens = async (): Promise<{ access_token: string; refresh_token: string; expires_in: number }> => {
  const response = await fetch(`${issuer}/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', client_id: 'weaviate-public', username: USER, password: PASSWORD }),
  })
  if (!response.ok) throw new Error(`password grant: ${response.status}`)
  return (await response.json()) as { access_token: string; refresh_token: string; expires_in: number }
}

const revoke = async (token: string): Promise<void> => {
  const response = await fetch(`${issuer}/token/revocation`, {
    method: 'POST',
    body: new URLSearchParams({ client_id: 'weaviate-public', token, token_type_hint: 'refresh_token' }),
  })
  if (!response.ok) throw new Error(`revocation: ${response.status}`)
}

const right = async <A>(op: Parameters<typeof lastValueFrom<E.Either<WeaviateError, A>>>[0]): Promise<A> => {
  const r = await lastValueFrom(op)
  if (E.isLeft(r)) throw r.left
  return r.right
}

/** Writes one object over REST, reads it back over REST and finds it over gRPC. */
const writeAndRead = async (c: Client, text: string): Promise<void> => {
  const uuid = await right(c.objects.create({ className: Note, dataObject: { text } }))
  const read = await right(c.objects.getById({ className: Note, uuid }))
  expect(read?.properties).toEqual({ text })
  const found = await right(c.query.fetchObjects({ className: Note, where: { path: ['text'], operator: 'Equal', valueText: text }, transport: 'grpc' }))
  expect(found.objects.map((o) => o.id)).toEqual([uuid])
}

beforeAll(async () => {
  issuer = await startProvider()
  server = await retryOnPortClash(() =>
    // The `oidc` option: AUTHENTICATION_OIDC_ENABLED, _ISSUER, _CLIENT_ID, _USERNAME_CLAIM=sub and
    // anonymous access off.
    startEmbedded({ log: quietLog, oidc: { issuer, clientId: 'weaviate' } }),
  )
  release = leaks.allow({ pid: started().pid, dataDir: started().dataDir })
  await right(client(CREDENTIALS).schema.createClass({ class: Note, vectorizer: 'none', properties: [{ name: 'text', dataType: ['text'] }] }))
})

describe('OIDC sign-in', () => {
  // Inside the describe: the server stops before the leak guard's own afterAll looks.
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()))
    await server?.stop()
    release()
    const child = provider
    if (child !== undefined && child.exitCode === null) {
      child.removeAllListeners('exit')
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    releaseProvider()
  })

  it('is needed: without a token the server answers 401', async () => {
    const r = await lastValueFrom(client(undefined).schema.get())
    expect(E.isLeft(r) && r.left._tag === 'UnexpectedStatusError' && r.left.status).toBe(401)
  })

  it('signs in with client credentials and reads and writes over REST and gRPC', async () => {
    await writeAndRead(client(CREDENTIALS), 'client credentials')
  })

  it('signs in with a username and password and reads and writes over REST and gRPC', async () => {
    await writeAndRead(client(PASSWORD_AUTH), 'password')
  })

  it('signs in with a bearer token and its refresh token and reads and writes over REST and gRPC', async () => {
    const tokens = await passwordTokens()
    await writeAndRead(client({ kind: 'bearerToken', accessToken: tokens.access_token, refreshToken: tokens.refresh_token, expiresIn: tokens.expires_in, clientId: 'weaviate-public' }), 'bearer')
  })

  it('gives a SignInError, without retrying, when the provider refuses the credentials', async () => {
    const r = await lastValueFrom(client({ kind: 'clientCredentials', clientSecret: 'wrong' }).schema.get())
    expect(E.isLeft(r) && r.left._tag === 'SignInError' && [r.left.step, r.left.error]).toEqual(['token', 'invalid_client'])
  })

  it.each([
    ['client credentials', CREDENTIALS],
    ['a password with its refresh token', PASSWORD_AUTH],
  ])('with %s, a batch and a stream over REST and over gRPC keep working across several token lifetimes', async (_, auth) => {
    const c = client(auth)
    // A class of its own for each run: afterwards it holds exactly the objects the batches wrote.
    const Paced = uniqueClassName('OidcPaced')
    await right(c.schema.createClass({ class: Paced, vectorizer: 'none', properties: [{ name: 'text', dataType: ['text'] }] }))
    // What the streams read: 200 objects, one every 150 ms, are 30 s of reading.
    const seeded = await lastValueFrom(c.objects.batch(range(0, SEEDS).pipe(map((n): BatchObject => ({ className: Paced, dataObject: { text: `seed ${n}` } }))), { transport: 'rest' }).pipe(toArray()))
    expect(seeded.filter(E.isLeft)).toEqual([])
    const before = issued.length
    // 30 s: six 5-second token lifetimes. Each batch writes one object every 250 ms in messages of
    // two; over gRPC with the default method, which on 1.39 is one BatchStream for the whole run
    // (Weaviate checks the token it opened with as it writes each message, so it must be reopened
    // with each next token). Each stream reads the class one object per page, an object every 150 ms.
    const batch = (transport: 'rest' | 'grpc') =>
      lastValueFrom(
        c.objects
          .batch(
            interval(250).pipe(
              take(120),
              map((n): BatchObject => ({ className: Paced, dataObject: { text: `${transport} ${n}` } })),
            ),
            { batchSize: 2, transport },
          )
          .pipe(toArray()),
      )
    const stream = (transport: 'rest' | 'grpc') =>
      lastValueFrom(
        c.objects.stream({ className: Paced, pageSize: 1, transport }).pipe(
          concatMap((o) => of(o).pipe(delay(150))),
          take(SEEDS),
          toArray(),
        ),
      )
    const [grpcBatch, restBatch, grpcStream, restStream] = await Promise.all([batch('grpc'), batch('rest'), stream('grpc'), stream('rest')])
    for (const written of [grpcBatch, restBatch]) {
      expect(written.filter(E.isLeft)).toEqual([])
      expect(written).toHaveLength(120)
    }
    for (const read of [grpcStream, restStream]) {
      expect(read.filter(E.isLeft)).toEqual([])
      expect(read).toHaveLength(SEEDS)
    }
    // Nothing lost or written twice: the class holds the seeds and each batch object once.
    const uuids = [...grpcBatch, ...restBatch].flatMap((r) => (E.isRight(r) ? [r.right.uuid] : []))
    const stored = await right(c.objects.stream({ className: Paced, pageSize: 100 }).pipe(toArray()).pipe(map((rs) => E.sequenceArray(rs))))
    expect(stored.map((o) => o.id).filter((id) => id !== undefined && uuids.includes(id)).sort()).toEqual([...uuids].sort())
    expect(stored).toHaveLength(uuids.length + SEEDS)
    // Several refreshes happened during the run (a token at half-life: about one every 2.5 s).
    expect(issued.length - before).toBeGreaterThanOrEqual(6)
  })

  it('gives a RefreshTokenRejectedError for a revoked refresh token, and the same at once afterwards', async () => {
    const tokens = await passwordTokens()
    await revoke(tokens.refresh_token)
    // Told the access token lives 1 s, the client must refresh it for a call after that second.
    const c = client({ kind: 'bearerToken', accessToken: tokens.access_token, refreshToken: tokens.refresh_token, expiresIn: 1, clientId: 'weaviate-public' })
    await sleep(1_000)
    const first = await lastValueFrom(c.schema.get())
    const second = await lastValueFrom(c.query.fetchObjects({ className: Note, transport: 'grpc' }))
    expect(E.isLeft(first) && first.left._tag).toBe('RefreshTokenRejectedError')
    expect(E.isLeft(second) && second.left).toBe(E.isLeft(first) && first.left)
  })
})
