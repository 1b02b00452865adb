/**
 * `weaviate-rx export`: a class as NDJSON. The first line is the class definition,
 * `{"schema": <class>}`, so that one file is enough to restore the class; then one object a line,
 * as the library returns it. With `--partitions N` the UUID ranges are read at once and their
 * lines interleave. With `--checkpoint`, the file is cut back to the last line the checkpoint
 * knows of on resume, and each partition continues after its last written UUID: the file ends up
 * with every object exactly once.
 *
 * @packageDocumentation
 */
import { COMMON_OPTIONS, connection, optionalString, parse, positiveInteger, progressMode, required } from './args'
import { checkpointFile } from './checkpoint'
import { CommandFailure, EXIT, UsageError } from './failure'
import type { CliIo } from './io'
import { cliLibrary, type CliLibrary } from './library'
import { openNdjsonWriter } from './ndjson-writer'
import { MAX_PARTITIONS } from '../paging'
import { forEachPartition, startCursors, type PartitionCursor } from './partitions'
import { scanPartition } from './partition-scan'
import { createProgress } from './progress'

/** The checkpoint of an export. */
interface ExportState {
  readonly command: 'export'
  readonly className: string
  /** Bytes of the output file that hold complete lines the partitions below account for. */
  offset: number
  readonly partitions: PartitionCursor[]
  done: boolean
}

const OPTIONS = {
  ...COMMON_OPTIONS,
  url: { type: 'string', multiple: true },
  class: { type: 'string' },
  out: { type: 'string', short: 'o' },
  partitions: { type: 'string' },
  'with-vector': { type: 'boolean' },
  tenant: { type: 'string' },
  'page-size': { type: 'string' },
  checkpoint: { type: 'string' },
} as const

/** `weaviate-rx export --help`. */
export const EXPORT_HELP = `Usage: weaviate-rx export --url URL --class CLASS [options]

Writes a class as NDJSON: the first line is the class definition {"schema": {...}}, then one
object a line as weaviate-rx returns it (class, id, properties, vector, ...).

Options:
  --url URL            Weaviate base URL; repeat for several nodes of one cluster
  --class CLASS        the class to export (required)
  --out FILE|-         where to write (default: stdout)
  --with-vector        include each object's vector
  --tenant TENANT      export one tenant of a multi-tenant class
  --partitions N       read N UUID ranges at once (default 1; lines then interleave)
  --page-size N        objects per request (default 500)
  --checkpoint FILE    record progress in FILE; the same command resumes from it (needs --out FILE)
  --api-key KEY        API key (default: env WEAVIATE_API_KEY); never printed
  --progress MODE      auto (bar on a terminal), json (a line a second), none
  -h, --help           this help
`

/**
 * Runs `export` with its arguments; resolves to the exit code.
 *
 * @example
 * ```ts
 * const code = await runExport(['--url', url, '--class', 'Article', '--out', 'articles.ndjson'], io)
 * ```
 */
export const runExport = async (args: readonly string[], io: CliIo, libraryFor = cliLibrary): Promise<number> => {
  const { values } = parse('export', OPTIONS, args, false)
  if (values['help'] === true) {
    io.stdout.write(EXPORT_HELP)
    return EXIT.ok
  }
  const className = required('export', values, 'class')
  const source = connection('export', values, 'url', io.env)
  const out = optionalString(values, 'out')
  const partitions = positiveInteger('export', values, 'partitions', 1, MAX_PARTITIONS)
  const pageSize = positiveInteger('export', values, 'page-size', 500, 10_000)
  const tenant = optionalString(values, 'tenant')
  const withVector = values['with-vector'] === true
  const checkpointPath = optionalString(values, 'checkpoint')
  if (checkpointPath !== undefined && (out === undefined || out === '-')) {
    throw new UsageError("export: --checkpoint needs --out FILE (a resumed export cuts the file back; see 'weaviate-rx export --help')")
  }
  const lib = libraryFor(source)
  try {
    return await exportClass(lib, io, { className, out, partitions, pageSize, tenant, withVector, checkpointPath, mode: progressMode('export', values) })
  } finally {
    await lib.close()
  }
}

interface ExportPlan {
  readonly className: string
  readonly out: string | undefined
  readonly partitions: number
  readonly pageSize: number
  readonly tenant: string | undefined
  readonly withVector: boolean
  readonly checkpointPath: string | undefined
  readonly mode: 'auto' | 'json' | 'none'
}

const exportClass = async (lib: CliLibrary, io: CliIo, plan: ExportPlan): Promise<number> => {
  const checkpoint = checkpointFile<ExportState>(plan.checkpointPath)
  const saved = await checkpoint.load()
  if (saved !== undefined && (saved.command !== 'export' || saved.className !== plan.className)) {
    throw new CommandFailure(`the checkpoint ${plan.checkpointPath ?? ''} belongs to another command or class`)
  }
  if (saved?.done === true) {
    io.stderr.write(`export: the checkpoint ${plan.checkpointPath ?? ''} says this export is complete; nothing to do\n`)
    return EXIT.ok
  }
  const definition = await lib.getClass(plan.className)
  if (definition === null) throw new CommandFailure(`class ${plan.className} does not exist`)
  const state: ExportState = {
    command: 'export',
    className: plan.className,
    offset: saved?.offset ?? 0,
    partitions: startCursors(saved?.partitions, plan.partitions, plan.checkpointPath),
    done: false,
  }
  const out = await openNdjsonWriter({ file: plan.out, stdout: io.stdout, ...(saved === undefined ? {} : { resumeAt: state.offset }) })
  const progress = createProgress({ label: 'export', mode: plan.mode, stderr: io.stderr })
  let closed = false
  try {
    progress.setTotal(await lib.count({ className: plan.className, ...(plan.tenant === undefined ? {} : { tenant: plan.tenant }) }))
    if (saved === undefined) {
      await out.write({ schema: definition }, () => {
        state.offset = out.written()
      })
    }
    await forEachPartition(state.partitions, async (range, cursor, stopped) => {
      const pages = scanPartition(lib, {
        className: plan.className,
        range,
        after: cursor.after,
        pageSize: plan.pageSize,
        withVector: plan.withVector,
        stopped,
        ...(plan.tenant === undefined ? {} : { tenant: plan.tenant }),
      })
      for await (const page of pages) {
        for (const object of page) {
          await out.write(object, () => {
            // Runs when the line reached the OS, in line order: offset and cursor move together.
            cursor.after = object.id
            state.offset = out.written()
            progress.add(1)
            checkpoint.save(state)
          })
        }
      }
    })
    closed = true
    await out.close()
    state.offset = out.written()
    state.done = true
    checkpoint.save(state)
  } finally {
    if (!closed) await out.close().catch(() => undefined)
    await checkpoint.flush()
    progress.finish()
  }
  return EXIT.ok
}
