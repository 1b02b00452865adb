/**
 * `weaviate-rx export`: a class as NDJSON. The first line is the class definition,
 * `{"schema": <class>}`, so that one file is enough to restore the class; then one object a line,
 * as the library returns it. With `--partitions N` the UUID ranges are read at once and their
 * lines interleave. With `--checkpoint`, a resumed run cuts the file back to the last line the
 * checkpoint knows of and each partition continues after its last written UUID: the file ends up
 * with every object exactly once.
 *
 * The file is the same, byte for byte, whichever transport read it (`exportLine`). `--transport
 * auto` reads over REST, vectors too (see {@link exportVectorFormat}); `--transport grpc` reads the
 * vectors as float32 bytes and writes each as the number REST's JSON gives.
 *
 * @packageDocumentation
 */
import { firstRight, type Client, type TransportMode, type VectorFormat } from '../../index'
import { MAX_PARTITIONS } from '../../paging'
import { CommandFailure, UsageError } from '../terminal/command-errors'
import { connectionOf, connectTo, ONE_WEAVIATE, SHARED_CONNECTION_OPTIONS } from '../options/connection'
import { exportLine } from '../formats/export-line'
import { openNdjsonWriter } from '../formats/ndjson-writer'
import { flag, integer, requiredText, text, type OptionValues } from '../options/option-table'
import { partitionPages, startCursors, type PartitionCursors } from '../pipelines/partition-pages'
import { readTransport } from '../formats/vector-format'
import { runResumable, type ResumableRun } from '../state/resumable-run'
import type { CliIo } from '../terminal/io'
import { defineCommand, PROGRESS } from './command'

/** The checkpoint of an export. */
interface ExportState {
  readonly className: string
  /** Bytes of the output file that hold complete lines the cursors below account for. */
  offset: number
  readonly partitions: PartitionCursors
  done: boolean
}

const OPTIONS = {
  ...ONE_WEAVIATE,
  class: requiredText('CLASS', 'the class to export'),
  out: text('FILE|-', 'where to write (default: stdout)', 'o'),
  'with-vector': flag("include each object's vector"),
  tenant: text('TENANT', 'export one tenant of a multi-tenant class'),
  partitions: integer('N', 'read N UUID ranges at once (lines then interleave)', { default: 1, max: MAX_PARTITIONS }),
  'page-size': integer('N', 'objects per request', { default: 500, max: 10_000 }),
  checkpoint: text('FILE', 'record progress in FILE; the same command resumes from it, the output cut back to what it knows (needs --out FILE)'),
  ...SHARED_CONNECTION_OPTIONS,
  progress: PROGRESS,
} as const

type ExportValues = OptionValues<typeof OPTIONS>

/**
 * `weaviate-rx export`.
 *
 * @example
 * ```ts
 * const code = await exportCommand.run(['--url', url, '--class', 'Article', '--out', 'articles.ndjson'], io)
 * ```
 */
export const exportCommand = defineCommand({
  name: 'export',
  summary: 'write a class as NDJSON (schema line first, then one object a line)',
  usage: '--url URL --class CLASS [options]',
  about: `Writes a class as NDJSON: the first line is the class definition {"schema": {...}}, then one
object a line as weaviate-rx returns it (class, id, properties, vector, ...).`,
  options: OPTIONS,
  run: async (values, _positionals, io) => {
    if (values.checkpoint !== undefined && (values.out === undefined || values.out === '-')) {
      throw new UsageError("export: --checkpoint needs --out FILE (a resumed export cuts the file back; see 'weaviate-rx export --help')")
    }
    const client = connectTo(connectionOf({ command: 'export', side: 'url', urls: values.url, grpcUrls: values.grpcUrl, ...values }, io.env))
    try {
      return await exportClass(client, io, values)
    } finally {
      await client.close()
    }
  },
})

/**
 * How an export reads vectors: as Float32Arrays (so over gRPC) only with `--transport grpc`. Under
 * `auto` an export reads REST's numbers, with vectors too, because that is faster: the
 * command's one thread is the bottleneck, and writing REST's number for each float32 (the
 * shortest decimal that reads back as it) costs it more than parsing REST's JSON, which the
 * server prints on another core (docs/decisions/0004-vector-formats.md: copy and import gain from
 * gRPC, export does not).
 */
const exportVectorFormat = (transport: TransportMode, withVector: boolean): VectorFormat => (withVector && transport === 'grpc' ? 'float32' : 'array')

const exportClass = (client: Client, io: CliIo, values: ExportValues): Promise<number> =>
  runResumable<ExportState>(
    {
      command: 'export',
      checkpoint: values.checkpoint,
      failures: undefined,
      progress: values.progress,
      io,
      mismatch: (saved) => (saved.className === values.class ? undefined : `is for class ${saved.className}, not ${values.class}`),
      complete: (saved) => saved.done,
    },
    (run) => exportPages(client, io, values, run),
  )

const exportPages = async (client: Client, io: CliIo, values: ExportValues, run: ResumableRun<ExportState>): Promise<void> => {
  const definition = await firstRight(client.schema.getClass(values.class))
  if (definition === null) throw new CommandFailure(`class ${values.class} does not exist`)
  const resumed = run.resumed
  // Mutated in place as lines reach the OS; a save serialises it at once, offset and cursors together.
  const state: ExportState = {
    className: values.class,
    offset: resumed?.offset ?? 0,
    partitions: startCursors(resumed?.partitions, values.partitions, values.checkpoint),
    done: false,
  }
  const out = await openNdjsonWriter({ file: values.out, stdout: io.stdout, ...(resumed === undefined ? {} : { resumeAt: state.offset }) })
  // The checkpoint's offset counts this file's bytes: they reach the disk before it does.
  run.durable(() => out.sync())
  let closed = false
  try {
    run.progress.setTotal(await firstRight(client.objects.count({ className: values.class, ...(values.tenant === undefined ? {} : { tenant: values.tenant }) })))
    if (resumed === undefined) await out.write({ schema: definition })
    const vectorFormat = exportVectorFormat(values.transport, values.withVector)
    const pages = partitionPages(client, {
      className: values.class,
      cursors: state.partitions,
      pageSize: values.pageSize,
      withVector: values.withVector,
      vectorFormat,
      transport: readTransport(values.transport, vectorFormat),
      tenant: values.tenant,
    })
    for await (const page of pages) {
      for (const object of page.objects) {
        await out.write(exportLine(object), () => {
          // Runs when the line reached the OS, in line order: offset and cursors move together.
          state.partitions[page.partition] = object.id
          state.offset = out.written()
          run.progress.add(1)
          run.save(state)
        })
      }
    }
    closed = true
    await out.close()
    state.offset = out.written()
    state.done = true
    run.save(state)
  } finally {
    if (!closed) await out.close().catch(() => undefined)
  }
}
