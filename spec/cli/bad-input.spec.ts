/**
 * What the command does with wrong input: one line `weaviate-rx: <reason>` on stderr and an exit
 * code (64 wrong usage, 1 failed or different, 2 some objects failed), and `--help` on every
 * subcommand. A failed object or malformed line never stops the run.
 */
import { promises as fs } from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { uniqueClassName, weaviateUrl } from '../helpers/server'
import { dropClass, freeUrl, readClass, rest, runCli, seedClass, type Seeded } from './fixtures'

/** Every command of `weaviate-rx`. */
const COMMANDS = ['export', 'import', 'copy', 'verify', 'types']

let seeded: Seeded
let dir: string
let deadUrl: string
const made: string[] = []

beforeAll(async () => {
  seeded = await seedClass(weaviateUrl(), uniqueClassName('CliBad'), 20, false)
  made.push(seeded.className)
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'weaviate-rx-cli-bad-'))
  deadUrl = await freeUrl()
})

afterAll(async () => {
  await Promise.all(made.map((c) => dropClass(weaviateUrl(), c)))
  await fs.rm(dir, { recursive: true, force: true })
})

/** stderr is exactly one line. */
const oneLine = (stderr: string): string => {
  expect(stderr.endsWith('\n')).toBe(true)
  expect(stderr.trimEnd().split('\n')).toHaveLength(1)
  return stderr.trimEnd()
}

describe('usage', () => {
  it('an unknown subcommand exits 64 with one line naming it', async () => {
    const run = await runCli(['exprot', '--url', weaviateUrl()])
    expect(run.code).toBe(64)
    expect(oneLine(run.stderr)).toBe("weaviate-rx: unknown command 'exprot' (see 'weaviate-rx --help')")
  })

  it('a missing --class exits 64 with one line naming the option', async () => {
    const run = await runCli(['export', '--url', weaviateUrl()])
    expect(run.code).toBe(64)
    expect(oneLine(run.stderr)).toBe("weaviate-rx: export: missing --class (see 'weaviate-rx export --help')")
  })

  it('an unknown option exits 64 with one line naming it', async () => {
    const run = await runCli(['copy', '--from', weaviateUrl(), '--to', weaviateUrl(), '--class', 'A', '--colour'])
    expect(run.code).toBe(64)
    expect(oneLine(run.stderr)).toMatch(/^weaviate-rx: copy: Unknown option '--colour'/)
  })

  it('a URL that is not http(s) exits 64', async () => {
    const run = await runCli(['verify', '--from', 'ftp://x', '--to', weaviateUrl(), '--class', 'A'])
    expect(run.code).toBe(64)
    expect(oneLine(run.stderr)).toBe('weaviate-rx: verify: --from must be an http(s) URL, but was: ftp://x')
  })

  it.each(COMMANDS)('%s --help prints its usage on stdout and exits 0', async (command) => {
    const run = await runCli([command, '--help'])
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect(run.stdout).toMatch(new RegExp(`^Usage: weaviate-rx ${command} `))
  })

  it("every option the command's guide (docs/cli.md) names is in some command's --help", async () => {
    const section = await fs.readFile(path.join(__dirname, '..', '..', 'docs', 'cli.md'), 'utf8')
    const named = [...new Set(section.match(/--[a-z][a-z-]+/g) ?? [])]
    const helps = (await Promise.all(COMMANDS.map((c) => runCli([c, '--help'])))).map((r) => r.stdout).join('\n')
    expect(named.length).toBeGreaterThan(10)
    expect(named.filter((option) => !new RegExp(`${option}\\b`).test(helps))).toEqual([])
  })

  it('import --help says what a re-run of the same file does with lines without an id', async () => {
    const run = await runCli(['import', '--help'])
    expect(run.stdout).toContain('A line without an id is written under an id made from the file (its first 64 KiB and its size)\nand the line number')
    expect(run.stdout).toContain('running the same file again, or resuming it, overwrites those\nobjects instead of adding them twice')
  })

  it.each([
    [['import', '--url', 'http://127.0.0.1:1', '--concurrency', '0', '-'], 'weaviate-rx: import: --concurrency must be an integer from 1 to 64, but was: 0'],
    [['copy', '--from', 'http://127.0.0.1:1', '--to', 'http://127.0.0.1:1', '--class', 'A', '--batch-size', 'x'], 'weaviate-rx: copy: --batch-size must be an integer from 1 to 10000, but was: x'],
    [['export', '--url', 'http://127.0.0.1:1', '--class', 'A', '--timeout', '0'], 'weaviate-rx: export: --timeout must be an integer from 1 to 3600, but was: 0'],
    [['verify', '--from', 'http://127.0.0.1:1', '--to', 'http://127.0.0.1:1', '--class', 'A', '--progress', 'bar'], 'weaviate-rx: verify: --progress must be auto, json or none, but was: bar'],
    [['export', '--url', 'http://127.0.0.1:1', '--class', 'A', '--transport', 'http2'], 'weaviate-rx: export: --transport must be auto, grpc or rest, but was: http2'],
    [['copy', '--from', 'http://127.0.0.1:1', '--to', 'http://127.0.0.1:1', '--class', 'A', '--to-grpc-url', 'grpc://x:50051'], 'weaviate-rx: copy: --to-grpc-url must be an http(s) URL, but was: grpc://x:50051'],
    [
      ['import', '--url', 'http://127.0.0.1:1', '--url', 'http://127.0.0.2:1', '--grpc-url', 'http://127.0.0.1:2', '--grpc-url', 'http://127.0.0.2:2', '--grpc-url', 'http://127.0.0.3:2', '-'],
      'weaviate-rx: import: --grpc-url must be given once or once per --url (2), but was given 3 times',
    ],
  ])('%j exits 64 with one line naming the option and what it takes', async (argv, line) => {
    const run = await runCli(argv)
    expect(run.code).toBe(64)
    expect(oneLine(run.stderr)).toBe(line)
  })

  it('--help lists the subcommands and exits 0', async () => {
    const run = await runCli(['--help'])
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/export[\s\S]*import[\s\S]*copy[\s\S]*verify/)
  })
})

