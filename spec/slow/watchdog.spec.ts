/**
 * Embedded servers never outlive their program. A program (spec/slow/programs/embedded-servers.ts,
 * under ts-node) starts one server and a 3-node cluster on temp dirs, and one server on a dir of the
 * caller's. Killed with SIGKILL, no exit hook of it runs: the program's watchdog process must end
 * every server, remove the temp data dirs (the caller's dir stays), and then go itself. Stopped
 * normally, the program ends by itself and leaves no watchdog behind.
 *
 * Why the server on the caller's dir: a server whose data dir is removed under it logs errors, and
 * Go dies of SIGPIPE writing to the dead program's pipe, so the temp-dir servers would end even if
 * the watchdog never signalled them; the caller's dir is not removed, and that server runs on until
 * it is killed (seen: with the watchdog's `+p` lines left out, it still ran 20 s later).
 *
 * The processes are checked through /proc (Linux): a server is running while its pid has the
 * start time it had when the program printed it and is not a zombie (after the program's death the
 * servers are re-parented, and who reaps them is not ours to say).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, promises as fs, readFileSync, readdirSync } from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { StartedServers } from './programs/embedded-servers'
import { guardAgainstLeaks } from '../helpers/server'

guardAgainstLeaks()

const PROGRAM = path.join(__dirname, 'programs', 'embedded-servers.ts')
/** The bound: within 10 s of the program's death nothing of it runs or remains. */
const WITHIN_MS = 10_000

/** State and start time of a pid from /proc, or undefined when there is no such process. */
const procStat = (pid: number): { readonly state: string; readonly start: string } | undefined => {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
    const [state, start] = [fields[0], fields[19]]
    return state === undefined || start === undefined ? undefined : { state, start }
  } catch {
    return undefined
  }
}

/** A process noted by pid and start time, so a reused pid is not taken for it. */
interface Noted {
  readonly pid: number
  readonly start: string
}

/** Every server a program of this file started, so a failed test leaves none running. */
const noted: Noted[] = []

const note = (pid: number): Noted => {
  const stat = procStat(pid)
  if (stat === undefined) throw new Error(`process ${pid} is not running`)
  const server = { pid, start: stat.start }
  noted.push(server)
  return server
}

const isRunning = (p: Noted): boolean => {
  const stat = procStat(p.pid)
  return stat !== undefined && stat.state !== 'Z' && stat.start === p.start
}

/** The pids of the running watchdogs of program `programPid` (their process title names it). */
const watchdogsOf = (programPid: number): number[] =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ')
        return new RegExp(`^weaviate-rx-watchdog ${programPid}\\b`).test(args) && procStat(Number(entry))?.state !== 'Z'
      } catch {
        return false
      }
    })
    .map(Number)

/** What of the program is left: running servers and watchdogs, existing data dirs. */
interface Leftovers {
  readonly servers: number[]
  readonly watchdogs: number[]
  readonly dirs: string[]
}

const leftovers = (program: number, servers: readonly Noted[], dirs: readonly string[]): Leftovers => ({
  servers: servers.filter(isRunning).map((s) => s.pid),
  watchdogs: watchdogsOf(program),
  dirs: dirs.filter((dir) => existsSync(dir)),
})

const NOTHING: Leftovers = { servers: [], watchdogs: [], dirs: [] }

/** Polls until nothing is left or `ms` have passed; returns what is left then. */
const leftoversAfter = async (ms: number, look: () => Leftovers): Promise<Leftovers> => {
  const deadline = Date.now() + ms
  for (;;) {
    const left = look()
    if (Date.now() >= deadline || (left.servers.length === 0 && left.watchdogs.length === 0 && left.dirs.length === 0)) return left
    await sleep(100)
  }
}

interface Run {
  readonly child: ChildProcess
  readonly started: StartedServers
  readonly exited: Promise<{ readonly code: number | null; readonly signal: NodeJS.Signals | null }>
  /** Everything the program printed on stdout so far. */
  stdout(): string
}

/** Runs the program in `mode` and resolves once it printed what it started. */
const runProgram = (mode: 'wait' | 'stop', kept: string): Promise<Run> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', PROGRAM, mode, kept], {
      stdio: ['pipe', 'pipe', 'pipe'],
      // ts-node's v8-compile-cache would leave its cache in TMPDIR, which the leak guard watches
      env: { ...process.env, DISABLE_V8_COMPILE_CACHE: '1' },
    })
    let stdout = ''
    let stderr = ''
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
      child.once('exit', (code, signal) => done({ code, signal })),
    )
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8')
      const [first] = stdout.split('\n', 1)
      if (stdout.includes('\n') && first !== undefined) {
        resolve({ child, started: JSON.parse(first) as StartedServers, exited, stdout: () => stdout })
      }
    })
    void exited.then(({ code, signal }) => reject(new Error(`the program ended (${code ?? signal}) before it printed its servers:\n${stdout}\n${stderr}`)))
  })

/**
 * Runs `test` with a caller's data dir (in the leak guard's TMPDIR); afterwards kills any server
 * still running (only after a failure) and removes the dir.
 */
const withCallersDir = async (test: (dir: string) => Promise<void>): Promise<void> => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'callers-dir-'))
  try {
    await test(dir)
  } finally {
    for (const server of noted.splice(0).filter(isRunning)) process.kill(server.pid, 'SIGKILL')
    await fs.rm(dir, { recursive: true, force: true })
  }
}

it('ends every server (single and cluster nodes) and removes their temp dirs within 10 s of the program being SIGKILLed', () =>
  withCallersDir(async (kept) => {
    const run = await runProgram('wait', kept)
    const servers = run.started.servers.map(note)
    expect(servers).toHaveLength(5)
    expect(run.started.dirs.filter((dir) => existsSync(dir))).toHaveLength(2)
    expect(watchdogsOf(run.started.program)).toHaveLength(1)

    run.child.kill('SIGKILL')
    expect(await run.exited).toEqual({ code: null, signal: 'SIGKILL' })

    const left = await leftoversAfter(WITHIN_MS, () => leftovers(run.started.program, servers, run.started.dirs))
    expect(left).toEqual(NOTHING)
    expect(existsSync(kept)).toBe(true)
  }))

it('leaves no watchdog after a normal stop(), and the program ends by itself', () =>
  withCallersDir(async (kept) => {
    const run = await runProgram('stop', kept)
    const servers = run.started.servers.map(note)
    expect(watchdogsOf(run.started.program)).toHaveLength(1)

    // nothing kills it: it ends when stop() is done, as nothing it started holds it open
    run.child.stdin?.end('stop\n')
    expect(await run.exited).toEqual({ code: 0, signal: null })
    expect(run.stdout()).toContain('\nstopped\n')

    const left = await leftoversAfter(WITHIN_MS, () => leftovers(run.started.program, servers, run.started.dirs))
    expect(left).toEqual(NOTHING)
  }))
