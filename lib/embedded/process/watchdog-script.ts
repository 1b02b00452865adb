/**
 * The source of the watchdog process (lib/embedded/process/watchdog.ts), run as
 * `node -e <source> weaviate-rx-watchdog <program pid>`. It is a string, not a module, so the same
 * text runs from the built `dist/` and under ts-node or jest, with no file to ship or find, and so
 * no coverage or transpiler step can rewrite it.
 *
 * What it does: fd 0 is one end of a socket pair whose other end only the program holds. It writes
 * `ready <its pid>` there, then reads lines: `+p <pid>` / `-p <pid>` guard and release a server
 * process, `+d <json path>` / `-d <json path>` a temp data dir. End of input (the program closed its
 * end, or the kernel did because the program died, by any signal), or the program's pid gone, ends
 * it: every guarded process that is still the same process (its start time in /proc matches) gets
 * SIGTERM, then SIGKILL after 3 s; then the guarded dirs are removed and it exits. With nothing
 * guarded that is an immediate exit: how a program ends it normally.
 *
 * @packageDocumentation
 */

/** The word after the script in the watchdog's command line, and the start of its process title. */
export const WATCHDOG_MARKER = 'weaviate-rx-watchdog'

/**
 * The watchdog. `process.argv` under `node -e`: `[execPath, marker, programPid]`.
 */
export const WATCHDOG_SOURCE = String.raw`'use strict'
const fs = require('fs')
const program = Number(process.argv[2])
const GRACE_MS = 3000
const KILL_WAIT_MS = 2000
const POLL_MS = 50
const PROGRAM_POLL_MS = 1000
try { process.title = '${WATCHDOG_MARKER} ' + program } catch (e) {}
const hasProc = fs.existsSync('/proc/self/stat')
const stat = (pid) => {
  try {
    const text = fs.readFileSync('/proc/' + pid + '/stat', 'utf8')
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
    return { state: fields[0], start: fields[19] }
  } catch (e) {
    return undefined
  }
}
const exists = (pid) => {
  try { process.kill(pid, 0); return true } catch (e) { return false }
}
// a process is named by its pid and, where /proc tells it, its start time: a pid reused by
// another process after ours was reaped is never signalled; a zombie is not running
const identity = (pid) => (hasProc ? (stat(pid) || {}).start : '')
const running = (pid, start) => {
  if (!hasProc) return exists(pid)
  const now = stat(pid)
  return now !== undefined && now.state !== 'Z' && now.start === start
}
const pids = new Map()
const dirs = new Set()
const programStart = identity(program)
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
let ending = false
const end = async () => {
  if (ending) return
  ending = true
  const mine = [...pids]
  const alive = () => mine.filter(([pid, start]) => running(pid, start))
  const signal = (name) => {
    for (const [pid] of alive()) {
      try { process.kill(pid, name) } catch (e) {}
    }
  }
  const settle = async (ms) => {
    const until = Date.now() + ms
    while (alive().length > 0 && Date.now() < until) await sleep(POLL_MS)
  }
  if (alive().length > 0) {
    signal('SIGTERM')
    await settle(GRACE_MS)
    signal('SIGKILL')
    await settle(KILL_WAIT_MS)
  }
  for (const dir of dirs) {
    try { fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 }) } catch (e) {}
  }
  process.exit(0)
}
const handle = (line) => {
  const op = line.slice(0, 2)
  const arg = line.slice(3)
  try {
    if (op === '+p') {
      const start = identity(Number(arg))
      if (start !== undefined) pids.set(Number(arg), start)
    } else if (op === '-p') pids.delete(Number(arg))
    else if (op === '+d') dirs.add(JSON.parse(arg))
    else if (op === '-d') dirs.delete(JSON.parse(arg))
  } catch (e) {}
}
fs.writeSync(0, 'ready ' + process.pid + '\n')
let buffered = ''
process.stdin.setEncoding('utf8')
process.stdin.on('data', (chunk) => {
  if (ending) return
  buffered += chunk
  let newline = buffered.indexOf('\n')
  while (newline >= 0) {
    handle(buffered.slice(0, newline))
    buffered = buffered.slice(newline + 1)
    newline = buffered.indexOf('\n')
  }
})
process.stdin.on('end', end)
process.stdin.on('close', end)
process.stdin.on('error', end)
// the socket's end of input is the signal; this poll only covers a program whose end of the
// socket lives on in a process it started outside Node (which a close-on-exec socket should prevent)
setInterval(() => {
  if (!(hasProc ? running(program, programStart) : exists(program))) void end()
}, PROGRAM_POLL_MS)
`

/**
 * The launcher: `node -e <source> <watchdog source> <program pid>` starts the watchdog detached
 * (its own session, so a signal to the program's process group does not reach it) with the
 * launcher's fd 3 as its fd 0, and exits. The program waits for that exit, so the watchdog is
 * never its child: it is re-parented at once, and the program has no child process to reap or to
 * explain to a leak check that lists its children.
 */
export const LAUNCHER_SOURCE = String.raw`'use strict'
const child = require('child_process').spawn(
  process.execPath,
  ['-e', process.argv[1], '${WATCHDOG_MARKER}', process.argv[2]],
  { stdio: [3, 'ignore', 'ignore'], detached: true, env: {}, windowsHide: true },
)
child.on('error', () => process.exit(1))
child.on('spawn', () => process.exit(0))
`
