/**
 * A bench contender in a child process, driven over Node's IPC channel one request at a time
 * (search-child.ts, official-client.ts): the parent forks a bench file with `--child` and its
 * arguments, the server in the child's environment (server-env.ts `benchServerEnv`: the key stays
 * off the command line), and asks; the child answers every request with what it measured itself.
 */
import { type ChildProcess, fork } from 'node:child_process'
import { installedRuntime } from '../spec/helpers/runtimes'
import { runArgs } from './paths'
import { type BenchServer, benchServerEnv } from './server-env'

/** The parent's handle on a child: one request in, its answer out; `close` ends the child. */
export interface IpcChild<Req, Res> {
  ask(request: Req): Promise<Res>
  close(): Promise<void>
}

type Reply<Res> = { readonly id: number } & ({ readonly ok: Res } | { readonly error: string })

/** An error as the bench prints it. */
export const errorText = (e: unknown): string => (e instanceof Error ? `${e.name}: ${e.message}` : String(e))

/**
 * The Node the contender children run on: Node 22 when it installs (weaviate-client needs it, and
 * every contender of a group then runs on the same runtime), else this process's Node, with the
 * reason 22 is missing (weaviate-client is then left out).
 *
 * @example
 * ```ts
 * const { node, without } = await childNode()
 * ```
 */
export const childNode = async (): Promise<{ readonly node: string; readonly without?: string }> => {
  try {
    return { node: await installedRuntime('node22') }
  } catch (e) {
    return { node: process.execPath, without: `Node 22 could not be installed: ${errorText(e)}` }
  }
}

/**
 * Forks `file` (a bench file of this run, `__filename`) on `node` with `--child` and `args`, and
 * waits for it to say it is ready; the exact error as text when it cannot start (`label` names it).
 *
 * @example
 * ```ts
 * const child = await forkChild<ImportRun, ImportResult>(__filename, [], node, server, 'weaviate-client')
 * ```
 */
export const forkChild = async <Req, Res>(file: string, args: readonly string[], node: string, server: BenchServer, label: string): Promise<IpcChild<Req, Res> | string> => {
  const child: ChildProcess = fork(file, ['--child', ...args], {
    execPath: node,
    execArgv: runArgs(file),
    env: { ...process.env, ...benchServerEnv(server) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const pending = new Map<number, { resolve: (r: Res) => void; reject: (e: Error) => void }>()
  let exited: string | undefined
  const ready = new Promise<string | undefined>((resolve) => {
    child.once('message', (m: unknown) => resolve(m === 'ready' ? undefined : `unexpected first message ${JSON.stringify(m)}`))
    child.once('error', (e) => resolve(errorText(e)))
    child.once('exit', (code, signal) => resolve(`the ${label} child exited (${code ?? signal ?? '?'}) before it was ready`))
  })
  child.on('exit', (code, signal) => {
    exited = `the ${label} child exited (${code ?? signal ?? '?'})`
    for (const p of pending.values()) p.reject(new Error(exited))
    pending.clear()
  })
  const failure = await ready
  if (failure !== undefined) {
    child.kill()
    return failure
  }
  child.on('message', (m: Reply<Res>) => {
    const p = pending.get(m.id)
    pending.delete(m.id)
    if (p === undefined) return
    if ('ok' in m) p.resolve(m.ok)
    else p.reject(new Error(`${label}: ${m.error}`))
  })
  let nextId = 0
  return {
    ask: (request) =>
      new Promise((resolve, reject) => {
        if (exited !== undefined) return reject(new Error(exited))
        const id = nextId++
        pending.set(id, { resolve, reject })
        child.send({ id, request })
      }),
    close: () =>
      new Promise<void>((resolve) => {
        if (exited !== undefined) return resolve()
        child.once('exit', () => resolve())
        child.disconnect()
      }),
  }
}

/**
 * In the child: answers every request with `handle`'s result (or its error), says it is ready, and
 * runs `close` and exits when the parent disconnects.
 *
 * @example
 * ```ts
 * serveParent<ImportRun, ImportResult>((run) => importObjects(run), () => client.close())
 * ```
 */
export const serveParent = <Req, Res>(handle: (request: Req) => Promise<Res>, close: () => Promise<void>): void => {
  process.on('message', ({ id, request }: { readonly id: number; readonly request: Req }) => {
    handle(request).then(
      (ok) => process.send?.({ id, ok } satisfies Reply<Res>),
      (e: unknown) => process.send?.({ id, error: errorText(e) } satisfies Reply<Res>),
    )
  })
  process.on('disconnect', () => {
    void close().finally(() => process.exit(0))
  })
  process.send?.('ready')
}
