/**
 * The checkpoint file: absent means a fresh start; `flush` puts the latest saved state on disk,
 * replacing the file by rename so no temp file is left behind; a file that is not JSON is a
 * one-line failure.
 */
import { spawnSync } from 'node:child_process'
import { promises as fs } from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { checkpointFile } from '../../lib/cli/state/checkpoint-file'

let dir: string

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'weaviate-rx-checkpoint-'))
})

afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true })
})

describe('checkpointFile', () => {
  it('loads undefined when the file does not exist', async () => {
    expect(await checkpointFile(path.join(dir, 'none.json')).load()).toBeUndefined()
  })

  it('writes the latest of several saves on flush, and leaves only the checkpoint in its directory', async () => {
    const file = path.join(dir, 'copy.json')
    const checkpoint = checkpointFile<{ after: string }>(file)
    checkpoint.save({ after: 'a' })
    checkpoint.save({ after: 'b' })
    await checkpoint.flush()
    expect(await checkpointFile(file).load()).toEqual({ after: 'b' })
    expect(await fs.readdir(dir)).toEqual(['copy.json'])
  })

  it('flush resolves when the state saved during a write was already written by that drain', () => {
    // A flush loop that never settles spins on microtasks and starves jest's own timeout: the
    // scenario runs in a child process that is killed after 120 s, so the test fails instead of
    // hanging the worker. The limit bounds a hang, not a run: the child loads TypeScript through
    // ts-node first, which on two cores shared with other work takes tens of seconds.
    const file = path.join(dir, 'export.json')
    const scenario = `
      const { checkpointFile } = require(${JSON.stringify(path.resolve(__dirname, '../../lib/cli/state/checkpoint-file'))})
      const checkpoint = checkpointFile(${JSON.stringify(file)})
      checkpoint.save({ after: 'a' })
      const first = checkpoint.flush()
      checkpoint.save({ after: 'b' })
      first.then(() => checkpoint.flush()).then(() => checkpointFile(${JSON.stringify(file)}).load()).then((s) => process.stdout.write(JSON.stringify(s)))
    `
    const child = spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', scenario], { encoding: 'utf8', timeout: 120_000 })
    expect({ signal: child.signal, stderr: child.stderr }).toEqual({ signal: null, stderr: '' })
    expect(JSON.parse(child.stdout) as unknown).toEqual({ after: 'b' })
  })

  it('a checkpoint that is not JSON is a failure naming the file', async () => {
    const file = path.join(dir, 'broken.json')
    await fs.writeFile(file, '{"after":')
    await expect(checkpointFile(file).load()).rejects.toThrow(`the checkpoint ${file} is not valid JSON`)
  })
})
