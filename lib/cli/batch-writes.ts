/**
 * Writing one page of objects, or the references of one page of objects, to the destination, with
 * every failed item recorded and counted: a failed object never stops the run. Shared by `import`
 * and `copy`.
 *
 * @packageDocumentation
 */
import type { Failures } from './failures'
import type { BatchObject, BatchReference, CliLibrary } from './library'
import type { Progress } from './progress'
import { targetClass, type PropertyReferences } from './references'

/**
 * Writes the objects (upsert); each failure goes to `failures` with the object's id and, for
 * `import`, its input line.
 *
 * @example
 * ```ts
 * await writeObjectPage(target, objects, [12, 13], failures, progress)
 * ```
 */
export const writeObjectPage = async (
  target: CliLibrary,
  objects: readonly BatchObject[],
  lines: readonly number[] | undefined,
  failures: Failures,
  progress: Progress,
): Promise<void> => {
  const results = await target.writeObjects(objects)
  let failed = 0
  for (const result of results) {
    if (result.error === undefined) continue
    failed++
    const line = lines?.[result.index]
    const id = objects[result.index]?.uuid
    await failures.record({ ...(id === undefined ? {} : { id }), ...(line === undefined ? {} : { line }), message: result.error })
  }
  progress.add(objects.length - failed)
  progress.fail(failed)
}

/**
 * The references of one object.
 *
 * @example
 * ```ts
 * const item: ObjectReferences = { uuid, references: [{ property: 'writtenBy', targets: [{ className: 'Author', uuid: a }] }] }
 * ```
 */
export interface ObjectReferences {
  readonly uuid: string
  readonly references: readonly PropertyReferences[]
  readonly tenant?: string
}

/**
 * Where references are written: the destination class, and the source class whose
 * self-references are pointed at the destination class.
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
 * Adds the references of a page of objects. With `replace` (the first page after a resume, whose
 * references may already be there), each property is replaced as a whole instead, so that no
 * reference is added twice. A failed reference is recorded with its object, property and target;
 * `progress` counts objects.
 *
 * @example
 * ```ts
 * await writeReferencePage(target, page, { className: 'Article', sourceClassName: 'Article' }, false, failures, progress)
 * ```
 */
export const writeReferencePage = async (
  target: CliLibrary,
  page: readonly ObjectReferences[],
  where: ReferenceDestination,
  replace: boolean,
  failures: Failures,
  progress: Progress,
): Promise<void> => {
  const destinationOf = (className: string | undefined) => targetClass(className, where.sourceClassName, where.className)
  const failedObjects = new Set<string>()
  if (replace) {
    for (const item of page) {
      for (const ref of item.references) {
        try {
          await target.replaceReferences({
            fromClassName: where.className,
            fromUuid: item.uuid,
            fromPropertyName: ref.property,
            toUuids: ref.targets.map((t) => t.uuid),
            toClassNames: ref.targets.map((t) => destinationOf(t.className) ?? ''),
            ...(item.tenant === undefined ? {} : { tenant: item.tenant }),
          })
        } catch (e) {
          failedObjects.add(item.uuid)
          await failures.record({ id: item.uuid, property: ref.property, message: e instanceof Error ? e.message : String(e) })
        }
      }
    }
  } else {
    const batch: BatchReference[] = []
    for (const item of page) {
      for (const ref of item.references) {
        for (const t of ref.targets) {
          batch.push({
            fromClassName: where.className,
            fromUuid: item.uuid,
            fromPropertyName: ref.property,
            toClassName: destinationOf(t.className) ?? where.className,
            toUuid: t.uuid,
            ...(item.tenant === undefined ? {} : { tenant: item.tenant }),
          })
        }
      }
    }
    const results = await target.writeReferences(batch)
    for (const result of results) {
      if (result.error === undefined) continue
      const ref = batch[result.index]
      if (ref === undefined) continue
      failedObjects.add(ref.fromUuid)
      await failures.record({ id: ref.fromUuid, property: ref.fromPropertyName, to: ref.toUuid, message: result.error })
    }
  }
  progress.add(page.length - failedObjects.size)
  progress.fail(failedObjects.size)
}
