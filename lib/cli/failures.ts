/**
 * Where failed objects go: one NDJSON line each (`id`, `message`, and `line` for import) in the
 * `--failures` file, or, without one, a line on stderr for the first few. A failed object never
 * stops the run; the exit code says that some failed.
 *
 * @packageDocumentation
 */
import { promises as fs } from 'node:fs'
import { openNdjsonWriter, type NdjsonWriter } from './ndjson-writer'
import type { CliIo } from './io'

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
 * const failures = await openFailures(values.failures, io)
 * await failures.record({ id, message })
 * await failures.close()
 * ```
 */
export interface Failures {
  record(failure: FailureRecord): Promise<void>
  count(): number
  close(): Promise<void>
}

const SHOWN_ON_STDERR = 10

const describe = (f: FailureRecord): string =>
  `${f.line === undefined ? '' : `line ${f.line}: `}${f.id === undefined ? '' : `${f.id}${f.property === undefined ? '' : `.${f.property}`}: `}${f.message}`

/**
 * Opens the failures file (appended to when `append`, as on a resumed run), or reports on stderr
 * when `file` is undefined.
 *
 * @example
 * ```ts
 * const failures = await openFailures('failed.ndjson', io, false)
 * ```
 */
export const openFailures = async (file: string | undefined, io: CliIo, append = false): Promise<Failures> => {
  let count = 0
  let writer: NdjsonWriter | undefined
  if (file !== undefined) {
    if (append) {
      const size = await fs.stat(file).then(
        (s) => s.size,
        () => undefined,
      )
      writer = await openNdjsonWriter({ file, stdout: io.stdout, ...(size === undefined ? {} : { resumeAt: size }) })
    } else {
      writer = await openNdjsonWriter({ file, stdout: io.stdout })
    }
  }
  return {
    record: async (failure) => {
      count++
      if (writer !== undefined) return writer.write(failure)
      if (count <= SHOWN_ON_STDERR) io.stderr.write(`failed: ${describe(failure)}\n`)
      else if (count === SHOWN_ON_STDERR + 1) io.stderr.write('failed: ... (more failures; use --failures FILE to keep them all)\n')
    },
    count: () => count,
    close: async () => {
      await writer?.close()
    },
  }
}
