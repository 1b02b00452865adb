/**
 * weaviate-rx as a user gets it: built from a clean `dist/`, packed once (`npm pack`), the tarball
 * checked by publint and arethetypeswrong, and installed into a fresh project with only its peers
 * (`rxjs`, `fp-ts`; the rest from npm's cache, which `npm ci` of this repository fills). In that
 * project the consumer scripts of ./consumer run against the test server (WEAVIATE_URL, and
 * WEAVIATE_GRPC_URL and WEAVIATE_API_KEY when set: the vectors part goes over gRPC) on this Node,
 * on Node 22, 24 and 26, on Deno and on Bun (and, on Deno and Bun, consumer/web.mjs on the web build:
 * fetch only, gRPC-Web); a TypeScript consumer type-checks under nodenext and bundler resolution; an esbuild bundle runs; and the
 * installed `weaviate-rx` command answers. The temp folder goes at the end, and every script
 * deletes the class it made.
 */
import { promises as fs } from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import packageJson from '../../package.json'
import { outcome, sh } from '../helpers/command'
import { OTHER_NODES, installedRuntime } from '../helpers/runtimes'
import { recordingClient, right } from '../helpers/client'
import { weaviateUrl } from '../helpers/server'

const ROOT = path.resolve(__dirname, '..', '..')
const BIN = path.join(ROOT, 'node_modules', '.bin')
const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc')
const CONSUMER = path.join(__dirname, 'consumer')
const NPM_QUIET = ['--no-audit', '--no-fund', '--loglevel=error']
/** The package's code entries, as `exports` declares them (`weaviate-rx`, `weaviate-rx/paging`, ...). */
const ENTRIES: readonly string[] = Object.keys((packageJson as { exports: Record<string, unknown> }).exports)
  .filter((subpath) => subpath !== './package.json')
  .map((subpath) => path.posix.join(packageJson.name, subpath))

let scratch = ''
let project = ''
let tarball = ''
let files: readonly string[] = []

/** The environment of a consumer script: the test server, and nothing phoning home. */
const scriptEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  WEAVIATE_URL: weaviateUrl(),
  DENO_NO_UPDATE_CHECK: '1',
  DENO_DIR: path.join(scratch, 'deno-cache'),
  BUN_INSTALL_CACHE_DIR: path.join(scratch, 'bun-cache'),
  DO_NOT_TRACK: '1',
})

/** What a consumer script printed as its last line: the scenario's result. */
const scenarioResult = (stdout: string): unknown => JSON.parse(stdout.trim().split('\n').pop() ?? '')

const passedOn = (runtime: RegExp) => ({ ok: true, objects: 6, grpc: 3, runtime: expect.stringMatching(runtime) })

/** What consumer/web.mjs prints when the web build wrote and searched over gRPC-Web. */
const webPassedOn = (runtime: RegExp) => ({ ok: true, objects: 4, grpcWeb: ['BatchObjects', 'Search'], runtime: expect.stringMatching(runtime) })

/**
 * The two ways to the web build: its subpath, and the package's own name under the `worker`
 * condition (Deno and Bun otherwise take the Node build, whose native gRPC and BatchStream they run).
 */
const WEB_ENTRIES: ReadonlyArray<readonly [string, string, readonly string[]]> = [
  ['weaviate-rx/web', 'weaviate-rx/web', []],
  ['weaviate-rx under --conditions=worker', 'weaviate-rx', ['--conditions=worker']],
]

/** npm's own warnings about this machine's npm configuration are not the command's output. */
const withoutNpmWarnings = (text: string): string =>
  text
    .split(/(?<=\n)/)
    .filter((line) => !line.startsWith('npm warn '))
    .join('')

beforeAll(async () => {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'weaviate-rx-tarball-'))
  // A clean build: files of an older layout must not end up in the package.
  await fs.rm(path.join(ROOT, 'dist'), { recursive: true, force: true })
  await sh('npm', ['run', 'build', '--silent'], { cwd: ROOT })
  const { stdout } = await sh('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', scratch, ...NPM_QUIET], { cwd: ROOT })
  const [packed] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>
  if (packed === undefined) throw new Error(`npm pack printed no package: ${stdout}`)
  tarball = path.join(scratch, packed.filename)
  files = packed.files.map((f) => f.path)

  project = path.join(scratch, 'consumer')
  await fs.cp(CONSUMER, project, { recursive: true })
  await fs.writeFile(path.join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }))
  await sh('npm', ['install', '--prefer-offline', ...NPM_QUIET, tarball, 'rxjs', 'fp-ts'], { cwd: project })
}, 300_000)

afterAll(async () => {
  if (scratch !== '') await fs.rm(scratch, { recursive: true, force: true })
})

