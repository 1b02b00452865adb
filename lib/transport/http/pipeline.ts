/**
 * The HttpEffect: the one pipeline every Weaviate request goes through, composed of single-purpose
 * stages, with the client's options resolved once:
 *
 * ```
 * attempts (attempts.ts, a plain loop of callbacks)  backoff, give up: retry.ts' retryDelay
 *   nodes.pick()                  nodes.ts: the node of this attempt (failover cursor)
 *   -> transport(target)          exchange.ts: one exchange, status + headers + text, over the
 *                                 client's connections (undici on Node, fetch elsewhere)
 *   + the attempt's timer         deadline.ts' limits: attempt timeout and total deadline
 *   -> classify(...)              classify.ts: expected status -> HttpResponse, else an error
 *   -> nodes.succeeded / nodes.failed
 * ```
 *
 * The stages run as one loop rather than as operators, which every request (a stream's every page)
 * would subscribe anew (docs/decisions/0012-rest-request-as-one-loop.md); `deadline.attempt` and
 * `classifyResponses` are the operator forms `fetch-url.ts` uses.
 *
 * Every time read and timer of a request runs on one clock (`HttpInternals.scheduler`). A URL
 * outside Weaviate takes its own small path (`fetch-url.ts`). What sends an exchange is the
 * client's {@link Connections}, one of two implementations below the pipeline
 * (`undici-connections.ts`, `fetch-connections.ts`): retry, deadline, classification, Retry-After
 * and failover are the same over both.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { Observable, SchedulerLike, asyncScheduler, defer, from, of, switchMap } from 'rxjs'
import { ArgumentValueError, WeaviateError, isArgumentValueError, isWeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { RequestSink, startAttempts } from './attempts'
import { FetchUrl, createFetchUrl } from './fetch-url'
import { PickedNode, createNodes } from './nodes'
import { BearerSource, HttpOptions, forCall, resolveOptions, withCallHeaders } from './options'
import { Connections, Target, Transport, closedError } from './exchange'
import { HttpRequest, HttpResponse, RetryOptions } from './types'
import { pathWithQuery, safeUrl } from './urls'
import type { Ambient } from '../../observe/probe'

/**
 * Sends {@link HttpRequest}s.
 */
export interface HttpEffect {
  /**
   * Cold. On subscribe sends the request (plus retries); emits exactly one HttpResponse then
   * completes, or errors with a WeaviateError (ConnectionError | TimeoutError |
   * UnexpectedStatusError | DecodeError when a 2xx body is not valid JSON | ArgumentValueError
   * for a body JSON cannot hold). Unsubscribing aborts the request in flight and any pending
   * backoff.
   */
  send(req: HttpRequest): Observable<HttpResponse>
  /**
   * send + interpret + fold: the one pipeline every operation uses. `interpret` may return a Left
   * (e.g. DecodeError, AlreadyExistsError).
   */
  run<A>(req: HttpRequest, interpret: (res: HttpResponse) => E.Either<WeaviateError, A>): ObservableEither<WeaviateError, A>
  /**
   * GET of a URL outside Weaviate, on the client's pools, clock and timeouts, without its nodes,
   * headers or retry (see `fetch-url.ts`).
   */
  readonly fetchUrl: FetchUrl
  /**
   * The retry options a request with these call settings runs under (the client's, with the
   * call's over them): for retries that happen above the pipeline, such as a batch's item retries.
   */
  retryOptions(call: Pick<HttpRequest, 'retry'>): RetryOptions
  /** True once the client's connections are closed (the gRPC-Web carrier shares them). */
  readonly closed: boolean
  /** Closes the connections the client owns; idempotent. */
  close(): Promise<void>
}

/**
 * Test seams; not part of the public API.
 */
export interface HttpInternals {
  /**
   * The one clock of every request: attempt timeouts, the total deadline, backoff waits and the
   * `now` of a `Retry-After` date. Default `asyncScheduler` (`Date.now()` and Node timers).
   */
  readonly scheduler?: SchedulerLike
  /** Sends one exchange instead of the connections' own transport. */
  readonly transport?: Transport
}

/**
 * Creates the pipeline over `connections`, which `close()` closes. Throws an
 * {@link ArgumentValueError} for an empty or malformed URL list or a `connections` that is not a
 * positive integer.
 */
