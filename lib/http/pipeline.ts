/**
 * The HttpEffect: the one pipeline every operation sends its requests through.
 *
 * request description → URL and headers → attempt (undici, per-attempt timer) → classification →
 * retry with backoff (idempotent requests, transient failures) → failover across nodes → one
 * response, or a WeaviateError; `run` folds it into an `Either`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { Observable, SchedulerLike, asyncScheduler, defer, map, tap, throwError } from 'rxjs'
import { Dispatcher, Pool } from 'undici'
import { ArgumentValueError, ConnectionError, WeaviateError, isArgumentValueError, isWeaviateError, redactUrl } from '../errors'
import { ObservableEither } from '../observable-either'
import { toEither } from './to-either'
import { AttemptLimit, Target, request } from './request'
import { DEFAULT_RETRY, isNetworkFailure, retryDelay } from './retry'
import { retryWithPolicy } from './retry-loop'
import { HttpRequest, HttpResponse, RetryOptions, TimeoutOptions } from './types'
import { Node, absoluteUrl, parseNodes, pathWithQuery, safeUrl } from './urls'

/**
 * Client-wide HTTP settings.
 *
 * @example
 * ```ts
 * const http = createHttp({ urls: ['http://127.0.0.1:8080'], apiKey: process.env['WEAVIATE_KEY'], retry: { attempts: 5 } })
 * ```
 */
export interface HttpOptions {
  /**
   * Base URLs of the Weaviate nodes, like `http://127.0.0.1:8080`; `/v1` is appended (a trailing
   * `/` or `/v1` is tolerated). Requests go to the current node, starting with the first. When an
   * attempt fails on the network level (a connection error or an attempt timeout), the client moves
   * on to the next URL (round-robin), so a retry goes there; it stays with the node that last
   * answered. Requests that are not idempotent (POST, PATCH without `idempotent: true`) are not
   * retried, so never sent to a second node.
   */
  readonly urls: readonly string[]
  /** Sent as `Authorization: Bearer <key>`; no Authorization header at all when unset or empty. */
  readonly apiKey?: string | undefined
  /** Added to every request except `absoluteUrl` ones. */
  readonly headers?: Readonly<Record<string, string>>
  /** Keep-alive connections per origin. Default 16. */
  readonly connections?: number
  /** An undici Dispatcher to send with (tests, proxies). The client then owns no pool and closes nothing. */
  readonly dispatcher?: Dispatcher
  /** Client-wide retry settings, or `false` for none. */
  readonly retry?: Partial<RetryOptions> | false
  /** Client-wide timeouts. */
  readonly timeout?: Partial<TimeoutOptions>
}

/**
 * Sends {@link HttpRequest}s.
 *
 * @example
 * ```ts
 * const meta$ = http.run({ method: 'GET', path: '/meta', expect: [200] }, (res) => E.right(res.body))
 * ```
 */
export interface HttpEffect {
  /**
   * Cold. On subscribe sends the request (plus retries); emits exactly one HttpResponse then
   * completes, or errors with a WeaviateError (ConnectionError | TimeoutError |
   * UnexpectedStatusError | DecodeError when a 2xx body is not valid JSON | ArgumentValueError
   * for a body JSON cannot hold or an `absoluteUrl` that is not http(s)). Unsubscribing aborts
   * the request in flight and any pending backoff.
   */
  send(req: HttpRequest): Observable<HttpResponse>
  /**
   * send + interpret + fold: the one pipeline every operation uses. `interpret` may return a Left
   * (e.g. DecodeError, AlreadyExistsError).
   */
  run<A>(req: HttpRequest, interpret: (res: HttpResponse) => E.Either<WeaviateError, A>): ObservableEither<WeaviateError, A>
  /** Closes the pools the client owns; idempotent. */
  close(): Promise<void>
}

/**
 * The timeout defaults: 30 s per attempt, 120 s for the whole operation.
 *
 * @example
 * ```ts
 * createHttp({ urls, timeout: { ...DEFAULT_TIMEOUT, attemptMs: 5_000 } })
 * ```
 */
