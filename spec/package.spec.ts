/**
 * The published package: `npm run build` → `npm pack` → install the tarball into an empty project
 * → `require('weaviate-rx')` works, its types compile under node16 resolution, and it talks to the
 * test server. Also: every public export is documented with an example.
 */
import { execFile } from 'node:child_process'
import { promises as fs } from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { promisify } from 'node:util'
import * as ts from 'typescript'
import { weaviateUrl } from './helpers/server'

const run = promisify(execFile)
const ROOT = path.resolve(__dirname, '..')
const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc')

/** Runs a command; on failure the error carries its stdout and stderr. */
const sh = async (cmd: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = process.env) => {
  try {
    return await run(cmd, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 })
  } catch (error) {
    const e = error as Error & { stdout?: string; stderr?: string }
    throw new Error(`${cmd} ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`, { cause: error })
  }
}

describe('npm package', () => {
  let scratch: string
  let project: string
  let files: string[]

  beforeAll(async () => {
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'weaviate-rx-pack-'))
    // A clean build: stale files from an older layout must not end up in the package.
    await fs.rm(path.join(ROOT, 'dist'), { recursive: true, force: true })
    await sh('npm', ['run', 'build'], ROOT)
    const { stdout } = await sh('npm', ['pack', '--json', '--pack-destination', scratch], ROOT)
    const [packed] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>
    if (packed === undefined) throw new Error(`npm pack printed no package: ${stdout}`)
    files = packed.files.map((f) => f.path)

    project = path.join(scratch, 'consumer')
    await fs.mkdir(project)
    await fs.writeFile(path.join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }))
    // The dependencies (io-ts, undici, uuid) and the peers (rxjs, fp-ts) come from npm's cache when
    // it has them, as it does after `npm ci` in this repo.
    await sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', path.join(scratch, packed.filename)], project)
  }, 180_000)

  afterAll(async () => {
    await fs.rm(scratch, { recursive: true, force: true })
  })

  it('contains the build and the docs, and no sources, specs, examples or benchmarks', () => {
    expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts']))
    expect(files.filter((f) => /^(lib|spec|examples|bench|docs|node_modules)\//.test(f))).toEqual([])
    expect(files.filter((f) => !/^(dist\/|package\.json$|README\.md$|CHANGELOG\.md$|LICENSE)/.test(f))).toEqual([])
  })

  it('installs with its dependencies and peers, loads with require and talks to Weaviate', async () => {
    for (const dep of ['weaviate-rx', 'rxjs', 'fp-ts', 'io-ts', 'undici', 'uuid']) {
      await expect(fs.access(path.join(project, 'node_modules', dep, 'package.json'))).resolves.toBeUndefined()
    }
    const script = [
      "const { connect, rightOrThrow } = require('weaviate-rx')",
      "const { firstValueFrom } = require('rxjs')",
      "const { version } = require('weaviate-rx/package.json')",
      "const { toAsyncIterable } = require('weaviate-rx/paging')",
      "const { startEmbedded } = require('weaviate-rx/embedded')",
      "if (typeof toAsyncIterable !== 'function' || typeof startEmbedded !== 'function') throw new Error('subpath entries missing')",
      'const client = connect({ url: process.env.WEAVIATE_URL, apiKey: process.env.WEAVIATE_API_KEY })',
      'firstValueFrom(client.meta.get().pipe(rightOrThrow()))',
      '  .then((meta) => console.log(JSON.stringify({ connect: typeof connect, version, server: meta.version })))',
      '  .finally(() => client.close())',
    ].join('\n')
    const { stdout } = await sh('node', ['-e', script], project, { ...process.env, WEAVIATE_URL: weaviateUrl() })
    const loaded = JSON.parse(stdout) as { connect: string; version: string; server: string }
    expect(loaded).toMatchObject({ connect: 'function', version: '0.2.0' })
    expect(loaded.server).toMatch(/^\d+\.\d+/)
  })

  it('has declarations that type-check in a strict consumer without skipLibCheck', async () => {
    await fs.writeFile(
      path.join(project, 'use.ts'),
      [
        "import { connect, rightOrThrow, type WeaviateError } from 'weaviate-rx'",
        "import { firstValueFrom } from 'rxjs'",
        "const client = connect({ url: 'http://127.0.0.1:8080' })",
        "const id: Promise<string> = firstValueFrom(client.objects.create({ className: 'A', dataObject: {} }).pipe(rightOrThrow()))",
        'const tag = (e: WeaviateError): string => e._tag',
        'export { id, tag }',
      ].join('\n'),
    )
    const tsc = [TSC, '--noEmit', '--strict', '--module', 'node16', '--moduleResolution', 'node16', '--target', 'es2022']
    const types = ['--typeRoots', path.join(ROOT, 'node_modules', '@types'), '--types', 'node']
    await sh('node', [...tsc, ...types, 'use.ts'], project)
  })
})

