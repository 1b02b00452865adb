/**
 * `weaviate-rx import`: NDJSON (as `export` writes it) into a class. Objects are written in
 * batches without their references; then, when the class has reference properties, a second pass
 * adds the references (the server refuses a reference to an object it does not have yet). A line
 * that is not JSON or not an object is reported with its line number and the rest is imported.
 * With `--checkpoint FILE` the byte offset after the last acknowledged batch is recorded, and the
 * same command resumes there.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { createReadStream, promises as fs } from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { COMMON_OPTIONS, connection, optionalString, parse, positiveInteger, progressMode } from './args'
import { writeObjectPage, writeReferencePage, type ObjectReferences } from './batch-writes'
import { checkpointFile } from './checkpoint'
import { referenceProperties, renameClass } from './class-schema'
import { CommandFailure, EXIT, UsageError } from './failure'
import { openFailures, type Failures } from './failures'
import { classifyLine } from './import-line'
import type { CliIo } from './io'
import { cliLibrary, type BatchObject, type CliLibrary, type ClassDefinition } from './library'
import { readNdjson, type NdjsonLine } from './ndjson-reader'
import { openNdjsonWriter, type NdjsonWriter } from './ndjson-writer'
import { createProgress, type Progress } from './progress'
import { referencesIn, withoutReferences } from './references'

/** The checkpoint of an import: the pass, and where in the input it continues. */
interface ImportState {
  readonly command: 'import'
  readonly className: string
  /** The class the input came from (its references to itself point to `className`). */
  readonly sourceClassName: string
  phase: 'objects' | 'references' | 'done'
  /** Byte offset in the input after the last acknowledged batch, and the line number there. */
  offset: number
  line: number
}

const OPTIONS = {
  ...COMMON_OPTIONS,
  url: { type: 'string', multiple: true },
  class: { type: 'string' },
  'create-class': { type: 'boolean' },
  checkpoint: { type: 'string' },
  failures: { type: 'string' },
  'batch-size': { type: 'string' },
} as const

/** `weaviate-rx import --help`. */
export const IMPORT_HELP = `Usage: weaviate-rx import --url URL [options] FILE|-

Reads NDJSON as 'weaviate-rx export' writes it (an optional {"schema": {...}} first line, then one
object a line: id, properties, vector, tenant) and writes the objects, then their references.

Options:
  --url URL            Weaviate base URL; repeat for several nodes of one cluster
  --class CLASS        the class to write into (default: the class of the schema line)
  --create-class       create the class from the schema line when it does not exist
  --batch-size N       objects per batch request (default 100)
  --checkpoint FILE    record progress in FILE; the same command resumes from it (needs a FILE input)
  --failures FILE      write each failed object or line as NDJSON (id, line, message)
  --api-key KEY        API key (default: env WEAVIATE_API_KEY); never printed
  --progress MODE      auto (bar on a terminal), json (a line a second), none
  -h, --help           this help

Exit code 2 when some objects or lines failed (the rest is imported).
`

/**
 * Runs `import` with its arguments; resolves to the exit code.
 *
 * @example
 * ```ts
 * const code = await runImport(['--url', url, '--create-class', 'articles.ndjson'], io)
 * ```
 */
export const runImport = async (args: readonly string[], io: CliIo, libraryFor = cliLibrary): Promise<number> => {
  const { values, positionals } = parse('import', OPTIONS, args, true)
  if (values['help'] === true) {
    io.stdout.write(IMPORT_HELP)
    return EXIT.ok
  }
  const target = connection('import', values, 'url', io.env)
  const input = positionals[0]
  if (input === undefined || input === '') throw new UsageError("import: missing the input FILE or - (see 'weaviate-rx import --help')")
  if (positionals.length > 1) throw new UsageError(`import: one input only, but got: ${positionals.join(' ')}`)
  const checkpointPath = optionalString(values, 'checkpoint')
  if (checkpointPath !== undefined && input === '-') throw new UsageError('import: --checkpoint needs a FILE input, not stdin')
  if (input !== '-') {
    await fs.access(input).catch((e: unknown) => {
      throw new CommandFailure(`cannot read ${input}: ${(e as { code?: string }).code ?? String(e)}`)
    })
  }
  const plan: ImportPlan = {
    input,
    className: optionalString(values, 'class'),
    createClass: values['create-class'] === true,
    batchSize: positiveInteger('import', values, 'batch-size', 100, 10_000),
    checkpointPath,
    failuresPath: optionalString(values, 'failures'),
    mode: progressMode('import', values),
  }
  const lib = libraryFor(target)
  try {
    return await importFile(lib, io, plan)
  } finally {
    await lib.close()
  }
}