describe('failures', () => {
  it('an unreachable URL exits 1 with one line naming the connection error', async () => {
    const run = await runCli(['export', '--url', deadUrl, '--class', 'Anything', '--progress', 'none'])
    expect(run.code).toBe(1)
    expect(oneLine(run.stderr)).toMatch(/^weaviate-rx: GET http:\/\/127\.0\.0\.1:\d+\/v1\/schema\/Anything failed: connection error ECONNREFUSED/)
  })

  it('a class that does not exist exits 1 with one line', async () => {
    const run = await runCli(['export', '--url', weaviateUrl(), '--class', 'NoSuchClass_Cli', '--progress', 'none'])
    expect(run.code).toBe(1)
    expect(oneLine(run.stderr)).toBe('weaviate-rx: class NoSuchClass_Cli does not exist')
  })

  it('a malformed NDJSON line is reported with its line number, the rest is imported, exit 2', async () => {
    const target = uniqueClassName('CliMalformed')
    made.push(target)
    const exported = await runCli(['export', '--url', weaviateUrl(), '--class', seeded.className, '--progress', 'none'])
    const lines = exported.stdout.trimEnd().split('\n')
    const broken = lines.map((l, i) => (i === 4 ? '{"id": "oops", "properties": ' : l))
    const run = await runCli(['import', '--url', weaviateUrl(), '--class', target, '--create-class', '-', '--progress', 'none'], { stdin: broken.join('\n') })
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/^failed: line 5: malformed JSON: /m)
    expect(await readClass(weaviateUrl(), target)).toHaveLength(lines.length - 2)
  })

  it('an object the server refuses goes to --failures with its id, line and message; the rest is imported, exit 2', async () => {
    const target = uniqueClassName('CliRefused')
    made.push(target)
    await rest(weaviateUrl(), 'POST', '/schema', { class: target, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] })
    const good = '11111111-1111-4111-8111-111111111111'
    const bad = '22222222-2222-4222-8222-222222222222'
    const input = `${JSON.stringify({ id: good, properties: { n: 1 } })}\n${JSON.stringify({ id: bad, properties: { n: 'not a number' } })}\n`
    const failuresFile = path.join(dir, 'failures.ndjson')
    const run = await runCli(['import', '--url', weaviateUrl(), '--class', target, '--failures', failuresFile, '-', '--progress', 'none'], { stdin: input })
    expect(run.code).toBe(2)
    const failures = (await fs.readFile(failuresFile, 'utf8')).trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(failures).toEqual([
      { id: bad, line: 2, message: `invalid integer property 'n' on class '${target}': requires an integer, the given value is 'not a number'` },
    ])
    expect((await readClass(weaviateUrl(), target)).map((o) => o.id)).toEqual([good])
  })

  it('an object whose id is not a UUID fails at its own line (the library refuses it before sending); the rest is imported, exit 2', async () => {
    const target = uniqueClassName('CliBadId')
    made.push(target)
    await rest(weaviateUrl(), 'POST', '/schema', { class: target, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] })
    const good = '33333333-3333-4333-8333-333333333333'
    const input = [{ id: 'oops', properties: { n: 1 } }, { id: good, properties: { n: 2 } }, { properties: { n: 3 } }].map((o) => JSON.stringify(o)).join('\n')
    const failuresFile = path.join(dir, 'bad-id.failures.ndjson')
    const run = await runCli(['import', '--url', weaviateUrl(), '--class', target, '--failures', failuresFile, '-', '--progress', 'none'], { stdin: input })
    expect(run.code).toBe(2)
    const failures = (await fs.readFile(failuresFile, 'utf8')).trimEnd().split('\n').map((l) => JSON.parse(l) as { id: string; line: number; message: string })
    expect(failures).toEqual([{ id: 'oops', line: 1, message: "Not valid 'objects[0].uuid' or 'objects[0].uuid' can not be extracted from value" }])
    expect(await readClass(weaviateUrl(), target)).toHaveLength(2)
  })

  describe('verify of two classes with 40 differences', () => {
    let other: Seeded

    beforeAll(async () => {
      other = await seedClass(weaviateUrl(), uniqueClassName('CliOther'), 20, false)
      made.push(other.className)
    })

    const verify = (...extra: string[]) =>
      runCli(['verify', '--from', weaviateUrl(), '--to', weaviateUrl(), '--class', seeded.className, '--to-class', other.className, '--progress', 'none', ...extra])

    it('exits 1 with one line counting them', async () => {
      const run = await verify()
      expect(run.code).toBe(1)
      expect(run.stderr.trimEnd().split('\n').at(-1)).toBe(`weaviate-rx: verify: 40 differences between ${seeded.className} on --from and ${other.className} on --to`)
    })

    it('prints the first 10 by default, then how many more', async () => {
      const lines = (await verify()).stdout.trimEnd().split('\n')
      expect(lines).toHaveLength(11)
      expect(lines.slice(0, 10).every((l) => /^(missing on --to|only on --to): [0-9a-f-]{36}$/.test(l))).toBe(true)
      expect(lines[10]).toBe('... 30 more differences')
    })

    it('--max-differences 3 prints 3, then how many more', async () => {
      const lines = (await verify('--max-differences', '3')).stdout.trimEnd().split('\n')
      expect(lines).toHaveLength(4)
      expect(lines.slice(0, 3).every((l) => /^(missing on --to|only on --to): [0-9a-f-]{36}$/.test(l))).toBe(true)
      expect(lines[3]).toBe('... 37 more differences')
    })
  })

  it('a checkpoint on stdout is refused: a resumed export must be able to cut its file back', async () => {
    const run = await runCli(['export', '--url', weaviateUrl(), '--class', seeded.className, '--checkpoint', path.join(dir, 'x.ckpt')])
    expect(run.code).toBe(64)
    expect(oneLine(run.stderr)).toMatch(/^weaviate-rx: export: --checkpoint needs --out FILE/)
  })
})
