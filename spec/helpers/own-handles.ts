/**
 * An exact check of the timers, sockets and HTTP/2 sessions the library itself owns, instead of a
 * count of every handle in the process (which other clients, the spec's stub servers and jest's
 * own timers move, so it can neither see one leak nor stay green).
 *
 * An `async_hooks` hook records each resource from its `init` to its `destroy`. A resource is
 * *ours* when the nearest frame of this repository on its creation stack (dependencies such as
 * undici, grpc-js and RxJS skipped) is in `lib/`, or, with no frame of ours on the stack, when
 * the resource that triggered it is ours (a timer set in a callback of lib's socket, a socket that
 * grpc-js opens on a later tick for lib's channel). So a timer the spec's stub server sets is not
 * ours, and one RxJS sets for lib's deadline is.
 *
 * `ownHandles()` makes every test of the calling spec file prove that no timer (`Timeout`,
 * `Immediate`) of ours created during the test is still pending when it ends, apart from the few a
 * live connection keeps by design ({@link CONNECTION_TIMERS}), and, once the spec's clients are
 * closed, that nothing of ours is left at all: no timer, no socket, no HTTP/2 session or stream.
 */
import { createHook } from 'node:async_hooks'
import * as path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

/**
 * A full garbage collection, for {@link OwnHandleTracker.settledAll}: Node frees an HTTP/2
 * session's native object, and so emits its `destroy`, only when V8 collects it, not when the
 * session closes (a socket's handle is freed on close). grpc-js closes a channel's session within
 * a millisecond of `client.close()` (its socket's `destroy` comes then), but in an idle process the
 * closed session's object can wait for a collection longer than any settle time. So before a
 * session is called open, the garbage is collected: one that is still referenced (grpc-js or the
 * client still holds it) stays, one that is closed and unreferenced goes.
 */
const collectGarbage: () => void = (() => {
  setFlagsFromString('--expose-gc')
  const gc: unknown = runInNewContext('gc')
  return typeof gc === 'function' ? () => void (gc as () => unknown)() : () => undefined
})()

/** The resource types checked (Node's `async_hooks` type names). */
export const TIMER_TYPES: ReadonlySet<string> = new Set(['Timeout', 'Immediate'])
export const CONNECTION_TYPES: ReadonlySet<string> = new Set(['TCPWRAP', 'TLSWRAP', 'HTTP2SESSION', 'HTTP2STREAM'])

const ROOT = path.resolve(__dirname, '..', '..')
const LIB = `${path.join(ROOT, 'lib')}${path.sep}`
const NODE_MODULES = `${path.sep}node_modules${path.sep}`

/**
 * A place in a dependency that creates a resource on our behalf which is not leaked when it
 * outlives an operation.
 */
interface Site {
  /** A path fragment of the creating file (under node_modules). */
  readonly file: string
  /** The creating function's name. */
  readonly fn: string
  /** Why it may stay. */
  readonly why: string
}

/**
 * Never checked: timers of a dependency's process-wide housekeeping, shared by every client in the
 * process, which the first client's request happens to create: undici's one tick timer (unref'd,
 * refreshed while any undici timer runs) and grpc-js's global subchannel pool sweep (unref'd,
 * every 10 s, stops itself on the first sweep that finds the pool empty, so up to 10 s after the
 * last channel closed). The sweep does not hold a closed channel's session: a channel's `close()`
 * runs the pool's unref at once (grpc-js 1.14 `internal-channel.js` `close`), so a subchannel no
 * other open channel uses goes idle and its transport closes its session then.
 */
const PROCESS_WIDE: readonly Site[] = [
  { file: 'undici/lib/util/timers.js', fn: 'refreshTimeout', why: "undici's process-wide tick" },
  // Node's own undici, the global fetch's (which spec helpers write with, and the web entry sends
  // through): its tick and its pooled connections' timers belong to the process's global
  // dispatcher, never to a client, and are made inside whatever context asked, a spec's write in
  // the middle of a stream included.
  { file: 'node:internal/deps/undici/undici', fn: 'refreshTimeout', why: "the global fetch's process-wide tick" },
  { file: 'node:internal/deps/undici/undici', fn: 'setTimeout', why: "a pooled connection's timer of the global fetch" },
  { file: '@grpc/grpc-js/build/src/subchannel-pool.js', fn: 'ensureCleanupTask', why: "grpc-js's global subchannel pool sweep" },
]

