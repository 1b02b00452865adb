/**
 * The documentation a user reads: every public export of lib/index.ts has an example, and every
 * TypeScript block of the README type-checks against lib/.
 */
import { promises as fs } from 'node:fs'
import * as path from 'node:path'
import * as ts from 'typescript'
import { sh } from './helpers/command'

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
    await sh('node', [TSC, '--noEmit', '-p', dir], { cwd: ROOT })
  }, 120_000)
})