export const DEFAULT_TIMEOUT: TimeoutOptions = Object.freeze({ attemptMs: 30_000, totalMs: 120_000 })

/** Default keep-alive connections per origin. */
const DEFAULT_CONNECTIONS = 16

/**
 * Sends one attempt; replaced in tests to drive the loop with virtual time.
 *
 * @example
 * ```ts
 * const fake: Transport = (target) => of({ method: target.method, url: target.url, status: 200, headers: {}, body: {} })
 * ```
 */
export type Transport = (target: Target, limit: AttemptLimit) => Observable<HttpResponse>

/**
 * Test seams; not part of the public API.
 *
 * @example
 * ```ts
 * testScheduler.run(() => createHttp({ urls }, { scheduler: testScheduler, transport: fake }))
 * ```
 */
export interface HttpInternals {
  /** Schedules backoff and reads the clock for deadlines. Default `asyncScheduler`. */
  readonly scheduler?: SchedulerLike
  /** Sends one attempt. Default {@link request}. */
  readonly transport?: Transport
}

const NO_RETRY: RetryOptions = { ...DEFAULT_RETRY, attempts: 1 }
const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'content-type': 'application/json' })

/**
 * Creates the pipeline. Pools are created lazily, one per origin, and closed by `close()`; with an
 * injected `dispatcher` nothing is owned. Throws an {@link ArgumentValueError} for an empty or
 * malformed URL list or a `connections` that is not a positive integer.
 *
 * @example
 * ```ts
 * const http = createHttp({ urls: ['http://127.0.0.1:8080', 'http://127.0.0.1:8081'] })
 * http.send({ method: 'GET', path: '/meta', expect: [200] }).subscribe((res) => console.log(res.body))
 * await http.close()
 * ```
 */
