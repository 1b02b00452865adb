/**
 * `weaviate-rx copy`: a class from one Weaviate to another (or to another class name), streamed
 * with backpressure: each partition reads a page while its previous page is being written, never
 * further ahead, so memory does not grow with the class. First the schema (when the target has no
 * such class), then the objects with their vectors but without references, then (with
 * `--with-references`) the references, once every object they may point to is there.
 *
 * With `--checkpoint FILE` each partition's last acknowledged UUID is recorded after every batch;
 * the same command resumes from there, resending at most the one page per partition that was in
 * flight (objects are upserted; that page's references are replaced, not added again).
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { COMMON_OPTIONS, connection, optionalString, parse, positiveInteger, progressMode, required } from './args'
import { writeObjectPage, writeReferencePage } from './batch-writes'
import { checkpointFile, type Checkpoint } from './checkpoint'
import { referenceProperties, renameClass } from './class-schema'
import { CommandFailure, EXIT } from './failure'
import { openFailures, type Failures } from './failures'
import type { CliIo } from './io'
import { cliLibrary, type CliConnection, type CliLibrary } from './library'
import { MAX_PARTITIONS } from '../paging'
import { forEachPartition, startCursors, type PartitionCursor } from './partitions'
import { scanPartition } from './partition-scan'
import { createProgress, type Progress } from './progress'
import { referencesIn, withoutReferences } from './references'

/** The checkpoint of a copy. */
interface CopyState {
  readonly command: 'copy'
  readonly className: string
  readonly toClassName: string
  phase: 'objects' | 'references' | 'done'
  partitions: PartitionCursor[]
}

const OPTIONS = {
  ...COMMON_OPTIONS,
  from: { type: 'string', multiple: true },
  to: { type: 'string', multiple: true },
  class: { type: 'string' },
  'to-class': { type: 'string' },
  'with-references': { type: 'boolean' },
  partitions: { type: 'string' },
  'page-size': { type: 'string' },
  checkpoint: { type: 'string' },
  failures: { type: 'string' },
  'from-api-key': { type: 'string' },
  'to-api-key': { type: 'string' },
} as const

/** `weaviate-rx copy --help`. */
export const COPY_HELP = `Usage: weaviate-rx copy --from URL --to URL --class CLASS [options]

Copies a class: its schema (when the target lacks the class), its objects with their vectors,
then (with --with-references) their references. Memory stays flat whatever the class size.

Options:
  --from URL           source Weaviate; repeat for several nodes of one cluster
  --to URL             target Weaviate; repeat for several nodes of one cluster
  --class CLASS        the class to copy (required)
  --to-class CLASS     the class name on the target (default: the same)
  --with-references    also copy the reference properties' values
  --partitions N       copy N UUID ranges at once (default 1)
  --page-size N        objects per read and per batch write (default 100)
  --checkpoint FILE    record progress in FILE; the same command resumes from it
  --failures FILE      write each failed object as NDJSON (id, message)
  --api-key KEY        API key for both sides (default: env WEAVIATE_API_KEY); never printed
  --from-api-key KEY   API key of the source only
  --to-api-key KEY     API key of the target only
  --progress MODE      auto (bar on a terminal), json (a line a second), none
  -h, --help           this help

Exit code 2 when some objects failed (the rest is copied).
`

interface CopyPlan {
  readonly className: string
  readonly toClassName: string
  readonly withReferences: boolean
  readonly partitions: number
  readonly pageSize: number
  readonly checkpointPath: string | undefined
  readonly failuresPath: string | undefined
  readonly mode: 'auto' | 'json' | 'none'
}

/**
 * Runs `copy` with its arguments; resolves to the exit code.
 *
 * @example
 * ```ts
 * const code = await runCopy(['--from', a, '--to', b, '--class', 'Article', '--with-references'], io)
 * ```
 */
export const runCopy = async (args: readonly string[], io: CliIo, libraryFor: (c: CliConnection) => CliLibrary = cliLibrary): Promise<number> => {
  const { values } = parse('copy', OPTIONS, args, false)
  if (values['help'] === true) {
    io.stdout.write(COPY_HELP)
    return EXIT.ok
  }
  const className = required('copy', values, 'class')
  const from = connection('copy', values, 'from', io.env, 'from-api-key')
  const to = connection('copy', values, 'to', io.env, 'to-api-key')
  const plan: CopyPlan = {
    className,
    toClassName: optionalString(values, 'to-class') ?? className,
    withReferences: values['with-references'] === true,
    partitions: positiveInteger('copy', values, 'partitions', 1, MAX_PARTITIONS),
    pageSize: positiveInteger('copy', values, 'page-size', 100, 10_000),
    checkpointPath: optionalString(values, 'checkpoint'),
    failuresPath: optionalString(values, 'failures'),
    mode: progressMode('copy', values),
  }
  const source = libraryFor(from)
  const target = libraryFor(to)
  try {
    return await copyClass(source, target, io, plan)
  } finally {
    await Promise.all([source.close(), target.close()])
  }
}

