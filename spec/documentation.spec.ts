/**
 * The documentation a user reads: every public export of lib/index.ts has an example, every
 * `@example` of the public entries type-checks, and every TypeScript block of the README and of
 * the guides in docs/ type-checks against lib/.
 */
import { promises as fs } from 'node:fs'
import * as path from 'node:path'
import * as ts from 'typescript'
import { sh } from './helpers/command'
import { checkPublicExamples } from './helpers/examples'

const ROOT = path.resolve(__dirname, '..')
const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc')

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

/**
 * Public examples that do not type-check yet, by id (the export's name, `.member` for a member):
 * none. The test fails when one listed here compiles (remove it) and when any other does not.
 */
const KNOWN_FAILING_EXAMPLES: readonly string[] = []

describe('API examples', () => {
  it('type-check: every ```ts block of an @example on an export of a public entry or on a member of one', async () => {
    // The blocks, their context (the exports they name, EXAMPLE_CONTEXT) and the temp project are
    // in spec/helpers/examples.ts, which also runs by hand (see its top).
    const results = await checkPublicExamples()
    expect(results.length).toBeGreaterThan(100)
    const failing = results.filter(({ errors }) => errors.length > 0)
    const unexpected = failing
      .filter(({ block }) => !KNOWN_FAILING_EXAMPLES.includes(block.id))
      .map(({ block, errors }) => `${block.id} (${block.file}:${block.line})\n${block.code}${errors.join('\n')}`)
    expect(unexpected).toEqual([])
    expect(failing.map(({ block }) => block.id).sort()).toEqual([...KNOWN_FAILING_EXAMPLES].sort())
  }, 300_000)
})

/**
 * Declarations a block of the README or of a guide may use without making them itself (the running
 * context the guides set up in docs/connecting.md).
 */
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

/** The markdown files whose TypeScript blocks are checked: the README and every file under docs/. */
const markdownFiles = async (): Promise<string[]> => {
  const under = async (dir: string): Promise<string[]> => {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => [])
    const found: string[] = []
    for (const entry of entries) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) found.push(...(full === path.join(ROOT, 'docs', 'api') ? [] : await under(full)))
      else if (entry.name.endsWith('.md')) found.push(full)
    }
    return found.sort()
  }
  return [path.join(ROOT, 'README.md'), ...(await under(path.join(ROOT, 'docs')))]
}

describe('README and guides', () => {
  let dir: string

  beforeAll(async () => {
    await fs.mkdir(path.join(ROOT, '.tmp'), { recursive: true })
    dir = await fs.mkdtemp(path.join(ROOT, '.tmp', 'readme-'))
  })

  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true })
  })

  it('have TypeScript blocks that all type-check against lib/', async () => {
    const files = await markdownFiles()
    expect(files.length).toBeGreaterThan(10)
    const blocks: { readonly file: string; readonly code: string }[] = []
    for (const file of files) {
      const text = await fs.readFile(file, 'utf8')
      for (const m of text.matchAll(/```ts\n([\s\S]*?)```/g)) blocks.push({ file, code: m[1] ?? '' })
    }
    expect(blocks.length).toBeGreaterThan(10)
    for (const [i, { file, code }] of blocks.entries()) {
      const declares = (name: string) =>
        new RegExp(`import[^;]*\\b${name}\\b[^;]*from|(const|let|var|function)\\s+${name}\\b`).test(code)
      const context = README_CONTEXT.filter(([name]) => new RegExp(`\\b${name}\\b`).test(code) && !declares(name))
      // The file name says where a failing block comes from: block-<n>-<markdown file>.ts.
      const name = `block-${i + 1}-${path.relative(ROOT, file).replace(/[^A-Za-z0-9]+/g, '-')}.ts`
      await fs.writeFile(path.join(dir, name), [...context.map(([, line]) => line), code].join('\n'))
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
    await sh('node', [TSC, '--noEmit', '-p', dir], { cwd: ROOT })
  }, 120_000)
})

