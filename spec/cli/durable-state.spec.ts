/**
 * The command's checkpoint and failures file survive a power loss: the checkpoint is written to a
 * temp file, flushed (fsync), renamed, and its directory flushed; the failures file (and an
 * export's output) is flushed before any checkpoint that counts its bytes. A spec cannot cut the
 * power, so these watch the calls: the checkpoint through its injected file operations, the whole
 * run through a spy on `fs.promises.open` that records each handle's `sync`.
 */
import { promises as fs } from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { PassThrough } from 'node:stream'
import { checkpointFile } from '../../lib/cli/state/checkpoint-file'
import { NODE_FS, type DurableFs } from '../../lib/cli/formats/durable-file'
import { runResumable } from '../../lib/cli/state/resumable-run'
import type { CliIo } from '../../lib/cli/terminal/io'

let dir: string

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'weaviate-rx-durable-'))
})

afterEach(async () => {
  jest.restoreAllMocks()
  await fs.rm(dir, { recursive: true, force: true })
})

/** Node's file operations, each call recorded as one line (`open <name> <flags>`, `sync <name>`...), names relative to `dir`. */
const recordingFs = (calls: string[], refuse?: { readonly on: 'open' | 'sync'; readonly code: string }): DurableFs => {
  const name = (p: string) => path.relative(dir, p) || '.'
  const failure = (code: string) => Object.assign(new Error(`${code}: refused`), { code })
  return {
    open: async (file, flags) => {
      calls.push(`open ${name(file)} ${flags}`)
      if (file === dir && refuse?.on === 'open') throw failure(refuse.code)
      const handle = await NODE_FS.open(file, flags)
      return {
        writeFile: async (data) => {
          calls.push(`write ${name(file)}`)
          await handle.writeFile(data)
        },
        sync: async () => {
          calls.push(`sync ${name(file)}`)
          if (file === dir && refuse?.on === 'sync') throw failure(refuse.code)
          await handle.sync()
        },
        close: async () => {
          calls.push(`close ${name(file)}`)
          await handle.close()
        },
      }
    },
    rename: async (from, to) => {
      calls.push(`rename ${name(from)} ${name(to)}`)
      await NODE_FS.rename(from, to)
    },
  }
}

const temp = `.state.json.${process.pid}.tmp`

describe('the checkpoint file', () => {
  it('is written to a temp file, flushed, renamed, then its directory is flushed', async () => {
    const calls: string[] = []
    const checkpoint = checkpointFile<{ after: string }>(path.join(dir, 'state.json'), { fs: recordingFs(calls) })
    checkpoint.save({ after: 'a' })
    await checkpoint.flush()
    expect(calls).toEqual([`open ${temp} w`, `write ${temp}`, `sync ${temp}`, `close ${temp}`, `rename ${temp} state.json`, 'open . r', 'sync .', 'close .'])
    expect(await checkpointFile(path.join(dir, 'state.json')).load()).toEqual({ after: 'a' })
  })

  it('runs its before hook ahead of opening the temp file', async () => {
    const calls: string[] = []
    const checkpoint = checkpointFile<{ after: string }>(path.join(dir, 'state.json'), {
      fs: recordingFs(calls),
      before: async () => {
        calls.push('before')
      },
    })
    checkpoint.save({ after: 'a' })
    await checkpoint.flush()
    expect(calls.slice(0, 2)).toEqual(['before', `open ${temp} w`])
  })

  it.each([
    ['cannot open a directory (EISDIR, as on Windows)', { on: 'open', code: 'EISDIR' }],
    ['refuses to flush a directory (EPERM)', { on: 'sync', code: 'EPERM' }],
    ['cannot flush a directory (EINVAL)', { on: 'sync', code: 'EINVAL' }],
  ] as const)('is written where the platform %s', async (_platform, refuse) => {
    const checkpoint = checkpointFile<{ after: string }>(path.join(dir, 'state.json'), { fs: recordingFs([], refuse) })
    checkpoint.save({ after: 'b' })
    await checkpoint.flush()
    expect(await checkpointFile(path.join(dir, 'state.json')).load()).toEqual({ after: 'b' })
  })

  it('fails its flush, naming the file, when the directory cannot be flushed for another reason', async () => {
    const file = path.join(dir, 'state.json')
    const checkpoint = checkpointFile<{ after: string }>(file, { fs: recordingFs([], { on: 'sync', code: 'EIO' }) })
    checkpoint.save({ after: 'c' })
    await expect(checkpoint.flush()).rejects.toThrow(`cannot write the checkpoint ${file}: EIO: refused`)
  })
})

describe('a resumable run', () => {
  /** Records `open`, `sync` and `close` of every file handle opened in `dir`. */
  const spyOnHandles = (): string[] => {
    const calls: string[] = []
    const open = fs.open.bind(fs)
    jest.spyOn(fs, 'open').mockImplementation(async (file, flags, mode) => {
      const handle = await open(file, flags, mode)
      const name = path.relative(dir, String(file)) || '.'
      if (name.startsWith('..')) return handle
      calls.push(`open ${name}`)
      const sync = handle.sync.bind(handle)
      jest.spyOn(handle, 'sync').mockImplementation(() => {
        calls.push(`sync ${name}`)
        return sync()
      })
      return handle
    })
    return calls
  }

  const io = (): CliIo => ({ stdin: new PassThrough(), stdout: new PassThrough(), stderr: new PassThrough(), env: {} })

  it('flushes the failures file before each checkpoint that counts its bytes', async () => {
    const calls = spyOnHandles()
    const options = {
      command: 'import',
      checkpoint: path.join(dir, 'run.json'),
      failures: path.join(dir, 'failed.ndjson'),
      progress: 'none' as const,
      io: io(),
      mismatch: () => undefined,
      complete: () => false,
    }
    const code = await runResumable<{ n: number }>(options, async (run) => {
      await run.commit({ n: 1 }, [{ id: 'a', message: 'bad' }])
    })
    expect(code).toBe(2)
    const tempName = `.run.json.${process.pid}.tmp`
    expect(calls).toEqual([
      // The failures file made, and its new name flushed with the directory.
      'open failed.ndjson',
      'open .',
      'sync .',
      // The checkpoint: the failures line flushed first, then the temp file, then the rename.
      'sync failed.ndjson',
      `open ${tempName}`,
      `sync ${tempName}`,
      'open .',
      'sync .',
      // Closing the failures file flushes it once more.
      'sync failed.ndjson',
    ])
    const saved = JSON.parse(await fs.readFile(options.checkpoint, 'utf8')) as { failuresAt: number }
    expect(saved.failuresAt).toBe((await fs.stat(options.failures)).size)
  })
})