interface Pass {
  readonly source: CliLibrary
  readonly target: CliLibrary
  readonly plan: CopyPlan
  readonly state: CopyState
  readonly checkpoint: Checkpoint<CopyState>
  readonly failures: Failures
  readonly progress: Progress
  readonly references: readonly string[]
}

const copyClass = async (source: CliLibrary, target: CliLibrary, io: CliIo, plan: CopyPlan): Promise<number> => {
  const checkpoint = checkpointFile<CopyState>(plan.checkpointPath)
  const saved = await checkpoint.load()
  if (saved !== undefined && (saved.command !== 'copy' || saved.className !== plan.className || saved.toClassName !== plan.toClassName)) {
    throw new CommandFailure(`the checkpoint ${plan.checkpointPath ?? ''} belongs to another command or class`)
  }
  if (saved?.phase === 'done') {
    io.stderr.write(`copy: the checkpoint ${plan.checkpointPath ?? ''} says this copy is complete; nothing to do\n`)
    return EXIT.ok
  }
  const definition = await source.getClass(plan.className)
  if (definition === null) throw new CommandFailure(`class ${plan.className} does not exist on the source`)
  if ((await target.getClass(plan.toClassName)) === null) await target.createClass(renameClass(definition, plan.toClassName))
  const state: CopyState = {
    command: 'copy',
    className: plan.className,
    toClassName: plan.toClassName,
    phase: saved?.phase ?? 'objects',
    partitions: startCursors(saved?.partitions, plan.partitions, plan.checkpointPath),
  }
  const failures = await openFailures(plan.failuresPath, io, saved !== undefined)
  const progress = createProgress({ label: 'copy', mode: plan.mode, stderr: io.stderr })
  const pass: Pass = { source, target, plan, state, checkpoint, failures, progress, references: referenceProperties(definition) }
  try {
    progress.setTotal(await source.count({ className: plan.className }))
    if (state.phase === 'objects') {
      progress.setPhase('objects')
      await copyObjects(pass)
      state.phase = plan.withReferences && pass.references.length > 0 ? 'references' : 'done'
      state.partitions = startCursors(undefined, plan.partitions, plan.checkpointPath)
      checkpoint.save(state)
      await checkpoint.flush()
    }
    if (state.phase === 'references') {
      progress.setPhase('references')
      await copyReferences(pass, saved?.phase === 'references')
      state.phase = 'done'
      checkpoint.save(state)
    }
  } finally {
    await checkpoint.flush()
    await failures.close()
    progress.finish()
  }
  return failures.count() > 0 ? EXIT.someFailed : EXIT.ok
}

const copyObjects = (pass: Pass): Promise<void> =>
  forEachPartition(pass.state.partitions, async (range, cursor, stopped) => {
    const pages = scanPartition(pass.source, { className: pass.plan.className, range, after: cursor.after, pageSize: pass.plan.pageSize, withVector: true, stopped })
    for await (const page of pages) {
      const objects = page.map((o) => ({
        className: pass.plan.toClassName,
        uuid: o.id,
        dataObject: withoutReferences(o.properties, pass.references),
        ...(o.vector === undefined ? {} : { vector: o.vector }),
        ...(o.tenant === undefined ? {} : { tenant: o.tenant }),
      }))
      await writeObjectPage(pass.target, objects, undefined, pass.failures, pass.progress)
      const last = page.at(-1)
      if (last !== undefined) cursor.after = last.id
      // On disk before the next page is written: a crash resends at most this partition's next page.
      pass.checkpoint.save(pass.state)
      await pass.checkpoint.flush()
    }
  })

const copyReferences = (pass: Pass, resumed: boolean): Promise<void> => {
  const where = { className: pass.plan.toClassName, sourceClassName: pass.plan.className }
  return forEachPartition(pass.state.partitions, async (range, cursor, stopped) => {
    // After a resume, this partition's first page may already have its references: replace them.
    let replace = resumed
    const pages = scanPartition(pass.source, { className: pass.plan.className, range, after: cursor.after, pageSize: pass.plan.pageSize, withVector: false, stopped })
    for await (const page of pages) {
      const items = []
      for (const o of page) {
        const found = referencesIn(o, pass.references)
        if (E.isLeft(found)) {
          await pass.failures.record({ id: o.id, message: found.left })
          continue
        }
        items.push({ uuid: o.id, references: found.right, ...(o.tenant === undefined ? {} : { tenant: o.tenant }) })
      }
      await writeReferencePage(pass.target, items, where, replace, pass.failures, pass.progress)
      replace = false
      const last = page.at(-1)
      if (last !== undefined) cursor.after = last.id
      // On disk before the next page is written: a crash resends at most this partition's next page.
      pass.checkpoint.save(pass.state)
      await pass.checkpoint.flush()
    }
  })
}
