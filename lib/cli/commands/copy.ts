/**
 * `weaviate-rx copy`: a class from one Weaviate to another (or to another class name). The source
 * is read as UUID partitions (`objects.streamPages({ ranges })`) and written through the target's
 * `objects.batch` with its batching, `--concurrency` and backpressure: reading waits for writing,
 * so memory does not grow with the class. First the schema (when the target has no such class),
 * then the objects with their vectors but without references, then (with `--with-references`) the
 * references, once every object they may point to is there.
 *
 * With `--checkpoint FILE` each partition's last UUID whose write is final (with everything before
 * it) is recorded; the same command resumes there. Objects are upserted by UUID; references the
 * killed run may have added beyond the checkpoint are replaced, not added again.
 *
 * @packageDocumentation
 */
import { firstRight, type BatchObject, type Client } from '../../index'
import { MAX_PARTITIONS } from '../../paging'
import { batchInOrder, type Entry } from '../pipelines/batch-in-order'
import { renameClass } from '../formats/class-rename'
import { CommandFailure } from '../terminal/command-errors'
import { connectionOf, connectTo, side, SHARED_CONNECTION_OPTIONS } from '../options/connection'
import type { FailureRecord } from '../state/failures-file'
import { flag, integer, requiredText, text, type OptionValues } from '../options/option-table'
import { partitionPages, startCursors, type PartitionCursors, type PartitionPage } from '../pipelines/partition-pages'
import { referenceProperties, referencesIn, withoutReferences } from '../pipelines/reference-properties'
import { referencesPass } from '../pipelines/references-pass'
import { runResumable, type ResumableRun } from '../state/resumable-run'
import { readTransport, vectorFormatFor } from '../formats/vector-format'
import { defineCommand, PROGRESS } from './command'

/** The checkpoint of a copy. */
interface CopyState {
  readonly className: string
  readonly toClassName: string
  readonly phase: 'objects' | 'references' | 'done'
  readonly partitions: PartitionCursors
  /** Entries the run may have sent beyond the cursors: the references a resumed pass replaces. */
  readonly window: number
}

/** Where a copied object leaves its partition's cursor. */
interface ObjectPosition {
  readonly partition: number
  readonly id: string
}

const OPTIONS = {
  ...side('from', 'source Weaviate'),
  ...side('to', 'target Weaviate'),
  class: requiredText('CLASS', 'the class to copy'),
  'to-class': text('CLASS', 'the class name on the target (default: the same)'),
  'with-references': flag("also copy the reference properties' values"),
  partitions: integer('N', 'copy N UUID ranges at once', { default: 1, max: MAX_PARTITIONS }),
  'page-size': integer('N', 'objects per read', { default: 100, max: 10_000 }),
  'batch-size': integer('N', 'objects (or references) per batch write', { default: 100, max: 10_000 }),
  concurrency: integer('N', 'batch writes in flight', { default: 2, max: 64 }),
  checkpoint: text('FILE', 'record progress in FILE; the same command resumes from it'),
  failures: text('FILE', 'write each failed object as NDJSON (id, message)'),
  ...SHARED_CONNECTION_OPTIONS,
  progress: PROGRESS,
} as const

type CopyValues = OptionValues<typeof OPTIONS>

/**
 * `weaviate-rx copy`.
 *
 * @example
 * ```ts
 * const code = await copyCommand.run(['--from', a, '--to', b, '--class', 'Article', '--with-references'], io)
 * ```
 */
export const copyCommand = defineCommand({
  name: 'copy',
  summary: 'copy a class from one Weaviate to another, with vectors and references',
  usage: '--from URL --to URL --class CLASS [options]',
  about: `Copies a class: its schema (when the target lacks the class), its objects with their vectors,
then (with --with-references) their references. Memory stays flat whatever the class size.`,
  options: OPTIONS,
  notes: `With --checkpoint, a run killed at any point (even kill -9) and started again with the same
command copies every object and reference exactly once; it sends again at most
(concurrency + 1) x batch-size objects or references.

Exit code 2 when some objects failed (the rest is copied).
`,
  run: async (values, _positionals, io) => {
    const source = connectTo(connectionOf({ command: 'copy', side: 'from', urls: values.from, grpcUrls: values.fromGrpcUrl, sideKey: values.fromApiKey, ...values }, io.env))
    const target = connectTo(connectionOf({ command: 'copy', side: 'to', urls: values.to, grpcUrls: values.toGrpcUrl, sideKey: values.toApiKey, ...values }, io.env))
    const toClassName = values.toClass ?? values.class
    try {
      return await runResumable<CopyState>(
        {
          command: 'copy',
          checkpoint: values.checkpoint,
          failures: values.failures,
          progress: values.progress,
          io,
          mismatch: (saved) =>
            saved.className === values.class && saved.toClassName === toClassName ? undefined : `is for ${saved.className} to ${saved.toClassName}`,
          complete: (saved) => saved.phase === 'done',
        },
        (run) => copyClass(source, target, values, run),
      )
    } finally {
      await Promise.all([source.close(), target.close()])
    }
  },
})

