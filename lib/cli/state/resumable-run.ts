/**
 * The skeleton every resumable command shares (`export`, `import`, `copy`): load the checkpoint
 * and check that it belongs to this command, stop at once when it says the run is complete, open
 * the failures file where the checkpoint left it, run the work, and whatever happens put the last
 * state on disk, close the failures file and print the summary.
 *
 * The checkpoint file holds `{ command, state, failuresAt, failed }`: the command's own state,
 * and the size of the failures file and the failures counted when that state was saved. Before
 * each checkpoint write the failures file is flushed to disk, and so is every file the work
 * registered with `durable` (an export's output), so that after a power loss no checkpoint counts
 * bytes the disk does not hold.
 *
 * @packageDocumentation
 */
import { checkpointFile } from './checkpoint-file'
import { CommandFailure, EXIT } from '../terminal/command-errors'
import { openFailures, type FailureRecord, type Failures } from './failures-file'
import type { CliIo } from '../terminal/io'
import { createProgress, type Progress } from '../terminal/progress'

/**
 * The checkpoint file's content.
 *
 * @example
 * ```ts
 * const saved: Saved<{ done: boolean }> = { command: 'export', state: { done: false }, failuresAt: 0, failed: 0 }
 * ```
 */
export interface Saved<S> {
  readonly command: string
  readonly state: S
  readonly failuresAt: number
  readonly failed: number
}

/**
 * What the work of a run is given.
 *
 * @example
 * ```ts
 * await runResumable(options, async (run) => { run.save({ ...state, done: true }) })
 * ```
 */
export interface ResumableRun<S> {
  /** The state of the run being resumed; undefined on a fresh start. */
  readonly resumed: S | undefined
  readonly failures: Failures
  /** Made on first use: touch it only once the run got past its checks. */
  readonly progress: Progress
  /** Schedules saving this state (coalesced; see `checkpointFile`). */
  save(state: S): void
  /** Records the failures in order, then puts this state on disk with the failures file's size. */
  commit(state: S, failures: readonly FailureRecord[]): Promise<void>
  /** Flushes `sync` (a file the state counts bytes of) to disk before every checkpoint write. */
  durable(sync: () => Promise<void>): void
}

/**
 * How to run.
 *
 * @example
 * ```ts
 * const options: ResumableOptions<ExportState> = { command: 'export', checkpoint: 'x.ckpt', failures: undefined, progress: 'none', io, belongs: () => true, complete: (s) => s.done }
 * ```
 */
export interface ResumableOptions<S> {
  readonly command: string
  readonly checkpoint: string | undefined
  readonly failures: string | undefined
  readonly progress: 'auto' | 'json' | 'none'
  readonly io: CliIo
  /** Why a saved state cannot be resumed by this command line (another class...), or undefined. */
  readonly mismatch: (saved: S) => string | undefined
  readonly complete: (saved: S) => boolean
}

/**
 * Runs `work` as a resumable run; resolves to the exit code (2 when some items failed, in this
 * run or the runs it resumes).
 *
 * @example
 * ```ts
 * return runResumable(options, async (run) => exportPages(run))
 * ```
 */
export const runResumable = async <S>(options: ResumableOptions<S>, work: (run: ResumableRun<S>) => Promise<void>): Promise<number> => {
  // Flushed before each checkpoint write: the failures file (once open) and what the work registers.
  const flushed: Array<() => Promise<void>> = []
  const file = checkpointFile<Saved<S>>(options.checkpoint, {
    before: async () => {
      for (const sync of flushed) await sync()
    },
  })
  const saved = await file.load()
  if (saved !== undefined) {
    if (typeof saved.state !== 'object' || saved.state === null || typeof saved.failuresAt !== 'number') {
      throw new CommandFailure(`the checkpoint ${options.checkpoint ?? ''} was written by an older weaviate-rx; delete it to start over`)
    }
    const why = saved.command !== options.command ? `belongs to '${saved.command}'` : options.mismatch(saved.state)
    if (why !== undefined) throw new CommandFailure(`the checkpoint ${options.checkpoint ?? ''} ${why}`)
    if (options.complete(saved.state)) {
      options.io.stderr.write(`${options.command}: the checkpoint ${options.checkpoint ?? ''} says this ${options.command} is complete; nothing to do\n`)
      return EXIT.ok
    }
  }
  const failures = await openFailures(options.failures, options.io, saved?.failuresAt)
  flushed.push(() => failures.sync())
  const earlier = saved?.failed ?? 0
  // Made on first use, once the work got past its checks: a run that fails before prints one line.
  let progress: Progress | undefined
  const progressOf = (): Progress => (progress ??= createProgress({ label: options.command, mode: options.progress, stderr: options.io.stderr }))
  const envelope = (state: S): Saved<S> => ({ command: options.command, state, failuresAt: failures.written(), failed: earlier + failures.count() })
  try {
    await work({
      resumed: saved?.state,
      failures,
      get progress() {
        return progressOf()
      },
      save: (state) => {
        file.save(envelope(state))
      },
      commit: async (state, failed) => {
        for (const failure of failed) {
          progressOf().fail(1)
          await failures.record(failure)
        }
        file.save(envelope(state))
        await file.flush()
      },
      durable: (sync) => {
        flushed.push(sync)
      },
    })
  } finally {
    await file.flush()
    await failures.close()
    progress?.finish()
  }
  return earlier + failures.count() > 0 ? EXIT.someFailed : EXIT.ok
}
