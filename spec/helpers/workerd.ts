/**
 * A Worker running in workerd, Cloudflare's runtime (the binary of the `workerd` npm package):
 * one ES-module Worker on a free port of 127.0.0.1, with no Node compatibility flag, whose global
 * `fetch` may reach loopback addresses (workerd's default outbound network allows public
 * addresses only, to prevent server-side request forgery; the specs' Weaviate is on 127.0.0.1).
 */
import { ChildProcess, spawn } from 'node:child_process'
import { promises as fs } from 'node:fs'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import * as os from 'node:os'
import * as path from 'node:path'
import workerd, { compatibilityDate } from 'workerd'

/**
 * A running Worker: its URL and how to stop it.
 *
 * @example
 * ```ts
 * const worker: RunningWorker = await startWorker(script)
 * await worker.stop()
 * ```
 */
export interface RunningWorker {
  readonly url: string
  /** What workerd printed, for a failing spec's message. */
  readonly output: () => string
  readonly stop: () => Promise<void>
}

const freePort = async (): Promise<number> => {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

/** The workerd configuration (Cap'n Proto text) of one Worker module `worker.js` on `port`. */
const config = (port: number): string => `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "main", worker = .worker),
    (name = "loopback", network = (allow = ["public", "local"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);

const worker :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "worker.js")],
  compatibilityDate = "${compatibilityDate}",
  globalOutbound = "loopback",
);
`

const stopped = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()))

/**
 * Starts workerd serving `script` (an ES module whose default export has a `fetch` handler) and
 * resolves once it answers HTTP.
 *
 * @example
 * ```ts
 * const worker = await startWorker(await bundleForWeb('spec/web/programs/scenario-worker.ts', 'workerd'))
 * const reply = await fetch(worker.url, { method: 'POST', body: '{}' })
 * ```
 */
export const startWorker = async (script: string): Promise<RunningWorker> => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'weaviate-rx-workerd-'))
  const port = await freePort()
  await fs.writeFile(path.join(dir, 'worker.js'), script)
  await fs.writeFile(path.join(dir, 'config.capnp'), config(port))
  const child = spawn(workerd, ['serve', path.join(dir, 'config.capnp')], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const stop = async (): Promise<void> => {
    child.kill('SIGTERM')
    await stopped(child)
    await fs.rm(dir, { recursive: true, force: true })
  }
  const url = `http://127.0.0.1:${port}/`
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) {
      await stop()
      throw new Error(`workerd exited with ${child.exitCode}:\n${output}`)
    }
    const answered = await fetch(url, { method: 'HEAD' }).then(
      () => true,
      () => false,
    )
    if (answered) return { url, output: () => output, stop }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`workerd did not answer on ${url} within 30 s:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