interface ImportPlan {
  readonly input: string
  readonly className: string | undefined
  readonly createClass: boolean
  readonly batchSize: number
  readonly checkpointPath: string | undefined
  readonly failuresPath: string | undefined
  readonly mode: 'auto' | 'json' | 'none'
}

const linesOf = (io: CliIo, input: string, offset: number, line: number): AsyncGenerator<NdjsonLine> =>
  readNdjson(input === '-' ? io.stdin : createReadStream(input, { start: offset }), { offset, line })

/** Counts the lines of a file (for the progress total); undefined for stdin. */
const countLines = async (input: string): Promise<number | undefined> => {
  if (input === '-') return undefined
  let count = 0
  for await (const chunk of createReadStream(input)) {
    const data = chunk as Buffer
    for (let i = data.indexOf(0x0a); i !== -1; i = data.indexOf(0x0a, i + 1)) count++
  }
  return count
}

/** Reads the schema line, if the input starts with one, and hands back the lines after it. */
const readHeader = async (lines: AsyncGenerator<NdjsonLine>) => {
  const first = await lines.next()
  if (first.done === true) return { schema: undefined, pushedBack: undefined, rest: lines }
  const line = first.value
  if ('value' in line) {
    const kind = classifyLine(line.value)
    if (kind._tag === 'Schema') return { schema: kind.schema, pushedBack: undefined, rest: lines }
  }
  return { schema: undefined, pushedBack: line, rest: lines }
}

async function* prepend<A>(head: A | undefined, rest: AsyncGenerator<A>): AsyncGenerator<A> {
  if (head !== undefined) yield head
  yield* rest
}

/** The class to write into, created from the schema line when asked; its definition. */
const ensureClass = async (lib: CliLibrary, className: string, schema: ClassDefinition | undefined, create: boolean): Promise<ClassDefinition> => {
  const existing = await lib.getClass(className)
  if (existing !== null) return existing
  if (!create) throw new CommandFailure(`class ${className} does not exist (use --create-class to create it from the input's schema line)`)
  if (schema === undefined) throw new CommandFailure(`class ${className} does not exist and the input has no schema line to create it from`)
  await lib.createClass(renameClass(schema, className))
  const created = await lib.getClass(className)
  if (created === null) throw new CommandFailure(`class ${className} was created but cannot be read back`)
  return created
}

const importFile = async (lib: CliLibrary, io: CliIo, plan: ImportPlan): Promise<number> => {
  const checkpoint = checkpointFile<ImportState>(plan.checkpointPath)
  const saved = await checkpoint.load()
  if (saved !== undefined && saved.command !== 'import') throw new CommandFailure(`the checkpoint ${plan.checkpointPath ?? ''} belongs to another command`)
  if (saved?.phase === 'done') {
    io.stderr.write(`import: the checkpoint ${plan.checkpointPath ?? ''} says this import is complete; nothing to do\n`)
    return EXIT.ok
  }
  let state: ImportState
  let lines: AsyncGenerator<NdjsonLine>
  let definition: ClassDefinition
  if (saved === undefined) {
    const header = await readHeader(linesOf(io, plan.input, 0, 1))
    const className = plan.className ?? header.schema?.class
    if (className === undefined) throw new CommandFailure('no --class given and the input has no schema line naming one')
    definition = await ensureClass(lib, className, header.schema, plan.createClass)
    state = { command: 'import', className: definition.class, sourceClassName: header.schema?.class ?? definition.class, phase: 'objects', offset: 0, line: 1 }
    lines = prepend(header.pushedBack, header.rest)
  } else {
    if (plan.className !== undefined && plan.className !== saved.className) {
      throw new CommandFailure(`the checkpoint ${plan.checkpointPath ?? ''} is for class ${saved.className}, not ${plan.className}`)
    }
    definition = await ensureClass(lib, saved.className, undefined, false)
    state = { ...saved }
    lines = linesOf(io, plan.input, state.offset, state.line)
  }
  const references = referenceProperties(definition)
  const failures = await openFailures(plan.failuresPath, io, saved !== undefined)
  const progress = createProgress({ label: 'import', mode: plan.mode, stderr: io.stderr })
  const spool = plan.input === '-' && references.length > 0 ? await openSpool(io) : undefined
  try {
    if (plan.mode !== 'none') {
      const total = await countLines(plan.input)
      if (total !== undefined) progress.setTotal(total - (state.offset === 0 ? 0 : state.line - 1))
    }
    if (state.phase === 'objects') {
      progress.setPhase('objects')
      await importObjects(lib, lines, state, references, { checkpoint, failures, progress, batchSize: plan.batchSize, spool: spool?.writer })
      state.phase = references.length > 0 ? 'references' : 'done'
      state.offset = 0
      state.line = 1
      checkpoint.save(state)
      await checkpoint.flush()
    }
    if (state.phase === 'references') {
      const resumed = saved?.phase === 'references'
      progress.setPhase('references')
      await spool?.writer.close()
      const refLines = spool === undefined ? linesOf(io, plan.input, state.offset, state.line) : readNdjson(createReadStream(spool.file))
      await importReferences(lib, refLines, state, references, resumed, { checkpoint, failures, progress, batchSize: plan.batchSize })
      state.phase = 'done'
      checkpoint.save(state)
    }
  } finally {
    await checkpoint.flush()
    await failures.close()
    if (spool !== undefined) await fs.rm(path.dirname(spool.file), { recursive: true, force: true })
    progress.finish()
  }
  return failures.count() > 0 ? EXIT.someFailed : EXIT.ok
}

