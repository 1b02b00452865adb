/**
 * `objects.list`: `GET /v1/objects?class=...`. Sends `limit=100` when no limit is given (the
 * interface's default; the server's own is 10 or 25). An unknown class lists as `[]`.
 *
 * @packageDocumentation
 */
import { nextTurn } from '../core/platform'
import * as E from 'fp-ts/Either'
import { Observable, of } from 'rxjs'
import { decode } from '../codecs/decode'
import { ListResponse, fullPageLastId } from '../codecs/list'
import { WeaviateObject } from '../codecs/object'
import { CallOptions, OperationContext, callOptions, withVersion } from '../context/context'
import { operation } from '../core/operation'
import { ArgumentValueError, DecodeError, WeaviateError } from '../core/errors'
import { argsOf, nonNegativeInteger, optional, positiveInteger } from '../input/check'
import { EncodedSort, sort } from '../input/sort'
import { uuid } from '../input/uuid'
import { ObservableEither } from '../core/observable-either'
import { routesFor } from '../server/routes'
import { ServerVersion, requireFeature } from '../server/version'
import { successBody } from '../transport/http/classify'
import type { HttpRequest, HttpResponse } from '../transport/http/types'
import { ListArgs, OBJECT_KEYS, ReadFields, readFields } from './args'
import { codecOf } from '../codecs/decode-object'
import { AnyProperties, PropertiesCodec, decodeObject } from '../codecs/decode-object'

/** The interface's default page size. */
export const DEFAULT_LIMIT = 100

/** Checked input of list. */
export interface ListInput<P> extends ReadFields {
  readonly limit: number | undefined
  readonly offset: number | undefined
  readonly after: string | undefined
  readonly sort: EncodedSort | undefined
  readonly codec: PropertiesCodec<P> | undefined
  readonly call: CallOptions
}

/** Checks the arguments of list. */
export const listInput = <P>(a: Record<string, unknown>): ListInput<P> => {
  const input: ListInput<P> = {
    ...readFields(a),
    limit: optional(positiveInteger, 'limit', a['limit']),
    offset: optional(nonNegativeInteger, 'offset', a['offset']),
    after: optional(uuid, 'after', a['after']),
    sort: optional(sort, 'sort', a['sort']),
    codec: codecOf<P>(a),
    call: callOptions(a),
  }
  if (input.after !== undefined) {
    const conflict =
      input.limit === undefined
        ? "'after' requires 'limit'"
        : input.className === undefined
          ? "'after' requires 'className' (a cursor is specific to one class)"
          : input.offset !== undefined
            ? "'after' cannot be combined with 'offset'"
            : input.sort !== undefined
              ? "'after' cannot be combined with 'sort'"
              : undefined
    if (conflict !== undefined) throw new ArgumentValueError({ argument: 'after', reason: conflict })
  }
  return input
}

const decodeObjects = <P>(
  codec: PropertiesCodec<P>,
  body: unknown,
  ctx: { readonly method: 'GET'; readonly url: string },
): E.Either<DecodeError, Array<WeaviateObject<P>>> => {
  const envelope = decode(ListResponse, body, ctx)
  if (E.isLeft(envelope)) return envelope
  const raws = envelope.right.objects
  const objects: Array<WeaviateObject<P>> = new Array<WeaviateObject<P>>(raws.length)
  for (let i = 0; i < raws.length; i++) {
    const object = decodeObject(codec, raws[i], ctx)
    if (E.isLeft(object)) {
      return E.left(new DecodeError({ method: ctx.method, url: ctx.url, report: object.left.report.map((line) => `objects[${i}].${line}`) }))
    }
    objects[i] = object.right
  }
  return E.right(objects)
}

/**
 * What a 404 (unknown class) means: `'empty'` for a list, the interface's "empty when none";
 * `'retry'` for a cursor page, where it is transient (a restarting server answers 404 until its
 * classes are loaded) and, once retries are spent, an error: taking it for an empty page would end
 * a stream early without a word.
 */
