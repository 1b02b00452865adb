// `npm test`'s checks: runs the npm scripts named on the command line at the same time, prints
// each one's output whole once it ends (in the order given, so logs do not interleave), and exits
// 1 when any of them failed. Type-check, lint and the API docs are each one single-threaded
// process, so on two cores the three take about as long as the longest instead of their sum.
import { Buffer } from 'node:buffer'
import { spawn } from 'node:child_process'

const names = process.argv.slice(2)

const run = (name) =>
  new Promise((resolve) => {
    const started = Date.now()
    const child = spawn('npm', ['run', '-s', name], { stdio: ['ignore', 'pipe', 'pipe'] })
    const output = []
    child.stdout.on('data', (chunk) => output.push(chunk))
    child.stderr.on('data', (chunk) => output.push(chunk))
    child.on('close', (code, signal) => resolve({ name, ok: code === 0, code: code ?? signal, output: Buffer.concat(output), seconds: (Date.now() - started) / 1000 }))
  })

const results = await Promise.all(names.map(run))
for (const { name, ok, code, output, seconds } of results) {
  process.stdout.write(output)
  process.stdout.write(`npm run ${name}: ${ok ? 'passed' : `failed (${code})`} in ${seconds.toFixed(0)} s\n`)
}
process.exit(results.every(({ ok }) => ok) ? 0 : 1)
