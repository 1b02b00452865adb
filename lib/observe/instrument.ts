/**
 * The operation-level seam: a client's API objects wrapped once, at `connect`, so that each
 * subscription to an operation is one watched operation ({@link OperationProbe}) that lives as
 * long as the subscription. Completion ends it (with the failure of a `Left` it emitted),
 * unsubscribing ends it as cancelled. Each attempt of the operation's requests reaches the same
 * probe through the {@link Ambient} the subscription runs in (`attempts.ts` of both transports).
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { Observable, isObservable } from 'rxjs'
import type { Ambient, OperationProbe, OperationStart, Observer } from './probe'

/** The `Left`s of one batch item: the batch goes on after them, and they count as batch errors. */
const ITEM_ERRORS: ReadonlySet<string> = new Set(['BatchObjectError', 'BatchReferenceError'])

const isItemError = (error: unknown): boolean => {
  const tag = typeof error === 'object' && error !== null ? (error as { readonly _tag?: unknown })._tag : undefined
  return typeof tag === 'string' && ITEM_ERRORS.has(tag)
}

/**
 * `source` watched: on each subscription `observer.start`, then every value, `Left` and the end
 * reported to the probe, the subscription itself run in `ambient` with the probe.
 */
export const observed = <A>(source: Observable<A>, start: OperationStart, observer: Observer, ambient: Ambient): Observable<A> =>
  new Observable<A>((subscriber) => {
    const probe = observer.start(start)
    if (probe === undefined) return source.subscribe(subscriber)
    let ended = false
    let failure: { readonly error: unknown } | undefined
    const end = (outcome: Parameters<OperationProbe['end']>[0]): void => {
      if (ended) return
      ended = true
      probe.end(outcome)
    }
    const subscription = ambient.run(probe, () =>
      source.subscribe({
        next: (value) => {
          if (E.isLeft(value as E.Either<unknown, unknown>)) {
            const error = (value as E.Left<unknown>).left
            if (isItemError(error)) probe.itemFailed(error)
            else failure ??= { error }
          } else if (E.isRight(value as E.Either<unknown, unknown>)) probe.value((value as E.Right<unknown>).right)
          subscriber.next(value)
        },
        error: (error: unknown) => {
          end({ status: 'error', error })
          subscriber.error(error)
        },
        complete: () => {
          end(failure === undefined ? { status: 'ok' } : { status: 'error', error: failure.error })
          subscriber.complete()
        },
      }),
    )
    return () => {
      subscription.unsubscribe()
      end({ status: 'cancelled' })
    }
  })

/** The API groups whose positional first argument is a class name (`schema.getClass('Article')`, `tenants.get('Article')`). */
const CLASS_FIRST: ReadonlySet<string> = new Set(['schema', 'tenants'])

const stringAt = (record: Record<string, unknown>, key: string): string | undefined => {
  const value = record[key]
  return typeof value === 'string' ? value : undefined
}

/** The class and tenant an operation's arguments name. */
export const describe = (name: string, group: string, args: readonly unknown[]): OperationStart => {
  const first = args[0]
  if (typeof first === 'string') return { name, collection: CLASS_FIRST.has(group) ? first : undefined, tenant: undefined }
  if (Array.isArray(first)) return { name, collection: batchClass(first as readonly unknown[]), tenant: undefined }
  if (typeof first === 'object' && first !== null && !Array.isArray(first) && !isObservable(first)) {
    const record = first as Record<string, unknown>
    return { name, collection: stringAt(record, 'className') ?? stringAt(record, 'collection'), tenant: stringAt(record, 'tenant') }
  }
  return { name, collection: undefined, tenant: undefined }
}

/** The class of a batch given as an array, when all its objects name the same one. */
const batchClass = (items: readonly unknown[]): string | undefined => {
  let found: string | undefined
  for (const item of items) {
    const name = typeof item === 'object' && item !== null ? (item as Record<string, unknown>)['className'] : undefined
    if (typeof name !== 'string' || (found !== undefined && found !== name)) return undefined
    found = name
  }
  return found
}

/**
 * `api` with every function that returns an Observable watched, named by its path (`prefix.key`);
 * nested API objects are walked, anything else is kept.
 */
export const instrumentApi = <T extends object>(api: T, prefix: string, observer: Observer, ambient: Ambient): T => {
  const group = prefix.split('.')[0] ?? prefix
  const out: Record<string, unknown> = {}
  for (const [key, member] of Object.entries(api)) {
    const name = prefix === '' ? key : `${prefix}.${key}`
    if (typeof member === 'function') {
      const f = member as (...args: unknown[]) => unknown
      out[key] = (...args: unknown[]): unknown => {
        const result = f(...args)
        return isObservable(result) ? observed(result, describe(name, prefix === '' ? key : group, args), observer, ambient) : result
      }
    } else if (typeof member === 'object' && member !== null && !Array.isArray(member)) {
      out[key] = instrumentApi(member, name, observer, ambient)
    } else out[key] = member
  }
  return out as T
}

/** One observer that tells each of `observers`; undefined for none. */
export const fanOut = (observers: readonly Observer[]): Observer | undefined => {
  const [only, ...others] = observers
  if (only === undefined) return undefined
  if (others.length === 0) return only
  return {
    start: (start) => {
      const probes = observers.map((o) => o.start(start)).filter((p): p is OperationProbe => p !== undefined)
      return probes.length === 0 ? undefined : probes.length === 1 ? probes[0] : joinedProbe(probes)
    },
    fallback: (fallback) => observers.forEach((o) => o.fallback(fallback)),
  }
}

const joinedProbe = (probes: readonly OperationProbe[]): OperationProbe => ({
  attempt: (start) => {
    const attempts = probes.map((p) => p.attempt(start))
    const headers = attempts.reduce<Record<string, string> | undefined>((all, a) => (a.headers === undefined ? all : { ...all, ...a.headers }), undefined)
    return { headers, end: (outcome) => attempts.forEach((a) => a.end(outcome)) }
  },
  retry: (retry) => probes.forEach((p) => p.retry(retry)),
  failover: (failover) => probes.forEach((p) => p.failover(failover)),
  value: (value) => probes.forEach((p) => p.value(value)),
  itemFailed: (error) => probes.forEach((p) => p.itemFailed(error)),
  end: (outcome) => probes.forEach((p) => p.end(outcome)),
})