export type MissingClass = 'empty' | 'retry'

/** The list request of a checked list, its `class` query `classQuery` (the version's route) and its cursor `after`. */
const listRequest = <P>(input: ListInput<P>, classQuery: string | undefined, missingClass: MissingClass, after: string | undefined): HttpRequest => ({
  method: 'GET',
  path: '/objects',
  query: [
    ['class', classQuery],
    ['limit', String(input.limit ?? DEFAULT_LIMIT)],
    ['offset', input.offset === undefined ? undefined : String(input.offset)],
    ['after', after],
    ['include', input.include],
    ['sort', input.sort?.sort],
    ['order', input.sort?.order],
    ['consistency_level', input.consistencyLevel],
    ['node_name', input.nodeName],
    ['tenant', input.tenant],
  ],
  ...(missingClass === 'empty' ? { expect: [200, 404] } : { expect: [200], retryOn: [404] }),
  ...input.call,
})

/** A list's answer as its objects: a 404 (an unknown class, where the request expects it) lists none. */
const listObjects = <P>(codec: PropertiesCodec<P>, res: HttpResponse, after: string | undefined): E.Either<DecodeError, Array<WeaviateObject<P>>> =>
  res.status === 404 ? E.right([]) : pageObjects(codec, res.body, res.url, after)

/** A list body's objects, decoded by `codec`, ascending after the cursor `after` when there is one. */
const pageObjects = <P>(codec: PropertiesCodec<P>, body: unknown, url: string, after: string | undefined): E.Either<DecodeError, Array<WeaviateObject<P>>> => {
  const objects = decodeObjects(codec, body, { method: 'GET', url })
  return after === undefined || E.isLeft(objects) ? objects : afterCursor(objects.right, after, url)
}

/** Runs a checked list. */
export const runList = <P>(
  ctx: OperationContext,
  input: ListInput<P>,
  missingClass: MissingClass = 'empty',
): ObservableEither<WeaviateError, Array<WeaviateObject<P>>> =>
  withVersion(ctx, input.call, (version) => {
    // Before 1.18 the server ignores `after` and answers the first page again: a cursor loop would
    // never end. A cursor page (the stream's, even its first) or an `after` is refused up front.
    if (input.after !== undefined || missingClass === 'retry') {
      const cursor = requireFeature(version, 'cursor')
      if (E.isLeft(cursor)) return of(cursor)
    }
    const codec = (input.codec ?? AnyProperties) as PropertiesCodec<P>
    const classQuery = routesFor(version, ctx.deprecations).listClass(input.className)
    return ctx.http.run(listRequest(input, classQuery, missingClass, input.after), (res) => listObjects(codec, res, input.after))
  })

/**
 * The cursor pages of one checked list on a server of `version` that has the cursor (the caller
 * checks it), each page's objects passed through `then`: what {@link runList} does for a cursor
 * page ({@link MissingClass} `'retry'`), with the version, the route and the codec settled once for
 * a whole stream of pages, and one pipeline subscription per page (no version lookup, no operator
 * after the pipeline's).
 *
 * A page comes as text (`bodyAs: 'text'`): a full page's last id is read from the text and
 * announced with `early` before the page is parsed (a short page, the last, announces nothing, so
 * no request is sent only to be dropped), and when that sent the next page's request, the page is
 * parsed one event-loop turn later, once undici (which writes to a reused keep-alive socket in the
 * check phase) has sent it. So the next page is on its way while this one is parsed.
 */
