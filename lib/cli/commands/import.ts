/**
 * `weaviate-rx import`: NDJSON (as `export` writes it) into a class, through the library's
 * `objects.batch` (its batching, `--concurrency` requests in flight, backpressure). Objects are
 * written without their references; then, when the class has reference properties, a second pass
 * adds the references (the server refuses a reference to an object it does not have yet). A line
 * that is not JSON or not an object is reported with its line number and the rest is imported.
 *
 * A line without an id is written under a v5 UUID of the file's identity and its line number
 * (`line-ids.ts`), so sending a line again overwrites. With `--checkpoint FILE` the position after
 * the last line whose result is final (and every line before it) is recorded; the same command
 * resumes there, every line exactly once.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { randomUUID } from 'node:crypto'
import { createReadStream, promises as fs } from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { firstRight, type BatchObject, type Client, type ClassDefinition } from '../../index'
import { batchInOrder, type Entry } from '../pipelines/batch-in-order'
import { renameClass } from '../formats/class-rename'
import { CommandFailure, UsageError } from '../terminal/command-errors'
import { connectionOf, connectTo, ONE_WEAVIATE, SHARED_CONNECTION_OPTIONS } from '../options/connection'
import type { FailureRecord } from '../state/failures-file'
import { classifyLine } from '../formats/import-line'
import type { CliIo } from '../terminal/io'
import { fileIdentity, lineIds } from '../formats/line-ids'
import { readNdjson, type NdjsonLine } from '../formats/ndjson-reader'
import { openNdjsonWriter, type NdjsonWriter } from '../formats/ndjson-writer'
import { flag, integer, text, type OptionValues } from '../options/option-table'
import { referenceProperties, referencesIn, withoutReferences } from '../pipelines/reference-properties'
import { referencesPass } from '../pipelines/references-pass'
import { runResumable, type ResumableRun } from '../state/resumable-run'
import { defineCommand, PROGRESS } from './command'

/** Where in the input a run continues: the byte offset of a line and its number. */
interface LinePosition {
  readonly offset: number
  readonly line: number
}

/** The checkpoint of an import. */
interface ImportState extends LinePosition {
  readonly className: string
  /** The class the input came from (its references to itself point to `className`). */
  readonly sourceClassName: string
  /** The input file's identity (see `line-ids.ts`): a checkpoint resumes only the same file. */
  readonly input: string
  readonly phase: 'objects' | 'references' | 'done'
  /** Entries the run may have sent beyond the position: the references a resumed pass replaces. */
  readonly window: number
}

const OPTIONS = {
  ...ONE_WEAVIATE,
  class: text('CLASS', 'the class to write into (default: the class of the schema line)'),
  'create-class': flag('create the class from the schema line when it does not exist'),
  'batch-size': integer('N', 'objects (or references) per batch request', { default: 100, max: 10_000 }),
  concurrency: integer('N', 'batch requests in flight', { default: 2, max: 64 }),
  checkpoint: text('FILE', 'record progress in FILE; the same command resumes from it (needs a FILE input)'),
  failures: text('FILE', 'write each failed object or line as NDJSON (id, line, message)'),
  ...SHARED_CONNECTION_OPTIONS,
  progress: PROGRESS,
} as const

type ImportValues = OptionValues<typeof OPTIONS>

/**
 * `weaviate-rx import`.
 *
 * @example
 * ```ts
 * const code = await importCommand.run(['--url', url, '--create-class', 'articles.ndjson'], io)
 * ```
 */
