/**
 * The references pass of `import` and `copy`: the reference properties of each object, written
 * through the library's `references.batch`, in source order (see `batch-in-order.ts`). Adding a
 * reference twice stores it twice, so on a resumed run the objects within the window the killed
 * run may have sent beyond its checkpoint get their properties replaced as a whole
 * (`references.replace`, idempotent) instead of added to.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { firstRight, type BatchReference, type Client } from '../../index'
import { batchInOrder, type Entry } from './batch-in-order'
import { reasonOf } from '../terminal/command-errors'
import type { FailureRecord } from '../state/failures-file'
import { targetClass, type PropertyReferences } from './reference-properties'

/**
 * The references of one source object, or why they cannot be read; `position` is where a
 * checkpoint resumes after it.
 *
 * @example
 * ```ts
 * const item: ObjectReferences<number> = { uuid, found: E.right(refs), position: 12, line: 12 }
 * ```
 */
export interface ObjectReferences<P> {
  readonly uuid: string
  readonly tenant?: string | undefined
  readonly found: E.Either<string, readonly PropertyReferences[]>
  readonly position: P
  /** The partition it was read from (0 for a file): a resumed pass counts its window per group. */
  readonly group: number
  /** The input line, for a failure record (import). */
  readonly line?: number | undefined
}

/**
 * Where the references go: the destination class, and the source class whose references to itself
 * point at the destination class.
 *
 * @example
 * ```ts
 * const where: ReferenceDestination = { className: 'PageCopy', sourceClassName: 'Page' }
 * ```
 */
export interface ReferenceDestination {
  readonly className: string
  readonly sourceClassName: string
}

/**
 * What to run.
 *
 * @example
 * ```ts
 * await referencesPass({ client, objects, where, batch: { batchSize: 100, concurrency: 2 }, replaceFirst: 0, passed })
 * ```
 */
export interface ReferencesPass<P> {
  readonly client: Client
  readonly objects: AsyncIterable<ObjectReferences<P>>
  readonly where: ReferenceDestination
  readonly batchSize: number
  readonly concurrency: number
  /** Entries at most read beyond what `passed` finished: `(concurrency + 1) x batchSize` by default. */
  readonly window: number
  /**
   * How many entries from the start of each group are replaced instead of added (a resumed run:
   * the saved window; the killed run sent at most that many beyond each group's checkpoint).
   */
  readonly replaceFirst: number
  readonly passed: (prefix: ReadonlyArray<{ readonly position: P | undefined; readonly failure: FailureRecord | undefined }>) => Promise<void>
}

const failureOf = (o: ObjectReferences<unknown>, message: string, property?: string, to?: string): FailureRecord => ({
  id: o.uuid,
  ...(o.line === undefined ? {} : { line: o.line }),
  ...(property === undefined ? {} : { property }),
  ...(to === undefined ? {} : { to }),
  message,
})

/**
 * Writes the references of every object; resolves when all have passed.
 *
 * @example
 * ```ts
 * await referencesPass(pass)
 * ```
 */
export const referencesPass = <P>(pass: ReferencesPass<P>): Promise<void> => {
  const destinationOf = (className: string | undefined) => targetClass(className, pass.where.sourceClassName, pass.where.className) ?? pass.where.className
  async function* entries(): AsyncGenerator<Entry<BatchReference, P>> {
    const counted = new Map<number, number>()
    const count = (o: ObjectReferences<P>, n: number): number => {
      const before = counted.get(o.group) ?? 0
      counted.set(o.group, before + n)
      return before
    }
    for await (const o of pass.objects) {
      if (E.isLeft(o.found)) {
        count(o, 1)
        yield { position: o.position, settled: failureOf(o, o.found.left) }
        continue
      }
      const refs = o.found.right.flatMap((r) => r.targets.map((t) => ({ property: r.property, target: t })))
      if (refs.length === 0) {
        count(o, 1)
        yield { position: o.position, settled: undefined }
        continue
      }
      const replace = count(o, refs.length) < pass.replaceFirst
      if (replace) {
        // As many settled entries as the batch path would have given: the window counts them alike.
        const failures: FailureRecord[] = []
        for (const r of o.found.right) {
          await firstRight(
            pass.client.references.replace({
              fromClassName: pass.where.className,
              fromUuid: o.uuid,
              fromPropertyName: r.property,
              toUuids: r.targets.map((t) => t.uuid),
              toClassNames: r.targets.map((t) => destinationOf(t.className)),
              ...(o.tenant === undefined ? {} : { tenant: o.tenant }),
            }),
          ).catch((e: unknown) => failures.push(failureOf(o, reasonOf(e), r.property)))
        }
        for (let i = 0; i < refs.length; i++) yield { position: i === refs.length - 1 ? o.position : undefined, settled: failures[i] }
        continue
      }
      for (let i = 0; i < refs.length; i++) {
        const ref = refs[i]
        if (ref === undefined) continue
        yield {
          position: i === refs.length - 1 ? o.position : undefined,
          send: {
            fromClassName: pass.where.className,
            fromUuid: o.uuid,
            fromPropertyName: ref.property,
            toClassName: destinationOf(ref.target.className),
            toUuid: ref.target.uuid,
            ...(o.tenant === undefined ? {} : { tenant: o.tenant }),
          },
          describe: (message) => failureOf(o, message, ref.property, ref.target.uuid),
        }
      }
    }
  }
  return batchInOrder({
    entries: entries(),
    write: (items) => pass.client.references.batch(items, { batchSize: pass.batchSize, concurrency: pass.concurrency }),
    window: pass.window,
    passed: pass.passed,
  })
}
