// `npm test`: the checks (type-check, lint, docs) while the shared servers start, then the `unit`
// and `server` projects, then `slow` (one file at a time), all against the same servers
// (spec/setup/hold-servers.ts): each jest run's global setup finds their variables set and starts
// nothing. The servers stop when this process ends, however it ends (their holder reads stdin).
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

const started = Date.now()
const seconds = () => ((Date.now() - started) / 1000).toFixed(0)

const holder = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', 'spec/setup/hold-servers.ts'], {
  stdio: ['pipe', 'pipe', 'inherit'],
  env: { ...process.env, TS_NODE_PROJECT: 'tsconfig.json' },
})
const servers = new Promise((resolve, reject) => {
  createInterface({ input: holder.stdout }).once('line', (line) => resolve(JSON.parse(line)))
  holder.once('exit', (code) => reject(new Error(`the shared servers did not start (exit ${code})`)))
})
servers.catch(() => undefined)

const run = (command, args, env = process.env) =>
  new Promise((resolve) => spawn(command, args, { stdio: 'inherit', env }).on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))))

const finish = (code) => {
  holder.stdin.end()
  holder.once('exit', () => process.exit(code))
  if (holder.exitCode !== null) process.exit(code)
}

const checks = await run(process.execPath, ['scripts/together.mjs', 'typecheck', 'lint', 'docs'])
if (checks !== 0) finish(checks)
else {
  let variables
  try {
    variables = await servers
  } catch (error) {
    process.stderr.write(`${error.message}\n`)
    finish(1)
  }
  if (variables !== undefined) {
    process.stdout.write(`npm test: checks passed and servers up in ${seconds()} s\n`)
    const env = { ...process.env, ...variables }
    const jest = 'node_modules/.bin/jest'
    const fast = await run(jest, ['--selectProjects', 'unit', 'server', '--maxWorkers=2'], env)
    process.stdout.write(`npm test: unit and server ended at ${seconds()} s\n`)
    const slow = fast === 0 ? await run(jest, ['--selectProjects', 'slow', '--maxWorkers=1'], env) : 1
    process.stdout.write(`npm test: ${fast === 0 && slow === 0 ? 'passed' : 'failed'} in ${seconds()} s\n`)
    finish(fast === 0 ? slow : fast)
  }
}