export const importCommand = defineCommand({
  name: 'import',
  summary: 'read that NDJSON into a class',
  usage: '--url URL [options] FILE|-',
  about: `Reads NDJSON as 'weaviate-rx export' writes it (an optional {"schema": {...}} first line, then one
object a line: id, properties, vector, vectors, tenant) and writes the objects, then their references.`,
  options: OPTIONS,
  positionals: true,
  notes: `A line without an id is written under an id made from the file (its first 64 KiB and its size)
and the line number (a v5 UUID): running the same file again, or resuming it, overwrites those
objects instead of adding them twice. From stdin such lines get random ids. With --checkpoint, a run killed at any
point (even kill -9) and started again with the same command writes every line exactly once; it
sends again at most (concurrency + 1) x batch-size lines.

Exit code 2 when some objects or lines failed (the rest is imported).
`,
  run: async (values, positionals, io) => {
    const input = positionals[0]
    if (input === undefined || input === '') throw new UsageError("import: missing the input FILE or - (see 'weaviate-rx import --help')")
    if (positionals.length > 1) throw new UsageError(`import: one input only, but got: ${positionals.join(' ')}`)
    if (values.checkpoint !== undefined && input === '-') throw new UsageError('import: --checkpoint needs a FILE input, not stdin')
    const identity =
      input === '-'
        ? undefined
        : await fileIdentity(input).catch((e: unknown) => {
            throw new CommandFailure(`cannot read ${input}: ${(e as { code?: string }).code ?? String(e)}`)
          })
    const client = connectTo(connectionOf({ command: 'import', side: 'url', urls: values.url, grpcUrls: values.grpcUrl, ...values }, io.env))
    try {
      return await runResumable<ImportState>(
        {
          command: 'import',
          checkpoint: values.checkpoint,
          failures: values.failures,
          progress: values.progress,
          io,
          mismatch: (saved) =>
            values.class !== undefined && values.class !== saved.className
              ? `is for class ${saved.className}, not ${values.class}`
              : saved.input !== identity
                ? `is for another input file (${input} changed since)`
                : undefined,
          complete: (saved) => saved.phase === 'done',
        },
        (run) => importFile(client, io, { values, input, identity }, run),
      )
    } finally {
      await client.close()
    }
  },
})

interface Plan {
  readonly values: ImportValues
  readonly input: string
  readonly identity: string | undefined
}

const linesOf = (io: CliIo, input: string, at: LinePosition): AsyncGenerator<NdjsonLine> =>
  readNdjson(input === '-' ? io.stdin : createReadStream(input, { start: at.offset }), at)

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
  if (first.done === true) return { schema: undefined, pushedBack: undefined }
  const line = first.value
  if ('value' in line) {
    const kind = classifyLine(line.value)
    if (kind._tag === 'Schema') return { schema: kind.schema, pushedBack: undefined }
  }
  return { schema: undefined, pushedBack: line }
}

async function* prepend<A>(head: A | undefined, rest: AsyncGenerator<A>): AsyncGenerator<A> {
  if (head !== undefined) yield head
  yield* rest
}

/** The class to write into, created from the schema line when asked; its definition. */
const ensureClass = async (client: Client, className: string, schema: ClassDefinition | undefined, create: boolean): Promise<ClassDefinition> => {
  const existing = await firstRight(client.schema.getClass(className))
  if (existing !== null) return existing
  if (!create) throw new CommandFailure(`class ${className} does not exist (use --create-class to create it from the input's schema line)`)
  if (schema === undefined) throw new CommandFailure(`class ${className} does not exist and the input has no schema line to create it from`)
  await firstRight(client.schema.createClass(renameClass(schema, className)))
  const created = await firstRight(client.schema.getClass(className))
  if (created === null) throw new CommandFailure(`class ${className} was created but cannot be read back`)
  return created
}

const importFile = async (client: Client, io: CliIo, plan: Plan, run: ResumableRun<ImportState>): Promise<void> => {
  const { values } = plan
  const window = values.batchSize * (values.concurrency + 1)
  let state: ImportState
  let lines: AsyncGenerator<NdjsonLine>
  let definition: ClassDefinition
  const saved = run.resumed
  if (saved === undefined) {
    const start = { offset: 0, line: 1 }
    const rest = linesOf(io, plan.input, start)
    const header = await readHeader(rest)
    const className = values.class ?? header.schema?.class
    if (className === undefined) throw new CommandFailure('no --class given and the input has no schema line naming one')
    definition = await ensureClass(client, className, header.schema, values.createClass)
    state = { className: definition.class, sourceClassName: header.schema?.class ?? definition.class, input: plan.identity ?? '-', phase: 'objects', ...start, window }
    lines = prepend(header.pushedBack, rest)
  } else {
    definition = await ensureClass(client, saved.className, undefined, false)
    state = saved
    lines = linesOf(io, plan.input, saved)
  }
  const references = referenceProperties(definition)
  const idOf = plan.identity === undefined ? undefined : lineIds(plan.identity)
  const spool = plan.input === '-' && references.length > 0 ? await openSpool(io) : undefined
  try {
    const total = values.progress === 'none' ? undefined : await countLines(plan.input)
    if (total !== undefined) run.progress.setTotal(total - (state.line - 1))
    const moveTo = async (prefix: ReadonlyArray<{ readonly position: LinePosition | undefined; readonly failure: FailureRecord | undefined }>) => {
      const last = prefix.findLast((p) => p.position !== undefined)?.position
      run.progress.add(prefix.filter((p) => p.position !== undefined && p.failure === undefined).length)
      if (last !== undefined) state = { ...state, offset: last.offset, line: last.line }
      await run.commit(state, prefix.flatMap((p) => (p.failure === undefined ? [] : [p.failure])))
    }
    if (state.phase === 'objects') {
      run.progress.setPhase('objects')
      await batchInOrder({
        entries: objectEntries(lines, state, references, idOf, spool?.writer),
        write: (items) => client.objects.batch(items, { batchSize: values.batchSize, concurrency: values.concurrency }),
        window,
        passed: moveTo,
      })
      state = { ...state, phase: references.length > 0 ? 'references' : 'done', offset: 0, line: 1, window }
      await run.commit(state, [])
    }
    if (state.phase === 'references') {
      const resumedHere = saved?.phase === 'references'
      run.progress.setPhase('references')
      await spool?.writer.close()
      const refLines = spool === undefined ? linesOf(io, plan.input, state) : readNdjson(createReadStream(spool.file))
      await referencesPass({
        client,
        objects: referenceObjects(refLines, references, idOf, spool !== undefined),
        where: { className: state.className, sourceClassName: state.sourceClassName },
        batchSize: values.batchSize,
        concurrency: values.concurrency,
        window,
        replaceFirst: resumedHere ? state.window : 0,
        passed: moveTo,
      })
      state = { ...state, phase: 'done' }
      await run.commit(state, [])
    }
  } finally {
    if (spool !== undefined) await fs.rm(path.dirname(spool.file), { recursive: true, force: true })
  }
}