export const createHttp = (
  options: HttpOptions & { readonly bearer?: BearerSource | undefined; readonly ambient?: Ambient | undefined },
  connections: Connections,
  internals: HttpInternals = {},
): HttpEffect => {
  const ambient = options.ambient
  const clock = internals.scheduler ?? asyncScheduler
  const transport = internals.transport ?? connections.transport
  const resolved = resolveOptions(options)
  const nodes = createNodes(resolved.nodes)
  const bearer = options.bearer
  const credentials = bearer !== undefined || resolved.headers['authorization'] !== undefined
  // With a changing token, each attempt asks for the current Authorization header (at once while
  // the token is fresh, after the refresh otherwise); a failed sign-in is the attempt's error.
  const exchange = bearer === undefined ? transport : authorized(transport, bearer)

  /** Starts `req` into `sink` (see `attempts.ts`); the stop function, or nothing when it failed before any attempt. */
  const start = (req: HttpRequest, sink: RequestSink): (() => void) | undefined => {
    const body = req.bodyText ?? serialise(req.body)
    if (isArgumentValueError(body)) {
      sink.error(body)
      return undefined
    }
    const suffix = pathWithQuery(req.path, req.query)
    if (connections.closed) {
      const node = nodes.pick()
      sink.error(closedError(req.method, safeUrl(node.origin, node.basePath + suffix)))
      return undefined
    }
    const base = body === null ? resolved.headers : resolved.jsonHeaders
    const headers = req.headers === undefined ? base : withCallHeaders(base, req.headers, credentials)
    if (isArgumentValueError(headers)) {
      sink.error(headers)
      return undefined
    }
    const targetOn = (node: PickedNode): Target => {
      const path = node.basePath + suffix
      return {
        via: connections.via(node.origin),
        origin: node.origin,
        path,
        url: safeUrl(node.origin, path),
        method: req.method,
        headers,
        body,
        expect: req.expect,
        bodyAs: req.bodyAs,
      }
    }
    const probe = ambient?.current()
    const watch = ambient === undefined || probe === undefined ? undefined : { probe, ambient }
    return startAttempts({ exchange, nodes, clock, targetOn, request: req, settings: forCall(resolved, req), watch }, sink)
  }

  const send = (req: HttpRequest): Observable<HttpResponse> => new Observable<HttpResponse>((subscriber) => start(req, subscriber))

  return {
    send,
    run: <A>(req: HttpRequest, interpret: (res: HttpResponse) => E.Either<WeaviateError, A>) => interpreted(req, interpret, start),
    fetchUrl: createFetchUrl({ connections, clock, transport, timeout: resolved.timeout }),
    retryOptions: (call) => (call.retry === undefined ? resolved.retry : forCall(resolved, { retry: call.retry }).retry),
    get closed() {
      return connections.closed
    },
    close: () => connections.close(),
  }
}

/**
 * A request's answer through `interpret`, a WeaviateError as a `Left` (then completion), any other
 * error passed on: what `send` then `toEither()` and a map would do, as one subscriber, since every
 * request (a stream's every page) subscribes it anew.
 */
const interpreted = <A>(
  req: HttpRequest,
  interpret: (res: HttpResponse) => E.Either<WeaviateError, A>,
  start: (req: HttpRequest, sink: RequestSink) => (() => void) | undefined,
): ObservableEither<WeaviateError, A> =>
  new Observable<E.Either<WeaviateError, A>>((subscriber) =>
    start(req, {
      next: (response) => {
        let result: E.Either<WeaviateError, A>
        try {
          result = interpret(response)
        } catch (e) {
          subscriber.error(e)
          return
        }
        subscriber.next(result)
      },
      error: (e: unknown) => {
        if (!isWeaviateError(e)) {
          subscriber.error(e)
          return
        }
        subscriber.next(E.left(e))
        subscriber.complete()
      },
      complete: () => subscriber.complete(),
    }),
  )

/** The transport with the bearer source's current Authorization header on every exchange. */
const authorized =
  (transport: Transport, bearer: BearerSource): Transport =>
  (target) =>
    defer(() => {
      const header = bearer.authorization()
      return typeof header === 'string' ? of(header) : from(header)
    }).pipe(switchMap((authorization) => transport({ ...target, headers: { ...target.headers, authorization } })))

/** The JSON text of a request body, `null` without one, or an ArgumentValueError for a value JSON cannot hold. */
const serialise = (body: unknown): string | null | ArgumentValueError => {
  if (body === undefined) return null
  try {
    return JSON.stringify(body)
  } catch (e) {
    return new ArgumentValueError({ argument: 'body', reason: `the request body cannot be sent as JSON: ${e instanceof Error ? e.message : String(e)}` })
  }
}
