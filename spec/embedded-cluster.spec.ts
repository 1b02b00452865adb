/**
 * A 3-node embedded cluster on loopback: it forms one cluster, survives a node restart, and stops
 * completely. One cluster serves the whole file; the tests run in order and the last one stops it.
 */
import { promises as fs } from 'node:fs'
import * as path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { request } from 'undici'
import { startEmbeddedCluster, type EmbeddedCluster, type LogSink } from '../lib/embedded'
import { guardAgainstLeaks, isAlive } from './helpers/server'
import { bearer } from './helpers/embedded-fixtures'

const START_TIMEOUT = 180_000
const NAMES = ['weaviate-a', 'weaviate-b', 'weaviate-c']

const quietLog: LogSink = { write: () => true }

interface NodesResponse {
  readonly nodes: ReadonlyArray<{ readonly name: string; readonly status: string }>
}

const nodeStatuses = async (url: string): Promise<string[]> => {
  const response = await request(`${url}/v1/nodes`, { headers: bearer(cluster.connection) })
  const body = (await response.body.json()) as NodesResponse
  return body.nodes.map((n) => `${n.name}=${n.status}`).sort()
}

/** Polls `/v1/nodes` until it shows every node HEALTHY or `ms` pass; returns the last answer. */
const settledStatuses = async (url: string, ms: number): Promise<string[]> => {
  const healthy = NAMES.map((n) => `${n}=HEALTHY`)
  const deadline = Date.now() + ms
  let statuses = await nodeStatuses(url)
  while (statuses.join() !== healthy.join() && Date.now() < deadline) {
    await sleep(250)
    statuses = await nodeStatuses(url)
  }
  return statuses
}

const leaks = guardAgainstLeaks()
let cluster: EmbeddedCluster
let releases: Array<() => void> = []

beforeAll(async () => {
  cluster = await startEmbeddedCluster({ nodes: 3, log: quietLog })
  releases = cluster.nodes.map((node) =>
    leaks.allow({
      get pid() {
        return node.pid
      },
      dataDir: path.dirname(node.dataDir),
    }),
  )
}, START_TIMEOUT)

afterAll(async () => {
  await cluster.stop()
  releases.forEach((release) => release())
})

it('lists all three nodes as HEALTHY in /v1/nodes of the first node', async () => {
  expect(await nodeStatuses(cluster.urls[0] ?? '')).toEqual(NAMES.map((n) => `${n}=HEALTHY`))
})

it('serves every node on its own loopback url', async () => {
  expect(cluster.nodes.map((n) => n.name)).toEqual(NAMES)
  expect(new Set(cluster.urls).size).toBe(3)
  for (const url of cluster.urls) {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect((await request(`${url}/v1/.well-known/ready`)).statusCode).toBe(200)
  }
})

it(
  'brings a stopped node back with the same name, ports and data dir, and the cluster is healthy again',
  async () => {
    const node = cluster.nodes[1]
    if (node === undefined) throw new Error('no second node')
    const oldPid = node.pid
    if (oldPid === undefined) throw new Error('the second node is not running')
    const before = { name: node.name, url: node.url, ports: node.ports, dataDir: node.dataDir }

    await node.stop()
    expect(node.isRunning()).toBe(false)
    expect(isAlive(oldPid)).toBe(false)

    await node.start()
    expect(node.isRunning()).toBe(true)
    expect(node.pid).not.toBe(oldPid)
    expect({ name: node.name, url: node.url, ports: node.ports, dataDir: node.dataDir }).toEqual(before)
    expect(await settledStatuses(cluster.urls[0] ?? '', 30_000)).toEqual(NAMES.map((n) => `${n}=HEALTHY`))
  },
  START_TIMEOUT,
)

it(
  'stop() ends every node process and removes the data dirs',
  async () => {
    const pids = cluster.nodes.flatMap((n) => (n.pid === undefined ? [] : [n.pid]))
    expect(pids).toHaveLength(3)
    const root = path.dirname(cluster.nodes[0]?.dataDir ?? '')
    await cluster.stop()
    expect(pids.filter(isAlive)).toEqual([])
    await expect(fs.access(root)).rejects.toThrow('ENOENT')
  },
  START_TIMEOUT,
)