/** stdin cannot be read twice: the reference pass reads the objects' references from a temp file. */
const openSpool = async (io: CliIo) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'weaviate-rx-import-'))
  const file = path.join(dir, 'references.ndjson')
  return { file, writer: await openNdjsonWriter({ file, stdout: io.stdout }) }
}

/** One entry per line of the objects pass; a line that cannot be an object fails here. */
async function* objectEntries(
  lines: AsyncIterable<NdjsonLine>,
  state: ImportState,
  references: readonly string[],
  idOf: ((line: number) => string) | undefined,
  spool: NdjsonWriter | undefined,
): AsyncGenerator<Entry<BatchObject, LinePosition>> {
  for await (const line of lines) {
    const position = { offset: line.end, line: line.line + 1 }
    if ('error' in line) {
      yield { position, settled: { line: line.line, message: line.error } }
      continue
    }
    const kind = classifyLine(line.value)
    if (kind._tag === 'Schema') {
      yield { position, settled: undefined }
      continue
    }
    if (kind._tag === 'Invalid') {
      yield { position, settled: { line: line.line, message: kind.reason } }
      continue
    }
    const o = kind.object
    // From stdin (no file identity) a random id, kept in the spool for the references pass.
    const id = o.id ?? idOf?.(line.line) ?? randomUUID()
    if (spool !== undefined && references.some((r) => o.properties[r] !== undefined)) {
      await spool.write({ id, line: line.line, properties: o.properties, ...(o.tenant === undefined ? {} : { tenant: o.tenant }) })
    }
    yield {
      position,
      send: {
        className: state.className,
        dataObject: withoutReferences(o.properties, references),
        uuid: id,
        ...(o.vector === undefined ? {} : { vector: o.vector }),
        ...(o.vectors === undefined ? {} : { vectors: o.vectors }),
        ...(o.tenant === undefined ? {} : { tenant: o.tenant }),
      },
      describe: (message) => ({ id, line: line.line, message }),
    }
  }
}

/** A spooled line (stdin) names its input line and carries the id its object was written under. */
const spooledLine = (line: NdjsonLine): number | undefined => {
  const value: unknown = 'value' in line ? line.value : undefined
  const n: unknown = typeof value === 'object' && value !== null ? (value as { line?: unknown }).line : undefined
  return typeof n === 'number' ? n : undefined
}

/** The references of each object line of the references pass (other lines pass at once). */
async function* referenceObjects(lines: AsyncIterable<NdjsonLine>, references: readonly string[], idOf: ((line: number) => string) | undefined, spooled: boolean) {
  for await (const line of lines) {
    const position = { offset: line.end, line: line.line + 1 }
    const kind = 'error' in line ? undefined : classifyLine(line.value)
    const o = kind?._tag === 'Object' ? kind.object : undefined
    const inputLine = (spooled ? spooledLine(line) : undefined) ?? line.line
    const id = o?.id ?? idOf?.(inputLine)
    if (o === undefined || id === undefined) {
      yield { uuid: '', group: 0, found: E.right([]), position }
      continue
    }
    yield { uuid: id, tenant: o.tenant, group: 0, found: referencesIn(o, references), position, line: inputLine }
  }
}