/**
 * Timers a live connection keeps after an operation ends by design; the per-test check allows
 * them, the check after closing does not (closing the client must end them).
 */
export const CONNECTION_TIMERS: readonly Site[] = [
  {
    file: 'undici/lib/dispatcher/client-h1.js',
    fn: 'setTimeout',
    why: "a pooled HTTP/1.1 connection's parser timer (its keep-alive timeout while idle); cleared when the socket closes",
  },
  { file: '@grpc/grpc-js/build/src/internal-channel.js', fn: 'callRefTimerRef', why: 'a channel refs the event loop through it while calls run; cleared by close' },
  { file: '@grpc/grpc-js/build/src/internal-channel.js', fn: 'startIdleTimeout', why: "the channel's idle timeout (30 min), restarted by each call; cleared by close" },
]

/**
 * grpc-js's reconnect backoff of a subchannel (1 s, then ×1.6 with ±20 % jitter). After a
 * connection to a port where nothing listens fails, the subchannel is in TRANSIENT_FAILURE with
 * this timer running, and closing the channel does not stop it: the channel's close unrefs the
 * subchannel, and a subchannel whose last ref goes moves to IDLE only from CONNECTING or READY
 * (grpc-js 1.14 `subchannel.js` `unref`), so one in TRANSIENT_FAILURE keeps its timer. When it
 * fires, a subchannel that was asked to connect during the backoff (pick_first asks on every
 * failed pick) connects once more, fails, and starts one more backoff; when that one fires it goes
 * IDLE and nothing is left. Unref'd, so a program can exit; bounded, so a test can outwait it
 * ({@link OwnHandleTracker.outwaitReconnectBackoff}). grpc-js has no public way to end it sooner.
 */
export const RECONNECT_BACKOFF: Site = {
  file: '@grpc/grpc-js/build/src/backoff-timeout.js',
  fn: 'runTimer',
  why: "a subchannel's reconnect backoff after a refused connection, which the channel's close does not stop",
}

/** One live resource of ours, as a test failure shows it. */
export interface OwnHandle {
  readonly type: string
  /** Where it was made: the creating frame, and the frame in lib/ that asked for it. */
  readonly site: string
}

/**
 * One frame of a creation stack, as plain data. Never the `CallSite` itself: a call site holds its
 * function and receiver, so keeping it would keep the objects of the creating call alive (grpc-js's
 * connector, and through it the HTTP/2 session whose `destroy` waits for its collection).
 */
interface Frame {
  readonly file: string | undefined
  readonly fn: string | undefined
  readonly line: number | undefined
}

interface Tracked {
  readonly type: string
  readonly seq: number
  /** A timer, to see whether it fired or was cleared; weakly, like nothing else of the resource: it must stay collectable. */
  readonly timer: WeakRef<object> | undefined
  readonly site: string
  readonly frames: readonly Frame[]
}

const shortPath = (file: string): string => (file.startsWith(ROOT) ? file.slice(ROOT.length + 1) : file)

const frameText = (frame: Frame): string => `${frame.fn ?? '<anonymous>'} (${shortPath(frame.file ?? '?')}:${frame.line ?? '?'})`

/** The creation stack, deep enough to reach lib/ below a dependency's frames. */
const callSites = (): Frame[] => {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- put back as it was, never called here
  const savedPrepare = Error.prepareStackTrace
  const savedLimit = Error.stackTraceLimit
  try {
    Error.stackTraceLimit = 60
    Error.prepareStackTrace = (_error, sites) => sites
    const holder: { stack?: unknown } = {}
    Error.captureStackTrace(holder, callSites)
    const sites = Array.isArray(holder.stack) ? (holder.stack as NodeJS.CallSite[]) : []
    return sites.map((site) => ({ file: site.getFileName() ?? undefined, fn: site.getFunctionName() ?? undefined, line: site.getLineNumber() ?? undefined }))
  } finally {
    Error.prepareStackTrace = savedPrepare
    Error.stackTraceLimit = savedLimit
  }
}

/** jest's own code: a timer it sets (a hook's timeout) is the runner's, whatever context it runs in. */
const RUNNER = /[/\\]node_modules[/\\](jest-[^/\\]+|@jest[/\\][^/\\]+)[/\\]/