export const createHttp = (options: HttpOptions, internals: HttpInternals = {}): HttpEffect => {
  const scheduler = internals.scheduler ?? asyncScheduler
  const transport = internals.transport ?? request
  const nodes = parseNodes(options.urls)
  const connections = options.connections ?? DEFAULT_CONNECTIONS
  if (!Number.isInteger(connections) || connections < 1) {
    throw new ArgumentValueError({ argument: 'connections', reason: `'connections' must be a positive integer, got ${connections}` })
  }
  const clientRetry = resolveRetry(DEFAULT_RETRY, options.retry)
  const clientTimeout: TimeoutOptions = { ...DEFAULT_TIMEOUT, ...options.timeout }

  const nodeHeaders: Readonly<Record<string, string>> = Object.freeze({
    ...options.headers,
    ...(options.apiKey !== undefined && options.apiKey !== '' ? { authorization: `Bearer ${options.apiKey}` } : {}),
  })
  const nodeJsonHeaders = Object.freeze({ ...nodeHeaders, ...JSON_HEADERS })

  const pools = new Map<string, Pool>()
  let closed = false
  let closing: Promise<void> | undefined
  const dispatcherFor = (origin: string): Dispatcher => {
    if (options.dispatcher !== undefined) return options.dispatcher
    let pool = pools.get(origin)
    if (pool === undefined) {
      pool = new Pool(origin, {
        connections,
        // Our per-attempt timer governs; undici's own 300 s guards would only race it.
        headersTimeout: 0,
        bodyTimeout: 0,
      })
      pools.set(origin, pool)
    }
    return pool
  }

  /** Index of the node requests go to. */
  let current = 0
  const succeededOn = (index: number): void => {
    current = index
  }
  const failedOn = (index: number, error: unknown): void => {
    if (current === index && isWeaviateError(error) && isNetworkFailure(error)) current = (index + 1) % nodes.length
  }

  const send = (req: HttpRequest): Observable<HttpResponse> =>
    defer(() => {
      const retry = resolveRetry(clientRetry, req.retry)
      const timeout = req.timeout === undefined ? clientTimeout : { ...clientTimeout, ...req.timeout }
      const deadline = scheduler.now() + timeout.totalMs
      const body = req.bodyText ?? serialise(req.body)
      if (isArgumentValueError(body)) return throwError(() => body)
      const limit = (): AttemptLimit => {
        const remaining = deadline - scheduler.now()
        return remaining < timeout.attemptMs
          ? { afterMs: remaining, phase: 'total', timeoutMs: timeout.totalMs }
          : { afterMs: timeout.attemptMs, phase: 'attempt', timeoutMs: timeout.attemptMs }
      }

      let attempt$: Observable<HttpResponse>
      if (req.absoluteUrl !== undefined) {
        const url = absoluteUrl(req.absoluteUrl)
        if (E.isLeft(url)) return throwError(() => url.left)
        const path = pathWithQuery(url.right.pathname + url.right.search, req.query)
        const origin = url.right.origin
        if (closed) return throwError(() => closedError(req, redactUrl(origin + path)))
        const target: Target = {
          dispatcher: dispatcherFor(origin),
          origin,
          path,
          url: redactUrl(origin + path),
          method: req.method,
          headers: body === null ? {} : JSON_HEADERS,
          body,
          expect: req.expect,
        }
        attempt$ = defer(() => transport(target, limit()))
      } else {
        const suffix = pathWithQuery(req.path, req.query)
        const headers = body === null ? nodeHeaders : nodeJsonHeaders
        const targetOn = (node: Node): Target => {
          const path = node.basePath + suffix
          return {
            dispatcher: dispatcherFor(node.origin),
            origin: node.origin,
            path,
            url: safeUrl(node.origin, path),
            method: req.method,
            headers,
            body,
            expect: req.expect,
          }
        }
        if (closed) {
          const node = nodeAt(nodes, current)
          return throwError(() => closedError(req, safeUrl(node.origin, node.basePath + suffix)))
        }
        if (nodes.length === 1) {
          const target = targetOn(nodeAt(nodes, 0))
          attempt$ = defer(() => transport(target, limit()))
        } else {
          attempt$ = defer(() => {
            const used = current
            return transport(targetOn(nodeAt(nodes, used)), limit()).pipe(
              tap({ next: () => succeededOn(used), error: (e: unknown) => failedOn(used, e) }),
            )
          })
        }
      }
      if (retry.attempts <= 1) return attempt$
      return attempt$.pipe(
        retryWithPolicy({
          delay: (error, attempt) => retryDelay({ error, attempt, request: req, options: retry, remainingMs: deadline - scheduler.now() }),
          scheduler,
        }),
      )
    })

  return {
    send,
    run: <A>(req: HttpRequest, interpret: (res: HttpResponse) => E.Either<WeaviateError, A>) =>
      send(req).pipe(toEither(), map(E.chain(interpret))),
    close: () => {
      closed = true
      closing ??= Promise.all([...pools.values()].map((pool) => pool.close())).then(() => undefined)
      return closing
    },
  }
}

/** Client settings overridden by per-call ones; `false` means a single attempt. */
const resolveRetry = (base: RetryOptions, override: Partial<RetryOptions> | false | undefined): RetryOptions =>
  override === false ? NO_RETRY : override === undefined ? base : { ...base, ...override }

const nodeAt = (nodes: readonly Node[], index: number): Node => {
  const node = nodes[index]
  if (node === undefined) throw new RangeError(`no node ${index}`)
  return node
}

/** The JSON text of a request body, `null` without one, or an ArgumentValueError for a value JSON cannot hold. */
const serialise = (body: unknown): string | null | ArgumentValueError => {
  if (body === undefined) return null
  try {
    return JSON.stringify(body)
  } catch (e) {
    return new ArgumentValueError({ argument: 'body', reason: `the request body cannot be sent as JSON: ${e instanceof Error ? e.message : String(e)}` })
  }
}

const closedError = (req: HttpRequest, url: string): ConnectionError =>
  new ConnectionError({ method: req.method, url, code: 'UND_ERR_CLOSED', detail: 'the client is closed' })