describe('the tarball', () => {
  it('holds the build, package.json, README, CHANGELOG and LICENSE, and no sources, specs, examples or benchmarks', () => {
    expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'dist/index.js', 'dist/index.d.ts']))
    expect(files.filter((f) => !/^(dist\/|package\.json$|README\.md$|CHANGELOG\.md$|LICENSE$)/.test(f))).toEqual([])
  })

  it('carries every source map with its sources inline, so stack traces and debuggers need no file the package lacks', async () => {
    const maps = files.filter((f) => f.endsWith('.map'))
    expect(maps.filter((f) => !f.endsWith('.js.map'))).toEqual([])
    const installed = path.join(project, 'node_modules', packageJson.name)
    const lacking: string[] = []
    for (const map of maps) {
      const parsed = JSON.parse(await fs.readFile(path.join(installed, map), 'utf8')) as { sources: string[]; sourcesContent?: Array<string | null> }
      if (parsed.sourcesContent?.length !== parsed.sources.length || parsed.sourcesContent.some((s) => typeof s !== 'string')) lacking.push(map)
    }
    expect({ maps: maps.length > 0, lacking }).toEqual({ maps: true, lacking: [] })
  })

  it('passes publint with warnings counted as errors', async () => {
    const { stdout } = await sh(path.join(BIN, 'publint'), ['run', tarball, '--strict'], { cwd: scratch })
    expect(stdout).toContain('All good!')
  })

  it('resolves every entry to its types under node10, node16 from CJS and from ESM, and bundler (arethetypeswrong)', async () => {
    const checked = await outcome(path.join(BIN, 'attw'), [tarball, '--format', 'table', '--no-color'], { cwd: scratch })
    const report = `${checked.stdout}\n${checked.stderr}`
    // On failure the message is attw's table, which names the entry and the resolution that fail.
    expect({ code: checked.code, report }).toEqual({ code: 0, report: expect.stringContaining('No problems found') })
    for (const entry of ENTRIES) expect(report).toContain(`"${entry}"`)
  })
})

describe('the installed package on this Node', () => {
  it('runs the CommonJS script (require) against the server', async () => {
    const { stdout } = await sh(process.execPath, ['smoke.cjs'], { cwd: project, env: scriptEnv() })
    expect(scenarioResult(stdout)).toEqual(passedOn(/^node /))
  })

  it('runs the ESM script (named imports from the CommonJS build) against the server', async () => {
    const { stdout } = await sh(process.execPath, ['smoke.mjs'], { cwd: project, env: scriptEnv() })
    expect(scenarioResult(stdout)).toEqual(passedOn(/^node /))
  })

  it('offers the same named exports to import as to require, for every entry', async () => {
    const script = [
      "import { createRequire } from 'node:module'",
      'const require = createRequire(import.meta.url)',
      'const missing = {}',
      `for (const entry of ${JSON.stringify(ENTRIES)}) {`,
      '  const imported = Object.keys(await import(entry))',
      '  missing[entry] = Object.keys(require(entry)).filter((name) => !imported.includes(name))',
      '}',
      'console.log(JSON.stringify(missing))',
    ].join('\n')
    const { stdout } = await sh(process.execPath, ['--input-type=module', '-e', script], { cwd: project })
    expect(JSON.parse(stdout)).toEqual(Object.fromEntries(ENTRIES.map((entry) => [entry, []])))
  })

  it('runs as an esbuild ESM bundle for Node, away from node_modules', async () => {
    const bundled = path.join(scratch, 'bundled')
    await fs.mkdir(bundled)
    // undici is CommonJS and requires Node built-ins; an ESM bundle needs a `require` for them.
    const banner = "--banner:js=import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);"
    const esbuildArgs = ['smoke.mjs', '--bundle', '--platform=node', '--format=esm', `--outfile=${path.join(bundled, 'smoke.mjs')}`, banner]
    await sh(path.join(BIN, 'esbuild'), [...esbuildArgs, '--log-level=warning'], { cwd: project })
    const { stdout } = await sh(process.execPath, ['smoke.mjs'], { cwd: bundled, env: scriptEnv() })
    expect(scenarioResult(stdout)).toEqual(passedOn(/^node /))
  })

  describe('has declarations that type-check, strict and without skipLibCheck', () => {
    const strict = ['--noEmit', '--strict', '--exactOptionalPropertyTypes', '--target', 'es2022', '--skipLibCheck', 'false']
    const settings: ReadonlyArray<readonly [string, readonly string[]]> = [
      ['module nodenext, from a CommonJS and from an ESM file', ['--module', 'nodenext', '--moduleResolution', 'nodenext', 'use.ts', 'use.mts']],
      ['moduleResolution bundler', ['--module', 'esnext', '--moduleResolution', 'bundler', 'use.ts']],
      ['moduleResolution node10', ['--module', 'commonjs', '--moduleResolution', 'node10', 'use.ts']],
    ]

    beforeAll(async () => {
      await fs.copyFile(path.join(project, 'use.ts'), path.join(project, 'use.mts'))
    })

    it.each(settings)('under %s', async (_, resolution) => {
      const types = ['--typeRoots', path.join(ROOT, 'node_modules', '@types'), '--types', 'node']
      await expect(sh(process.execPath, [TSC, ...strict, ...types, ...resolution], { cwd: project })).resolves.toMatchObject({ code: 0 })
    }, 180_000)
  })

  it('installs the weaviate-rx command: --help prints the commands and exits 0', async () => {
    const help = await sh('npx', ['--no-install', 'weaviate-rx', '--help'], { cwd: project })
    expect(help.stdout).toMatch(/^Usage: weaviate-rx <command> \[options\]\n/)
    expect(help.stdout).toMatch(/\n {2}export {4}.*\n {2}import {4}.*\n {2}copy {6}.*\n {2}verify {4}/)
  })

  it('installs the weaviate-rx command: an unknown command exits 64 with one line on stderr', async () => {
    const failed = await outcome('npx', ['--no-install', 'weaviate-rx', 'frobnicate'], { cwd: project })
    expect({ code: failed.code, stderr: withoutNpmWarnings(failed.stderr) }).toEqual({
      code: 64,
      stderr: "weaviate-rx: unknown command 'frobnicate' (see 'weaviate-rx --help')\n",
    })
  })
})