export const cursorPages = <P, A>(
  ctx: OperationContext,
  version: ServerVersion,
  input: ListInput<P>,
  then: (objects: Array<WeaviateObject<P>>) => A,
): ((after: string | undefined, early?: (cursor: string) => boolean) => ObservableEither<WeaviateError, A>) => {
  const codec = (input.codec ?? AnyProperties) as PropertiesCodec<P>
  const classQuery = routesFor(version, ctx.deprecations).listClass(input.className)
  const request = (after: string | undefined): HttpRequest => ({ ...listRequest(input, classQuery, 'retry', after), bodyAs: 'text' })
  const first = request(undefined)
  const page = (res: HttpResponse, after: string | undefined): E.Either<WeaviateError, A> => {
    const body = successBody(res, typeof res.body === 'string' ? res.body : '')
    if (E.isLeft(body)) return body
    const objects = pageObjects(codec, body.right, res.url, after)
    return E.isLeft(objects) ? objects : E.right(then(objects.right))
  }
  const pageSize = input.limit ?? DEFAULT_LIMIT
  return (after, early) =>
    announcedFirst(
      ctx.http.run(after === undefined ? first : request(after), E.right),
      { pageSize, after },
      early,
      (res) => page(res, after),
    )
}

/**
 * A cursor page's answer (its body as text) handed on through `interpret`, after the last id of a
 * full page, when it comes after the page's cursor, was announced with `early`; when that sent the
 * next request, one event-loop turn later (see {@link cursorPages}). A failure is passed on at once.
 */
const announcedFirst = <A>(
  answer: ObservableEither<WeaviateError, HttpResponse>,
  page: { readonly pageSize: number; readonly after: string | undefined },
  early: ((cursor: string) => boolean) | undefined,
  interpret: (res: HttpResponse) => E.Either<WeaviateError, A>,
): ObservableEither<WeaviateError, A> =>
  new Observable<E.Either<WeaviateError, A>>((subscriber) => {
    let turn: (() => void) | undefined
    const pass = (res: HttpResponse): void => {
      let result: E.Either<WeaviateError, A>
      try {
        result = interpret(res)
      } catch (e) {
        subscriber.error(e)
        return
      }
      subscriber.next(result)
    }
    const request = answer.subscribe({
      next: (res) => {
        if (E.isLeft(res)) {
          subscriber.next(res)
          return
        }
        const cursor = early === undefined || typeof res.right.body !== 'string' ? undefined : fullPageLastId(res.right.body, page.pageSize)
        // A last id not after the page's cursor fails the page's check (a server that ignored `after`): nothing to request after it.
        if (early !== undefined && cursor !== undefined && (page.after === undefined || cursor > page.after) && early(cursor)) {
          turn = nextTurn(() => {
            turn = undefined
            pass(res.right)
            subscriber.complete()
          })
        } else pass(res.right)
      },
      error: (e: unknown) => subscriber.error(e),
      complete: () => {
        if (turn === undefined) subscriber.complete()
      },
    })
    return () => {
      request.unsubscribe()
      turn?.()
    }
  })

/**
 * A cursor page must ascend strictly from the cursor: every id after the one before it, the first
 * after the cursor (UUIDs in canonical form ascend as strings). A page that does not means the
 * server ignored `after` (or sorted otherwise), and paging on would repeat or skip objects.
 */
export const afterCursor = <A extends { readonly id: string }>(page: A[], after: string, url: string): E.Either<DecodeError, A[]> => {
  let previous = after
  for (let i = 0; i < page.length; i++) {
    const object = page[i]
    if (object === undefined) continue
    if (object.id <= previous) {
      const what = i === 0 ? `the cursor ${after} (the server ignored 'after')` : `objects[${i - 1}].id ${previous}`
      return E.left(new DecodeError({ method: 'GET', url, report: [`objects[${i}].id: ${object.id} does not come after ${what}`] }))
    }
    previous = object.id
  }
  return E.right(page)
}

/**
 * Lists objects (the interface's "get" without a uuid).
 */
export const list =
  (ctx: OperationContext) =>
  <P = Record<string, unknown>>(args: ListArgs<P>): ObservableEither<WeaviateError, Array<WeaviateObject<P>>> =>
    operation(() => listInput<P>(argsOf(OBJECT_KEYS.list, args)), (input) => runList(ctx, input))
