/**
 * What a resumed or repeated `weaviate-rx import` does with lines without an id and with the
 * `--failures` file. A kill leaves the checkpoint at its last commit while more lines may have been
 * sent and more failures recorded after it; these specs rewind a finished run's checkpoint to such
 * a commit (the state a kill leaves) and resume from there. The real kills are in
 * spec/slow/cli.spec.ts.
 */
import { promises as fs } from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { uniqueClassName, weaviateUrl } from '../helpers/server'
import { dropClass, readClass, rest, runCli } from './fixtures'

const LINES = 30
/** Lines 5, 15 and 25 are not JSON; line 20 has a value the server refuses; none has an id. */
const input = Array.from({ length: LINES }, (_, i) => {
  const line = i + 1
  if (line % 10 === 5) return '{"properties": '
  return JSON.stringify({ properties: { n: line === 20 ? 'not a number' : line } })
}).join('\n')
const IMPORTED = LINES - 4

let dir: string
let file: string
const made: string[] = []

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'weaviate-rx-cli-resume-'))
  file = path.join(dir, 'input.ndjson')
  await fs.writeFile(file, `${input}\n`)
})

afterAll(async () => {
  await Promise.all(made.map((c) => dropClass(weaviateUrl(), c)))
  await fs.rm(dir, { recursive: true, force: true })
})

const freshClass = async (): Promise<string> => {
  const className = uniqueClassName('CliResume')
  made.push(className)
  await rest(weaviateUrl(), 'POST', '/schema', { class: className, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] })
  return className
}

const importArgs = (className: string, ...extra: string[]) => ['import', '--url', weaviateUrl(), '--class', className, '--progress', 'none', '--batch-size', '4', ...extra, file]

interface Saved {
  command: string
  state: { phase: string; offset: number; line: number }
  failuresAt: number
  failed: number
}

/** Rewinds a finished import's checkpoint to the commit after `line`, as a kill there leaves it. */
const rewindTo = async (checkpoint: string, failuresFile: string, line: number): Promise<void> => {
  const saved = JSON.parse(await fs.readFile(checkpoint, 'utf8')) as Saved
  const offset = input.split('\n').slice(0, line).join('\n').length + 1
  const failures = (await fs.readFile(failuresFile, 'utf8')).split('\n').filter((l) => l !== '')
  const before = failures.filter((l) => (JSON.parse(l) as { line: number }).line <= line)
  const rewound: Saved = {
    ...saved,
    state: { ...saved.state, phase: 'objects', offset, line: line + 1 },
    failuresAt: before.reduce((bytes, l) => bytes + Buffer.byteLength(l) + 1, 0),
    failed: before.length,
  }
  await fs.writeFile(checkpoint, JSON.stringify(rewound))
}

describe('import of lines without an id', () => {
  it('run twice on the same file leaves each line once: a line without an id is written under the same id again', async () => {
    const className = await freshClass()
    expect((await runCli(importArgs(className))).code).toBe(2)
    const first = (await readClass(weaviateUrl(), className)).map((o) => o.id)
    expect((await runCli(importArgs(className))).code).toBe(2)
    const second = (await readClass(weaviateUrl(), className)).map((o) => o.id)
    expect(first).toHaveLength(IMPORTED)
    expect(second).toEqual(first)
  })

  it('resumed from a checkpoint behind lines already written leaves each line once', async () => {
    const className = await freshClass()
    const checkpoint = path.join(dir, `${className}.ckpt`)
    const failuresFile = path.join(dir, `${className}.failures`)
    expect((await runCli(importArgs(className, '--checkpoint', checkpoint, '--failures', failuresFile))).code).toBe(2)
    const written = (await readClass(weaviateUrl(), className)).map((o) => o.id)
    await rewindTo(checkpoint, failuresFile, 8)
    expect((await runCli(importArgs(className, '--checkpoint', checkpoint, '--failures', failuresFile))).code).toBe(2)
    expect((await readClass(weaviateUrl(), className)).map((o) => o.id)).toEqual(written)
    expect(written).toHaveLength(IMPORTED)
  })
})

describe('the --failures file of a resumed import', () => {
  it('holds each failure once: the file is cut back to what the checkpoint covers before the run goes on', async () => {
    const className = await freshClass()
    const checkpoint = path.join(dir, `${className}.ckpt`)
    const failuresFile = path.join(dir, `${className}.failures`)
    expect((await runCli(importArgs(className, '--checkpoint', checkpoint, '--failures', failuresFile))).code).toBe(2)
    const whole = await fs.readFile(failuresFile, 'utf8')
    expect(whole.trimEnd().split('\n').map((l) => (JSON.parse(l) as { line: number }).line)).toEqual([5, 15, 20, 25])
    await rewindTo(checkpoint, failuresFile, 12)
    expect((await runCli(importArgs(className, '--checkpoint', checkpoint, '--failures', failuresFile))).code).toBe(2)
    expect(await fs.readFile(failuresFile, 'utf8')).toBe(whole)
  })

  it('a resumed run that meets no new failure still exits 2 when the run it resumes had some', async () => {
    const className = await freshClass()
    const checkpoint = path.join(dir, `${className}.ckpt`)
    const failuresFile = path.join(dir, `${className}.failures`)
    await runCli(importArgs(className, '--checkpoint', checkpoint, '--failures', failuresFile))
    await rewindTo(checkpoint, failuresFile, 27)
    const resumed = await runCli(importArgs(className, '--checkpoint', checkpoint, '--failures', failuresFile))
    expect(resumed.code).toBe(2)
    expect((await fs.readFile(failuresFile, 'utf8')).trimEnd().split('\n')).toHaveLength(4)
  })
})

describe('a checkpoint written by weaviate-rx 0.2.0', () => {
  it('is refused with one line saying to delete it, and nothing is written', async () => {
    const className = await freshClass()
    const checkpoint = path.join(dir, `${className}.old.ckpt`)
    await fs.writeFile(checkpoint, JSON.stringify({ command: 'import', className, sourceClassName: className, phase: 'objects', offset: 0, line: 1 }))
    const run = await runCli(importArgs(className, '--checkpoint', checkpoint))
    expect(run).toMatchObject({ code: 1, stderr: `weaviate-rx: the checkpoint ${checkpoint} was written by an older weaviate-rx; delete it to start over\n` })
    expect(await readClass(weaviateUrl(), className)).toEqual([])
  })
})