describe.each(OTHER_NODES)('the installed package on %s', (name) => {
  let node = ''

  beforeAll(async () => {
    node = await installedRuntime(name)
  }, 300_000)

  it.each(['smoke.cjs', 'smoke.mjs'])('runs %s against the server', async (script) => {
    const { stdout } = await sh(node, [script], { cwd: project, env: scriptEnv() })
    expect(scenarioResult(stdout)).toEqual(passedOn(new RegExp(`^node ${name.slice('node'.length)}\\.`)))
  })
})

describe('the installed package on Deno', () => {
  let deno = ''

  beforeAll(async () => {
    deno = await installedRuntime('deno')
  }, 300_000)

  it.each(['smoke.cjs', 'smoke.mjs'])('runs %s against the server', async (script) => {
    const { stdout } = await sh(deno, ['run', '--allow-all', '--quiet', script], { cwd: project, env: scriptEnv() })
    expect(scenarioResult(stdout)).toEqual(passedOn(/^deno /))
  })

  it.each(WEB_ENTRIES)('runs the web build (fetch only) from %s against the server: batch and search over gRPC-Web', async (_label, entry, flags) => {
    const { stdout } = await sh(deno, ['run', '--allow-all', '--quiet', ...flags, 'web.mjs'], { cwd: project, env: { ...scriptEnv(), WEB_ENTRY: entry } })
    expect(scenarioResult(stdout)).toEqual(webPassedOn(/^deno /))
  })
})

describe('the installed package on Bun', () => {
  let bun = ''

  beforeAll(async () => {
    bun = await installedRuntime('bun')
  }, 300_000)

  // With nothing passed: the REST part through the client's own undici Pool (which Bun's built-in
  // `undici` module would have replaced by one without `dispatch`), the gRPC part (`grpc: 3`) through
  // grpc-js over Bun's `node:http2`, and `close()` closing the pools.
  it.each(['smoke.cjs', 'smoke.mjs'])('runs %s against the server', async (script) => {
    const { stdout } = await sh(bun, [script], { cwd: project, env: scriptEnv() })
    expect(scenarioResult(stdout)).toEqual(passedOn(/^bun /))
  })

  it.each(WEB_ENTRIES)('runs the web build (fetch only) from %s against the server: batch and search over gRPC-Web', async (_label, entry, flags) => {
    const { stdout } = await sh(bun, [...flags, 'web.mjs'], { cwd: project, env: { ...scriptEnv(), WEB_ENTRY: entry } })
    expect(scenarioResult(stdout)).toEqual(webPassedOn(/^bun /))
  })
})

describe('after every script', () => {
  it('leaves no class of theirs on the server', async () => {
    const { client, close } = recordingClient()
    try {
      const schema = await right(client.schema.get())
      expect(schema.classes?.map((c) => c.class).filter((name) => name?.startsWith('PackageSmoke_'))).toEqual([])
    } finally {
      await close()
    }
  })
})
