/**
 * Load on a real 3-node cluster (replication factor 3): 2,000 mixed operations (create, update,
 * getById, references.add, delete) at concurrency 32, driven by a model. A seeded generator picks
 * each operation when it is dispatched, only on objects no operation in flight is touching, so
 * the outcome is well defined whatever the interleaving; the model applies an operation only
 * once it succeeded. Writes use consistency ALL, reads QUORUM. Afterwards a full stream must give
 * exactly the model's objects, with the model's properties and references.
 */
import * as E from 'fp-ts/Either'
import { promises as fs } from 'node:fs'
import * as path from 'node:path'
import { Observable, defer, finalize, lastValueFrom, map, mergeMap, range, toArray } from 'rxjs'
import { Client, WeaviateError, WeaviateObject, connect, referencesOf } from '../../lib'
import type { EmbeddedCluster } from '../../lib/embedded'
import { GuardedCluster, startGuardedCluster } from '../helpers/embedded-fixtures'
import { createClass, insertObjects } from '../helpers/fixtures'
import { guardAgainstLeaks, isAlive, uniqueClassName } from '../helpers/server'

const Tag = uniqueClassName('LoadTag')
const Item = uniqueClassName('LoadItem')
const OPS = 2_000
const CONCURRENCY = 32
const TAGS = 20
const SEED = 0x5eed_2025
const WEIGHTS = { create: 30, update: 25, getById: 20, addReference: 15, delete: 10 } as const

type Kind = keyof typeof WEIGHTS
type Op =
  | { readonly kind: 'create'; readonly id: string; readonly title: string; readonly n: number }
  | { readonly kind: 'update'; readonly id: string; readonly title: string }
  | { readonly kind: 'getById'; readonly id: string }
  | { readonly kind: 'addReference'; readonly id: string; readonly tag: string }
  | { readonly kind: 'delete'; readonly id: string }

interface Expected {
  title: string
  readonly n: number
  readonly tags: string[]
}

/** What an object looks like for comparison: properties plus sorted reference targets. */
interface Snapshot {
  readonly title: unknown
  readonly n: unknown
  readonly tags: readonly string[]
}

