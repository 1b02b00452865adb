/**
 * The checkpoint file of a resumable run: a JSON document written atomically and durably (a temp
 * file in the same directory, flushed with fsync, renamed, then the directory flushed:
 * `formats/durable-file.ts`), so that after a crash or a power loss it holds either the previous or the
 * new state, never half of one and never a name without its content. Before each write, `before`
 * flushes the files the state counts bytes of (the failures file, an export's output), so a state
 * on disk never points past what is on disk beside it. Saves are coalesced: at most one write every 200 ms and one at a time,
 * always of the latest state; `flush` writes at once.
 *
 * @packageDocumentation
 */
import { promises as fs } from 'node:fs'
import * as path from 'node:path'
import { CommandFailure, reasonOf } from '../terminal/command-errors'
import { NODE_FS, replaceDurably, type DurableFs } from '../formats/durable-file'

/**
 * A checkpoint file holding a state of type `S`.
 *
 * @example
 * ```ts
 * const checkpoint = checkpointFile<{ after: string }>('copy.checkpoint')
 * const previous = await checkpoint.load()
 * checkpoint.save({ after: lastId })
 * await checkpoint.flush()
 * ```
 */
export interface Checkpoint<S> {
  /** The saved state, or undefined when the file does not exist. */
  load(): Promise<S | undefined>
  /** Schedules writing this state (latest wins); never rejects here, see `flush`. */
  save(state: S): void
  /** Waits until every scheduled state is on disk; rejects when a write failed. */
  flush(): Promise<void>
}

/**
 * How a checkpoint writes.
 *
 * @example
 * ```ts
 * const options: CheckpointOptions = { before: () => failures.sync() }
 * ```
 */
export interface CheckpointOptions {
  /** Runs before each write: flushes what the state refers to. */
  readonly before?: () => Promise<void>
  /** The file operations (node's by default). */
  readonly fs?: DurableFs
}

/** Saves closer together than this are coalesced into one write. */
const SAVE_INTERVAL_MS = 200

/**
 * A checkpoint at `file`, or one that keeps nothing when `file` is undefined.
 *
 * @example
 * ```ts
 * const checkpoint = checkpointFile<ExportState>(values.checkpoint)
 * ```
 */
export const checkpointFile = <S>(file: string | undefined, options: CheckpointOptions = {}): Checkpoint<S> => {
  if (file === undefined) return { load: () => Promise.resolve(undefined), save: () => undefined, flush: () => Promise.resolve() }
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`)
  let pending: S | undefined
  let writing: Promise<void> | undefined
  let timer: NodeJS.Timeout | undefined
  let failure: unknown

  const write = async (state: S) => {
    // Serialised now, synchronously: a state mutated between saves is written as one snapshot.
    const text = `${JSON.stringify(state)}\n`
    await options.before?.()
    await replaceDurably(file, text, temp, options.fs ?? NODE_FS)
  }
  /** Writes the latest state until none is pending. */
  const drain = async () => {
    while (pending !== undefined) {
      const state = pending
      pending = undefined
      try {
        await write(state)
      } catch (e) {
        failure = e
      }
    }
  }
  /** Starts a drain unless one runs or nothing is pending; `writing` is cleared only after it ends. */
  const start = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    if (writing !== undefined || pending === undefined) return
    writing = drain().finally(() => {
      writing = undefined
    })
  }
  return {
    load: async () => {
      let text: string
      try {
        text = await fs.readFile(file, 'utf8')
      } catch (e) {
        if ((e as { code?: unknown }).code === 'ENOENT') return undefined
        throw new CommandFailure(`cannot read the checkpoint ${file}: ${reasonOf(e)}`)
      }
      try {
        return JSON.parse(text) as S
      } catch {
        throw new CommandFailure(`the checkpoint ${file} is not valid JSON`)
      }
    },
    save: (state) => {
      pending = state
      timer ??= setTimeout(start, SAVE_INTERVAL_MS)
    },
    flush: async () => {
      // A drain picks up states saved while it writes; loop until nothing runs and nothing waits.
      while (writing !== undefined || pending !== undefined) {
        start()
        await writing
      }
      if (failure !== undefined) {
        const e = failure
        failure = undefined
        throw new CommandFailure(`cannot write the checkpoint ${file}: ${reasonOf(e)}`)
      }
    },
  }
}