/**
 * 'lib' when the nearest frame of this repository (or of jest) is in lib/, 'other' when it is
 * elsewhere in the repository or in jest, undefined when there is none.
 */
const ownerOf = (frames: readonly Frame[]): { readonly owner: 'lib' | 'other'; readonly frame: Frame } | undefined => {
  for (const frame of frames) {
    const file = frame.file
    if (file === undefined) continue
    if (RUNNER.test(file)) return { owner: 'other', frame }
    // The hook's own frames (this file) are skipped like a dependency's.
    if (file === __filename || !file.startsWith(ROOT) || file.includes(NODE_MODULES)) continue
    return { owner: file.startsWith(LIB) ? 'lib' : 'other', frame }
  }
  return undefined
}

/** The first frame outside node's internals and the async_hooks machinery: what created it. */
const creator = (frames: readonly Frame[]): Frame | undefined =>
  frames.find((frame) => frame.file !== undefined && !frame.file.startsWith('node:') && frame.file !== __filename)

const madeAt = (frames: readonly Frame[], sites: readonly Site[]): Site | undefined =>
  frames.map((frame) => sites.find((site) => (frame.file ?? '').includes(site.file) && frame.fn === site.fn)).find((site) => site !== undefined)

/**
 * Node sets `_destroyed` on a Timeout or Immediate that fired (and does not repeat) or was cleared;
 * one that was collected is finished too (a pending timer is referenced by Node's timer lists).
 */
const finished = (timer: WeakRef<object> | undefined): boolean => {
  const resource = timer?.deref()
  return resource === undefined || (resource as { _destroyed?: unknown })._destroyed === true
}

/**
 * The tracker behind {@link ownHandles}: records our resources between `enable()` and `disable()`.
 *
 * @example
 * ```ts
 * const tracker = new OwnHandleTracker()
 * tracker.enable()
 * const mark = tracker.mark()
 * await once(client.data.get(className, id))
 * expect(await tracker.settledTimers(mark)).toEqual([])
 * ```
 */
export class OwnHandleTracker {
  /** Our live resources of the checked types, by async id. */
  private readonly live = new Map<number, Tracked>()
  /** Every async id (of any type) that is ours, until its destroy: the context later resources inherit. */
  private readonly ours = new Map<number, string>()
  private seq = 0

  private readonly hook = createHook({
    init: (asyncId, type, triggerAsyncId, resource) => {
      const checked = TIMER_TYPES.has(type) || CONNECTION_TYPES.has(type)
      // Promises inherit only: a stack for every promise would slow the specs down for nothing.
      if (type === 'PROMISE') {
        const parent = this.ours.get(triggerAsyncId)
        if (parent !== undefined) this.ours.set(asyncId, parent)
        return
      }
      const frames = callSites()
      const found = ownerOf(frames)
      let libSite: string | undefined
      if (found === undefined) libSite = this.ours.get(triggerAsyncId)
      else if (found.owner === 'lib') libSite = frameText(found.frame)
      if (libSite === undefined) return
      if (madeAt(frames, PROCESS_WIDE) !== undefined) return
      this.ours.set(asyncId, libSite)
      if (!checked) return
      const made = creator(frames)
      const site = made === undefined ? `via ${libSite}` : `${frameText(made)} via ${libSite}`
      this.live.set(asyncId, { type, seq: ++this.seq, timer: TIMER_TYPES.has(type) ? new WeakRef(resource) : undefined, site, frames })
    },
    destroy: (asyncId) => {
      this.ours.delete(asyncId)
      this.live.delete(asyncId)
    },
  })

  enable(): void {
    this.hook.enable()
  }

  /** Stops recording and forgets everything recorded. */
  disable(): void {
    this.hook.disable()
    this.live.clear()
    this.ours.clear()
  }

  /** A point in time: resources created after it are the ones `timersSince` looks at. */
  mark(): number {
    return this.seq
  }

  /** Our live resources created after `mark` whose type is in `types`. */
  openSince(mark: number, types: ReadonlySet<string>, allowed: readonly Site[] = []): OwnHandle[] {
    return [...this.live.values()]
      .filter((t) => t.seq > mark && types.has(t.type))
      .filter((t) => !(TIMER_TYPES.has(t.type) && finished(t.timer)))
      .filter((t) => madeAt(t.frames, allowed) === undefined)
      .map((t) => ({ type: t.type, site: t.site }))
  }