/** mulberry32: a small seeded PRNG in [0, 1). */
const prng = (seed: number): (() => number) => {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A version-4 UUID from the PRNG. */
const seededUuid = (random: () => number): string => {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16))
  hex[12] = '4'
  hex[16] = (Math.floor(random() * 4) + 8).toString(16)
  const s = hex.join('')
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`
}

const snapshotOfModel = (e: Expected): Snapshot => ({ title: e.title, n: e.n, tags: [...e.tags].sort() })

const snapshotOfObject = (o: WeaviateObject): Snapshot => {
  const refs = referencesOf(o, 'tags')
  if (E.isLeft(refs)) throw new Error(`object ${o.id}: ${refs.left}`)
  return { title: o.properties['title'], n: o.properties['n'], tags: refs.right.map((r) => r.uuid).sort() }
}

const leaks = guardAgainstLeaks()
let guarded: GuardedCluster | undefined
let cluster: EmbeddedCluster
let client: Client
let tags: string[] = []

beforeAll(async () => {
  guarded = await startGuardedCluster(leaks, 3)
  cluster = guarded.cluster
  const url = cluster.nodes[0]?.connection ?? ''
  await createClass(url, { class: Tag, vectorizer: 'none', replicationConfig: { factor: 3 }, properties: [{ name: 'label', dataType: ['text'] }] })
  await createClass(url, {
    class: Item,
    vectorizer: 'none',
    replicationConfig: { factor: 3 },
    properties: [
      { name: 'title', dataType: ['text'] },
      { name: 'n', dataType: ['int'] },
      { name: 'tags', dataType: [Tag] },
    ],
  })
  tags = await insertObjects(url, Tag, Array.from({ length: TAGS }, (_, i) => ({ label: `tag ${i}` })))
  client = connect({ ...cluster.connection, timeout: { attemptMs: 60_000, totalMs: 180_000 } })
})

afterAll(async () => {
  await client.close()
  await guarded?.stop()
})

describe(`${OPS} mixed operations at concurrency ${CONCURRENCY}`, () => {
  const model = new Map<string, Expected>()
  /** Ids in the model, for picking one at random. */
  const live: string[] = []
  /** Ids an operation in flight is touching. */
  const busy = new Set<string>()
  const failures: string[] = []
  const staleReads: string[] = []
  const counts: Record<Kind, number> = { create: 0, update: 0, getById: 0, addReference: 0, delete: 0 }
  let inFlight = 0
  let peakInFlight = 0

  const random = prng(SEED)
  const pickKind = (): Kind => {
    const total = Object.values(WEIGHTS).reduce((a, b) => a + b, 0)
    let r = random() * total
    for (const [kind, weight] of Object.entries(WEIGHTS) as Array<[Kind, number]>) {
      if (r < weight) return kind
      r -= weight
    }
    return 'create'
  }
  /** A random live id nobody is touching, or undefined after a few misses. */
  const pickIdle = (): string | undefined => {
    for (let tries = 0; tries < 8 && live.length > 0; tries++) {
      const id = live[Math.floor(random() * live.length)]
      if (id !== undefined && !busy.has(id)) return id
    }
    return undefined
  }
  const nextOp = (): Op => {
    const kind = pickKind()
    const id = kind === 'create' ? undefined : pickIdle()
    if (id === undefined) return { kind: 'create', id: seededUuid(random), title: `t${Math.floor(random() * 1e6)}`, n: Math.floor(random() * 1e6) }
    switch (kind) {
      case 'update':
        return { kind, id, title: `u${Math.floor(random() * 1e6)}` }
      case 'addReference':
        return { kind, id, tag: tags[Math.floor(random() * tags.length)] ?? '' }
      case 'getById':
      case 'delete':
        return { kind, id }
      default:
        throw new Error(`unexpected kind ${kind}`)
    }
  }

  /** Sends one operation; resolves to the model change to apply when it succeeded. */
  const send = (op: Op): Observable<E.Either<WeaviateError, () => void>> => {
    switch (op.kind) {
      case 'create':
        return client.objects
          .create({ className: Item, uuid: op.id, dataObject: { title: op.title, n: op.n }, consistencyLevel: 'ALL' })
          .pipe(
            map(
              E.map(() => () => {
                model.set(op.id, { title: op.title, n: op.n, tags: [] })
                live.push(op.id)
              }),
            ),
          )
      case 'update':
        return client.objects
          .update({ className: Item, uuid: op.id, dataObject: { title: op.title }, consistencyLevel: 'ALL' })
          .pipe(
            map(
              E.map(() => () => {
                const entry = model.get(op.id)
                if (entry !== undefined) entry.title = op.title
              }),
            ),
          )
      case 'getById':
        return client.objects.getById({ className: Item, uuid: op.id, consistencyLevel: 'QUORUM' }).pipe(
          map(
            E.map((found) => () => {
              const entry = model.get(op.id)
              const seen = found === null ? null : snapshotOfObject(found)
              const wanted = entry === undefined ? null : snapshotOfModel(entry)
              if (JSON.stringify(seen) !== JSON.stringify(wanted)) {
                staleReads.push(`${op.id}: read ${JSON.stringify(seen)}, model ${JSON.stringify(wanted)}`)
              }
            }),
          ),
        )
      case 'addReference':
        return client.references
          .add({ fromClassName: Item, fromUuid: op.id, fromPropertyName: 'tags', toClassName: Tag, toUuid: op.tag, consistencyLevel: 'ALL' })
          .pipe(map(E.map(() => () => model.get(op.id)?.tags.push(op.tag))))
      case 'delete':
        return client.objects.delete({ className: Item, uuid: op.id, consistencyLevel: 'ALL' }).pipe(
          map(
            E.map(() => () => {
              model.delete(op.id)
              const at = live.indexOf(op.id)
              if (at >= 0) live.splice(at, 1)
            }),
          ),
        )
    }
  }

  const dispatch = (): Observable<void> =>
    defer(() => {
      const op = nextOp()
      busy.add(op.id)
      counts[op.kind] += 1
      inFlight += 1
      peakInFlight = Math.max(peakInFlight, inFlight)
      return send(op).pipe(
        map((result) => {
          if (E.isRight(result)) result.right()
          else failures.push(`${op.kind} ${op.id}: ${result.left._tag}: ${result.left.message}`)
        }),
        finalize(() => {
          inFlight -= 1
          busy.delete(op.id)
        }),
      )
    })

  let streamed: Array<E.Either<WeaviateError, WeaviateObject>> = []

  beforeAll(async () => {
    await lastValueFrom(range(0, OPS).pipe(mergeMap(dispatch, CONCURRENCY), toArray()))
    streamed = await lastValueFrom(client.objects.stream({ className: Item, pageSize: 250 }).pipe(toArray()))
  })

  it('every operation succeeds', () => {
    expect(failures).toEqual([])
  })

  it('runs every kind of operation, 32 at a time', () => {
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(OPS)
    for (const kind of Object.keys(WEIGHTS) as Kind[]) expect(counts[kind]).toBeGreaterThan(0)
    expect(peakInFlight).toBe(CONCURRENCY)
  })

  it('every getById returns what the model holds for that object at that moment', () => {
    expect(staleReads).toEqual([])
  })

  it('the stream gives exactly the model objects: none lost, none extra, none twice', () => {
    expect(streamed.filter(E.isLeft)).toEqual([])
    const ids = streamed.flatMap((i) => (E.isRight(i) ? [i.right.id] : []))
    expect(ids).toEqual([...model.keys()].sort())
    expect(model.size).toBeGreaterThan(0)
  })

  it('every streamed object has the model properties and references', () => {
    const actual = Object.fromEntries(streamed.flatMap((i) => (E.isRight(i) ? [[i.right.id, snapshotOfObject(i.right)]] : [])))
    const expected = Object.fromEntries([...model].map(([id, e]) => [id, snapshotOfModel(e)]))
    expect(actual).toEqual(expected)
    expect([...model.values()].some((e) => e.tags.length > 0)).toBe(true)
  })
})

it('stop() ends every node process the file started and removes the cluster dir', async () => {
  if (guarded === undefined) throw new Error('the cluster never started')
  const pids = guarded.pids()
  expect(pids).toHaveLength(3)
  const root = path.dirname(cluster.nodes[0]?.dataDir ?? '')
  await guarded.stop()
  expect(pids.filter(isAlive)).toEqual([])
  await expect(fs.access(root)).rejects.toThrow('ENOENT')
})
