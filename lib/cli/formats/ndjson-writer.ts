/**
 * Writes NDJSON to a file or stdout with backpressure, telling the caller when each line has
 * reached the operating system (so a checkpoint never claims a line that was not written), and
 * how many bytes have been written so far (where a resumed export truncates the file), and
 * flushing the file to disk on demand (`sync`, before a checkpoint that counts its bytes is written).
 *
 * @packageDocumentation
 */
import { createWriteStream, promises as fs } from 'node:fs'
import { once } from 'node:events'
import * as path from 'node:path'
import { CommandFailure, reasonOf } from '../terminal/command-errors'
import { syncDirectory } from './durable-file'

/**
 * An open NDJSON output.
 *
 * @example
 * ```ts
 * const out = await openNdjsonWriter({ file: 'out.ndjson', stdout: process.stdout })
 * await out.write({ id: 1 }, () => console.log('on disk up to', out.written()))
 * await out.close()
 * ```
 */
export interface NdjsonWriter {
  /**
   * Queues one value as a line; resolves when the writer can take more (backpressure).
   * `onWritten` runs once the line has been handed to the operating system, in line order.
   */
  write(value: unknown, onWritten?: () => void): Promise<void>
  /** Bytes handed to the operating system so far (including the kept part of a resumed file). */
  written(): number
  /**
   * Flushes the file to disk (fsync), at least the {@link NdjsonWriter.written} bytes; nothing for
   * stdout or once closed (closing flushes).
   */
  sync(): Promise<void>
  close(): Promise<void>
}

/**
 * Where to write: `file` (`undefined` or `-` for stdout). With `resumeAt`, the file is cut to that
 * many bytes and appended to; otherwise it is created or emptied.
 *
 * @example
 * ```ts
 * const options: NdjsonWriterOptions = { file: 'out.ndjson', stdout: process.stdout, resumeAt: 4096 }
 * ```
 */
export interface NdjsonWriterOptions {
  readonly file: string | undefined
  readonly stdout: NodeJS.WritableStream
  readonly resumeAt?: number
}

/**
 * Opens the output.
 *
 * @example
 * ```ts
 * const out = await openNdjsonWriter({ file: '-', stdout: process.stdout })
 * ```
 */
export const openNdjsonWriter = async (options: NdjsonWriterOptions): Promise<NdjsonWriter> => {
  const toStdout = options.file === undefined || options.file === '-'
  let stream: NodeJS.WritableStream
  let handle: fs.FileHandle | undefined
  let written = 0
  if (toStdout || options.file === undefined) {
    stream = options.stdout
  } else {
    const file = options.file
    try {
      if (options.resumeAt !== undefined) {
        await fs.truncate(file, options.resumeAt)
        written = options.resumeAt
      }
      handle = await fs.open(file, options.resumeAt === undefined ? 'w' : 'a')
      // A file made now has a name only its directory holds: flush that too.
      if (options.resumeAt === undefined) await syncDirectory(path.dirname(path.resolve(file)))
      // The stream writes through the handle (and closes it when it ends), so `sync` can flush it.
      stream = createWriteStream(file, { fd: handle })
    } catch (e) {
      await handle?.close().catch(() => undefined)
      throw new CommandFailure(`cannot write ${file}: ${reasonOf(e)}`)
    }
  }
  let closed = false
  const flush = async (h: fs.FileHandle) => {
    try {
      await h.sync()
    } catch (e) {
      throw new CommandFailure(`cannot write ${options.file ?? 'stdout'}: ${reasonOf(e)}`)
    }
  }
  let failure: unknown
  const onError = (e: unknown) => {
    failure = e
  }
  stream.on('error', onError)
  const check = () => {
    if (failure !== undefined) throw new CommandFailure(`cannot write ${options.file ?? 'stdout'}: ${reasonOf(failure)}`)
  }
  return {
    write: async (value, onWritten) => {
      check()
      const line = `${JSON.stringify(value)}\n`
      const bytes = Buffer.byteLength(line)
      const more = stream.write(line, (e) => {
        if (e !== null && e !== undefined) return
        written += bytes
        onWritten?.()
      })
      if (!more) await once(stream, 'drain')
    },
    written: () => written,
    sync: async () => {
      if (handle === undefined || closed) return
      await flush(handle)
    },
    close: async () => {
      check()
      // Wait until what was queued reached the OS.
      await new Promise<void>((resolve) => stream.write('', () => resolve()))
      if (handle !== undefined && !closed) {
        closed = true
        try {
          await flush(handle)
        } finally {
          await new Promise<void>((resolve) => stream.end(() => resolve()))
        }
      }
      stream.off('error', onError)
      check()
    },
  }
}