const copyClass = async (source: Client, target: Client, values: CopyValues, run: ResumableRun<CopyState>): Promise<void> => {
  const toClassName = values.toClass ?? values.class
  const definition = await firstRight(source.schema.getClass(values.class))
  if (definition === null) throw new CommandFailure(`class ${values.class} does not exist on the source`)
  if ((await firstRight(target.schema.getClass(toClassName))) === null) await firstRight(target.schema.createClass(renameClass(definition, toClassName)))
  const references = referenceProperties(definition)
  const window = values.batchSize * (values.concurrency + 1)
  const saved = run.resumed
  let state: CopyState =
    saved === undefined
      ? { className: values.class, toClassName, phase: 'objects', partitions: startCursors(undefined, values.partitions, values.checkpoint), window }
      : { ...saved, partitions: startCursors(saved.partitions, values.partitions, values.checkpoint) }
  run.progress.setTotal(await firstRight(source.objects.count({ className: values.class })))
  // The objects' vectors go from the source's reply to the target's batch as Float32Arrays (over gRPC, float32 bytes both ways).
  const vectorFormat = await vectorFormatFor(source, { className: values.class, withVector: true, transport: values.transport })
  const read = (withVector: boolean) =>
    partitionPages(source, {
      className: values.class,
      cursors: state.partitions,
      pageSize: values.pageSize,
      withVector,
      vectorFormat: withVector ? vectorFormat : 'array',
      transport: readTransport(values.transport, withVector ? vectorFormat : 'array'),
    })
  const moveTo = async (prefix: ReadonlyArray<{ readonly position: ObjectPosition | undefined; readonly failure: FailureRecord | undefined }>) => {
    const partitions = [...state.partitions]
    for (const { position } of prefix) if (position !== undefined) partitions[position.partition] = position.id
    run.progress.add(prefix.filter((p) => p.position !== undefined && p.failure === undefined).length)
    state = { ...state, partitions }
    await run.commit(state, prefix.flatMap((p) => (p.failure === undefined ? [] : [p.failure])))
  }
  if (state.phase === 'objects') {
    run.progress.setPhase('objects')
    await batchInOrder({
      entries: objectEntries(read(true), toClassName, references),
      write: (items) => target.objects.batch(items, { batchSize: values.batchSize, concurrency: values.concurrency }),
      window,
      passed: moveTo,
    })
    const withReferences = values.withReferences && references.length > 0
    state = { ...state, phase: withReferences ? 'references' : 'done', partitions: startCursors(undefined, values.partitions, values.checkpoint), window }
    await run.commit(state, [])
  }
  if (state.phase === 'references') {
    run.progress.setPhase('references')
    const resumedHere = saved?.phase === 'references'
    await referencesPass({
      client: target,
      objects: referenceObjects(read(false), references),
      where: { className: toClassName, sourceClassName: values.class },
      batchSize: values.batchSize,
      concurrency: values.concurrency,
      window,
      replaceFirst: resumedHere ? state.window : 0,
      passed: moveTo,
    })
    state = { ...state, phase: 'done' }
    await run.commit(state, [])
  }
}

async function* objectEntries(
  pages: AsyncIterable<PartitionPage>,
  toClassName: string,
  references: readonly string[],
): AsyncGenerator<Entry<BatchObject, ObjectPosition>> {
  for await (const page of pages) {
    for (const o of page.objects) {
      yield {
        position: { partition: page.partition, id: o.id },
        send: {
          className: toClassName,
          uuid: o.id,
          dataObject: withoutReferences(o.properties, references),
          ...(o.vector === undefined ? {} : { vector: o.vector }),
          // Named vectors as read: vectors and multi-vectors, which the batch writes as they are.
          ...(o.vectors === undefined ? {} : { vectors: o.vectors }),
          ...(o.tenant === undefined ? {} : { tenant: o.tenant }),
        },
        describe: (message) => ({ id: o.id, message }),
      }
    }
  }
}

async function* referenceObjects(
  pages: AsyncIterable<PartitionPage>,
  references: readonly string[],
) {
  for await (const page of pages) {
    for (const o of page.objects) {
      yield { uuid: o.id, tenant: o.tenant, group: page.partition, found: referencesIn(o, references), position: { partition: page.partition, id: o.id } }
    }
  }
}