/**
 * Public exports whose documentation has no example yet. The test below fails when one of them
 * gets one (remove it here) and when any other export lacks one.
 */
const KNOWN_WITHOUT_EXAMPLE: readonly string[] = []

describe('API documentation', () => {
  it('documents every export of lib/index.ts with an example (@example or an "## Example" section)', () => {
    const entry = path.join(ROOT, 'lib', 'index.ts')
    const program = ts.createProgram([entry], {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.Node16,
      moduleResolution: ts.ModuleResolutionKind.Node16,
      strict: true,
      noEmit: true,
      skipLibCheck: true,
    })
    const checker = program.getTypeChecker()
    const source = program.getSourceFile(entry)
    const moduleSymbol = source === undefined ? undefined : checker.getSymbolAtLocation(source)
    if (moduleSymbol === undefined) throw new Error('lib/index.ts was not found by the compiler')
    const exported = checker.getExportsOfModule(moduleSymbol)
    expect(exported.length).toBeGreaterThan(30)

    const hasExample = (declaration: ts.Declaration): boolean => {
      const tags = ts.getJSDocTags(declaration)
      if (tags.some((tag) => tag.tagName.text === 'example')) return true
      const comment = ts.getJSDocCommentsAndTags(declaration).map((doc) => doc.getText()).join('\n')
      return /^\s*\*\s*#+\s*Example/m.test(comment)
    }
    const missing = exported
      .filter((symbol) => {
        const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
        return !(target.declarations ?? []).some(hasExample)
      })
      .map((symbol) => symbol.name)
      .sort()
    expect(missing).toEqual([...KNOWN_WITHOUT_EXAMPLE].sort())
  })
})

/** Declarations a README block may use without making them itself (the README's running context). */
const README_CONTEXT: ReadonlyArray<readonly [string, string]> = [
  ['E', "import * as E from 'fp-ts/Either'"],
  ['firstValueFrom', "import { firstValueFrom } from 'rxjs'"],
  ['connect', "import { connect } from 'weaviate-rx'"],
  ['rightOrThrow', "import { rightOrThrow } from 'weaviate-rx'"],
  ['client', "declare const client: import('weaviate-rx').Client"],
  [
    'run',
    "declare const run: <A>(op: import('weaviate-rx').ObservableEither<import('weaviate-rx').WeaviateError, A>) => Promise<A>",
  ],
  ['uuid', 'declare const uuid: string'],
  ['authorId', 'declare const authorId: string'],
  ['otherId', 'declare const otherId: string'],
  ['save', "declare const save: (object: import('weaviate-rx').WeaviateObject) => Promise<void>"],
]

describe('README', () => {
  let dir: string

  beforeAll(async () => {
    await fs.mkdir(path.join(ROOT, '.tmp'), { recursive: true })
    dir = await fs.mkdtemp(path.join(ROOT, '.tmp', 'readme-'))
  })

  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true })
  })

  it('has TypeScript blocks that all type-check against lib/', async () => {
    const readme = await fs.readFile(path.join(ROOT, 'README.md'), 'utf8')
    const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? '')
    expect(blocks.length).toBeGreaterThan(10)
    for (const [i, block] of blocks.entries()) {
      const declares = (name: string) =>
        new RegExp(`import[^;]*\\b${name}\\b[^;]*from|(const|let|var|function)\\s+${name}\\b`).test(block)
      const context = README_CONTEXT.filter(([name]) => new RegExp(`\\b${name}\\b`).test(block) && !declares(name))
      await fs.writeFile(path.join(dir, `block-${i + 1}.ts`), [...context.map(([, line]) => line), block].join('\n'))
    }
    await fs.writeFile(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: path.join(ROOT, 'tsconfig.json'),
        compilerOptions: {
          module: 'esnext',
          moduleResolution: 'bundler',
          moduleDetection: 'force',
          noUnusedLocals: false,
          types: ['node'],
          paths: {
            'weaviate-rx': [path.join(ROOT, 'lib', 'index.ts')],
            'weaviate-rx/paging': [path.join(ROOT, 'lib', 'paging', 'index.ts')],
            'weaviate-rx/embedded': [path.join(ROOT, 'lib', 'embedded.ts')],
          },
        },
        include: ['*.ts'],
      }),
    )
    await sh('node', [TSC, '--noEmit', '-p', dir], ROOT)
  }, 120_000)
})

