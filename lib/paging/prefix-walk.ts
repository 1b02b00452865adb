/**
 * The plan of a filtered scan: a lazy depth-first walk of the UUID prefix tree that cuts the ids
 * matching a filter into bundles of neighbouring prefixes of at most `cap` matches each, in
 * ascending id order. It asks for the match counts of a node's 16 children only when it reaches
 * the node, so it holds at most one frame of 16 counts per level (32 levels at most), however
 * many objects match. The root (every match) is counted first; the levels whose prefixes would
 * hold more than `cap` on average are then passed through uncounted, so each match is counted at
 * about two levels, not at every level down to its bundle: the cost of counting stays linear.
 *
 * Generic: it knows nothing about Weaviate, only "how many matches under each of these prefix
 * groups".
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { defer, map, mergeMap, of } from 'rxjs'
import { ObservableEither } from '../core/observable-either'
import { isWholeUuid, prefixBefore, prefixChildren } from './uuid-prefixes'

/**
 * Neighbouring prefixes fetched together, and how many matches they held when counted.
 */
export interface PrefixBundle {
  readonly prefixes: readonly string[]
  readonly count: number
}

/**
 * Counts the matches under each group of prefixes (a group counts the ids under any of its
 * prefixes), one count per group in the groups' order.
 */
export type PrefixCounter<E> = (groups: ReadonlyArray<readonly string[]>) => ObservableEither<E, readonly number[]>

interface Entry {
  readonly prefix: string
  readonly count: number
}

interface Frame {
  readonly entries: readonly Entry[]
  next: number
}

type Step = { readonly kind: 'bundle'; readonly bundle: PrefixBundle } | { readonly kind: 'count'; readonly prefixes: readonly string[] } | { readonly kind: 'done' }

const DONE: Step = { kind: 'done' }

/** The hex digits of a prefix: its depth in the tree. */
const digitsOf = (prefix: string): number => prefix.replace(/-/g, '').length

/**
 * The depth whose prefixes hold at most `cap` of `total` matches on average (UUIDs spread evenly):
 * the levels above it would be cut anyway, so they are not counted. Ids bunched under a prefix are
 * still found: a prefix counted over `cap` is cut further.
 */
const countingDepth = (total: number, cap: number): number =>
  total <= cap ? 1 : Math.min(UUID_DIGITS, Math.max(1, Math.ceil(Math.log(total / cap) / Math.log(16))))

const UUID_DIGITS = 32

/**
 * One walk (one subscription's): call {@link PrefixWalk.next} for each bundle in turn, never two
 * at once. A bundle that turned out to hold more than `cap` (objects imported since it was
 * counted) goes back with {@link PrefixWalk.split}, and comes out again cut finer.
 */
export class PrefixWalk<E> {
  private readonly stack: Frame[] = []
  private pending: string[] = []
  private pendingCount = 0
  /** Prefixes to count next (and to push as a frame); the root first. */
  private queued: readonly string[] | undefined = ['']
  /** The depth (hex digits) from which prefixes are counted; set by the root's count. */
  private countFrom = 1

  /**
   * @param counter the match counts of prefix groups
   * @param cap the most matches a bundle may hold; may be lowered between bundles
   * @param after ids at or before this one are not wanted: prefixes wholly before it are not counted
   */
  constructor(
    private readonly counter: PrefixCounter<E>,
    public cap: number,
    private readonly after: string | undefined,
  ) {}

  /** The next bundle, `right(undefined)` after the last, or the counter's `Left`. */
  next(): ObservableEither<E, PrefixBundle | undefined> {
    return defer(() => {
      const step = this.step()
      switch (step.kind) {
        case 'bundle':
          return of(E.right<E, PrefixBundle | undefined>(step.bundle))
        case 'done':
          return of(E.right<E, PrefixBundle | undefined>(undefined))
        case 'count':
          return this.push(step.prefixes).pipe(mergeMap(E.match((error) => of(E.left<E, PrefixBundle | undefined>(error)), () => this.next())))
      }
    })
  }

  /**
   * Walks `bundle` again, cut finer: its prefixes counted afresh one by one, or a lone prefix's
   * children. The next call of {@link next} starts there. Returns false for a lone whole UUID,
   * which cannot be cut.
   */
  split(bundle: PrefixBundle): boolean {
    const [only] = bundle.prefixes
    if (bundle.prefixes.length > 1) this.queued = bundle.prefixes
    else if (only !== undefined && !isWholeUuid(only)) this.queued = prefixChildren(only)
    else return false
    return true
  }

  /**
   * Pushes `prefixes` as a frame, counted: those wholly before `after` count 0 unasked, and those
   * above the depth where counting starts are taken as too full, unasked (they are cut anyway).
   * The root's count sets that depth.
   */
  private push(prefixes: readonly string[]): ObservableEither<E, undefined> {
    const asked = prefixes.filter((p) => !prefixBefore(p, this.after) && !this.aboveCounting(p))
    const counted = asked.length === 0 ? of(E.right<E, readonly number[]>([])) : this.counter(asked.map((p) => [p]))
    return counted.pipe(
      map(
        E.map((counts) => {
          const byPrefix = new Map(asked.map((p, i) => [p, counts[i] ?? 0]))
          const root = byPrefix.get('')
          if (root !== undefined) this.countFrom = countingDepth(root, this.cap)
          const countOf = (prefix: string): number => byPrefix.get(prefix) ?? (prefixBefore(prefix, this.after) ? 0 : Number.POSITIVE_INFINITY)
          this.stack.push({ entries: prefixes.map((prefix) => ({ prefix, count: countOf(prefix) })), next: 0 })
          return undefined
        }),
      ),
    )
  }

  /** True for a prefix shorter than the depth where counting starts (the root is always counted). */
  private aboveCounting(prefix: string): boolean {
    const depth = digitsOf(prefix)
    return depth > 0 && depth < this.countFrom
  }

  private flush(): Step {
    const bundle: PrefixBundle = { prefixes: this.pending, count: this.pendingCount }
    this.pending = []
    this.pendingCount = 0
    return { kind: 'bundle', bundle }
  }

  /** Runs the walk until it has a bundle or needs counts. */
  private step(): Step {
    for (;;) {
      const queued = this.queued
      if (queued !== undefined) {
        this.queued = undefined
        return { kind: 'count', prefixes: queued }
      }
      const frame = this.stack[this.stack.length - 1]
      if (frame === undefined) return this.pending.length > 0 ? this.flush() : DONE
      const entry = frame.entries[frame.next]
      if (entry === undefined) {
        this.stack.pop()
        continue
      }
      if (entry.count === 0) {
        frame.next += 1
        continue
      }
      if (entry.count <= this.cap || isWholeUuid(entry.prefix)) {
        // The entry stays for the next call when the pending bundle is full.
        if (this.pending.length > 0 && this.pendingCount + entry.count > this.cap) return this.flush()
        this.pending.push(entry.prefix)
        this.pendingCount += entry.count
        frame.next += 1
        continue
      }
      // Too many under one prefix: what is pending comes before it, then its children.
      if (this.pending.length > 0) return this.flush()
      frame.next += 1
      this.queued = prefixChildren(entry.prefix)
    }
  }
}
