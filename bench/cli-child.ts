/**
 * Runs the `weaviate-rx` command in this process (as `bench/copy.ts` spawns it) and, when it is
 * done, writes one last stderr line `peak-rss-bytes=<n>`: the process's peak resident memory.
 */
import { main } from '../lib/cli/main'

void main(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env }).then((code) => {
  process.stderr.write(`peak-rss-bytes=${process.resourceUsage().maxRSS * 1024}\n`)
  process.exitCode = code
})