interface PassContext {
  readonly checkpoint: ReturnType<typeof checkpointFile<ImportState>>
  readonly failures: Failures
  readonly progress: Progress
  readonly batchSize: number
  readonly spool?: NdjsonWriter | undefined
}

/** stdin cannot be read twice: the reference pass reads the objects' references from a temp file. */
const openSpool = async (io: CliIo) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'weaviate-rx-import-'))
  const file = path.join(dir, 'references.ndjson')
  return { file, writer: await openNdjsonWriter({ file, stdout: io.stdout }) }
}

const importObjects = async (
  lib: CliLibrary,
  lines: AsyncGenerator<NdjsonLine>,
  state: ImportState,
  references: readonly string[],
  pass: PassContext,
): Promise<void> => {
  let batch: BatchObject[] = []
  let batchLines: number[] = []
  let inFlight: Promise<void> | undefined
  let end = state.offset
  let nextLine = state.line
  const flush = async () => {
    await inFlight
    if (batch.length === 0) return
    const objects = batch
    const numbers = batchLines
    const after = { offset: end, line: nextLine }
    batch = []
    batchLines = []
    // One batch in flight while the next one is read and parsed.
    inFlight = writeObjectPage(lib, objects, numbers, pass.failures, pass.progress).then(() => {
      state.offset = after.offset
      state.line = after.line
      pass.checkpoint.save(state)
      // On disk before the next batch is sent: a crash resends at most one batch.
      return pass.checkpoint.flush()
    })
  }
  for await (const line of lines) {
    end = line.end
    nextLine = line.line + 1
    if ('error' in line) {
      await pass.failures.record({ line: line.line, message: line.error })
      pass.progress.fail(1)
      continue
    }
    const kind = classifyLine(line.value)
    if (kind._tag === 'Schema') continue
    if (kind._tag === 'Invalid') {
      await pass.failures.record({ line: line.line, message: kind.reason })
      pass.progress.fail(1)
      continue
    }
    const o = kind.object
    batch.push({
      className: state.className,
      dataObject: withoutReferences(o.properties, references),
      ...(o.id === undefined ? {} : { uuid: o.id }),
      ...(o.vector === undefined ? {} : { vector: o.vector }),
      ...(o.tenant === undefined ? {} : { tenant: o.tenant }),
    })
    batchLines.push(line.line)
    if (pass.spool !== undefined && references.some((r) => o.properties[r] !== undefined)) {
      await pass.spool.write({ id: o.id, properties: o.properties, ...(o.tenant === undefined ? {} : { tenant: o.tenant }) })
    }
    if (batch.length >= pass.batchSize) await flush()
  }
  await flush()
  await inFlight
}

const importReferences = async (
  lib: CliLibrary,
  lines: AsyncGenerator<NdjsonLine>,
  state: ImportState,
  references: readonly string[],
  resumed: boolean,
  pass: PassContext,
): Promise<void> => {
  let page: ObjectReferences[] = []
  let replace = resumed
  const where = { className: state.className, sourceClassName: state.sourceClassName }
  let end = state.offset
  let nextLine = state.line
  const flush = async () => {
    if (page.length === 0) return
    await writeReferencePage(lib, page, where, replace, pass.failures, pass.progress)
    replace = false
    page = []
    state.offset = end
    state.line = nextLine
    pass.checkpoint.save(state)
    await pass.checkpoint.flush()
  }
  for await (const line of lines) {
    end = line.end
    nextLine = line.line + 1
    if ('error' in line) continue
    const kind = classifyLine(line.value)
    if (kind._tag !== 'Object' || kind.object.id === undefined) continue
    const found = referencesIn(kind.object, references)
    if (E.isLeft(found)) {
      await pass.failures.record({ id: kind.object.id, line: line.line, message: found.left })
      continue
    }
    page.push({ uuid: kind.object.id, references: found.right, ...(kind.object.tenant === undefined ? {} : { tenant: kind.object.tenant }) })
    if (page.length >= pass.batchSize) await flush()
  }
  await flush()
}
