/**
 * Where failed objects go: one NDJSON line each (`id`, `message`, and `line` for import) in the
 * `--failures` file, or, without one, a line on stderr for the first few. A failed object never
 * stops the run; the exit code says that some failed. The file's size after each recorded failure
 * is what a checkpoint keeps, so that a resumed run cuts the file back to it and records the
 * failures it meets again only once; `sync` flushes the file to disk before a checkpoint that
 * counts its bytes is written, so that after a power loss the file is at least that long.
 *
 * @packageDocumentation
 */
import { openNdjsonWriter, type NdjsonWriter } from '../formats/ndjson-writer'
import type { CliIo } from '../terminal/io'

/**
 * One failed object (or reference, or input line).
 *
 * @example
 * ```ts
 * const f: FailureRecord = { id: '36ddd591-2dee-4e7e-a3cc-eb86d30a4303', message: 'invalid text property' }
 * ```
 */
export interface FailureRecord {
  readonly id?: string
  readonly line?: number
  readonly message: string
  /** For a failed reference: the property and the target. */
  readonly property?: string
  readonly to?: string
}

/**
 * Records failures.
 *
 * @example
 * ```ts
 * const failures = await openFailures(values.failures, io, undefined)
 * await failures.record({ id, message })
 * await failures.close()
 * ```
 */
export interface Failures {
  /** Resolves once the line reached the operating system. */
  record(failure: FailureRecord): Promise<void>
  count(): number
  /** Bytes of the file written so far (0 without a file). */
  written(): number
  /** Flushes the file to disk (fsync), at least its {@link Failures.written} bytes; nothing without a file. */
  sync(): Promise<void>
  close(): Promise<void>
}

const SHOWN_ON_STDERR = 10

const describe = (f: FailureRecord): string =>
  `${f.line === undefined ? '' : `line ${f.line}: `}${f.id === undefined ? '' : `${f.id}${f.property === undefined ? '' : `.${f.property}`}: `}${f.message}`

/**
 * Opens the failures file, cut back to `resumeAt` bytes on a resumed run (emptied otherwise), or
 * reports on stderr when `file` is undefined.
 *
 * @example
 * ```ts
 * const failures = await openFailures('failed.ndjson', io, saved?.failuresAt)
 * ```
 */
export const openFailures = async (file: string | undefined, io: CliIo, resumeAt: number | undefined): Promise<Failures> => {
  let count = 0
  const writer: NdjsonWriter | undefined =
    file === undefined ? undefined : await openNdjsonWriter({ file, stdout: io.stdout, ...(resumeAt === undefined || resumeAt === 0 ? {} : { resumeAt }) })
  return {
    record: async (failure) => {
      count++
      if (writer !== undefined) {
        let reached: () => void = () => undefined
        const written = new Promise<void>((resolve) => {
          reached = resolve
        })
        await writer.write(failure, reached)
        return written
      }
      if (count <= SHOWN_ON_STDERR) io.stderr.write(`failed: ${describe(failure)}\n`)
      else if (count === SHOWN_ON_STDERR + 1) io.stderr.write('failed: ... (more failures; use --failures FILE to keep them all)\n')
    },
    count: () => count,
    written: () => writer?.written() ?? 0,
    sync: async () => {
      await writer?.sync()
    },
    close: async () => {
      await writer?.close()
    },
  }
}