  /**
   * Waits (up to `withinMs`) until no reconnect backoff timer of ours ({@link RECONNECT_BACKOFF}) is
   * pending: for a test that connected to a dead port, after it closed its client, so that the
   * subchannel's backoff ends inside the test and the per-test check sees everything else. Any
   * other timer is left to the check. The chain is at most 1 s and one more backoff of 1.6 s ±20 %.
   */
  async outwaitReconnectBackoff(withinMs = 5_000): Promise<void> {
    await this.settle(
      () => [...this.live.values()].filter((t) => TIMER_TYPES.has(t.type) && !finished(t.timer) && madeAt(t.frames, [RECONNECT_BACKOFF]) !== undefined).map((t) => ({ type: t.type, site: t.site })),
      withinMs,
    )
  }

  /**
   * Our timers created after `mark` that are still pending once the event loop has had up to
   * `withinMs` to run what was already due (a cleared timer's destroy, an immediate queued by a
   * completion), connection timers allowed.
   */
  settledTimers(mark: number, withinMs = 2_000): Promise<OwnHandle[]> {
    return this.settle(() => this.openSince(mark, TIMER_TYPES, CONNECTION_TIMERS), withinMs)
  }

  /**
   * All our resources of every checked type (created after `mark`; by default all) still open after
   * up to `withinMs`: none is allowed.
   * The garbage is collected before each look after the first, so that a closed HTTP/2 session
   * that nothing references any more has had its `destroy` ({@link collectGarbage}); a session
   * grpc-js still holds stays, and fails the check.
   */
  settledAll(withinMs = 5_000, mark = 0): Promise<OwnHandle[]> {
    return this.settle(() => this.openSince(mark, new Set([...TIMER_TYPES, ...CONNECTION_TYPES])), withinMs, true)
  }

  private async settle(open: () => OwnHandle[], withinMs: number, collect = false): Promise<OwnHandle[]> {
    const until = Date.now() + withinMs
    for (let look = 0; ; look++) {
      const left = open()
      if (left.length === 0 || Date.now() >= until) return left
      // A collection is a few ms with the suite's heap: once per 100 ms, not per 10 ms look.
      if (collect && look % 10 === 1) collectGarbage()
      await sleep(10)
    }
  }
}

/** What closes a spec file's clients, for {@link ownHandles} to close them before its checks. */
export interface OwnHandlesOptions {
  /** Closes the clients a test made; run after each test, before the check that nothing is open. */
  readonly closeAfterEach?: () => Promise<unknown>
  /** Closes the file's shared clients; run after the last test, before the check that nothing is open. */
  readonly closeAfterAll?: () => Promise<unknown>
}

/**
 * Tracks the library's own handles for the calling spec file. After each test, no timer of ours
 * made during the test may still be pending (one leaked timer of one operation fails that test),
 * checked while the test's clients are still open. Then, once `closeAfterEach` (after each test)
 * or `closeAfterAll` (after the last) has closed the clients, nothing of ours may be open: nothing
 * the test made (after each test), nothing at all (after the last). No timer, socket, HTTP/2
 * session or stream. The helper closes the clients itself so that its
 * checks run after the closing, whatever order the file declares its hooks in.
 *
 * @example
 * ```ts
 * let client: Client
 * ownHandles({ closeAfterAll: () => client.close() })
 * beforeAll(() => { client = connect({ url: weaviateUrl() }) })
 * ```
 */
export const ownHandles = (options: OwnHandlesOptions = {}): OwnHandleTracker => {
  const tracker = new OwnHandleTracker()
  let mark = 0
  beforeAll(() => tracker.enable())
  beforeEach(() => {
    mark = tracker.mark()
  })
  afterEach(async () => {
    expect(await tracker.settledTimers(mark)).toEqual([])
    if (options.closeAfterEach === undefined) return
    await options.closeAfterEach()
    // Only what this test made: a leak fails the test that made it, not every test after it.
    expect(await tracker.settledAll(5_000, mark)).toEqual([])
  })
  afterAll(async () => {
    try {
      await options.closeAfterAll?.()
      expect(await tracker.settledAll()).toEqual([])
    } finally {
      tracker.disable()
    }
  })
  return tracker
}
