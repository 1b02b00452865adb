/**
 * The `@example` blocks of the public API, found with the TypeScript compiler and type-checked the
 * way the README's blocks are (spec/documentation.spec.ts). Needs no server, so it also runs by hand:
 *
 *     npx ts-node --transpile-only -e "require('./spec/helpers/examples').printFailingExamples()"
 */
import { promises as fs } from 'node:fs'
import * as path from 'node:path'
import * as ts from 'typescript'
import { outcome } from './command'

const ROOT = path.resolve(__dirname, '..', '..')
const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc')

/**
 * The public entries: the module a user imports and the file it is built from.
 *
 * @example
 * ```ts
 * const [module, file] = PUBLIC_ENTRIES[0] ?? ['weaviate-rx', 'lib/index.ts']
 * ```
 */
export const PUBLIC_ENTRIES: ReadonlyArray<readonly [string, string]> = [
  ['weaviate-rx', 'lib/index.ts'],
  ['weaviate-rx/paging', 'lib/paging/index.ts'],
  ['weaviate-rx/embedded', 'lib/embedded.ts'],
]

/**
 * One ```ts block of an `@example` tag on a public export or on a member of one.
 *
 * @example
 * ```ts
 * const block: ExampleBlock = { id: 'Client.objects', file: 'lib/client.ts', line: 40, code: 'client.objects' }
 * ```
 */
export interface ExampleBlock {
  /** The export's name, `.member` for a member, ` (2)`, ` (3)`, ... for its further blocks. */
  readonly id: string
  /** The file it is written in, relative to the repository. */
  readonly file: string
  /** The 1-based line of its code's first line. */
  readonly line: number
  readonly code: string
}

/** The ```ts blocks of one `@example` tag, each with the line its code starts on. */
const blocksOfTag = (tag: ts.JSDocTag): { readonly line: number; readonly code: string }[] => {
  const source = tag.getSourceFile()
  const text = source.text.slice(tag.getStart(), tag.end)
  const firstLine = source.getLineAndCharacterOfPosition(tag.getStart()).line
  const lines = text.split('\n').map((line) => line.replace(/^\s*\*(?: |$)/, '').replace(/^\s*@example\b/, ''))
  const blocks: { line: number; code: string }[] = []
  let open: { line: number; code: string[] } | undefined
  for (const [i, line] of lines.entries()) {
    if (open === undefined) {
      if (/^\s*```(ts|typescript)\s*$/.test(line)) open = { line: firstLine + i + 2, code: [] }
    } else if (/^\s*```\s*$/.test(line)) {
      blocks.push({ line: open.line, code: open.code.join('\n') + '\n' })
      open = undefined
    } else open.code.push(line)
  }
  return blocks
}

/** The `@example` tags of one declaration (its own JSDoc only, not its parent's). */
const exampleTags = (node: ts.Node): ts.JSDocTag[] =>
  ts
    .getJSDocCommentsAndTags(node)
    .flatMap((doc) => (ts.isJSDoc(doc) ? [...(doc.tags ?? [])] : [doc]))
    .filter((tag) => tag.tagName.text === 'example')

/** The members of a declaration whose comments belong to it: interface, class, type literal, object literal. */
const membersOf = (node: ts.Node): readonly ts.Node[] => {
  if (ts.isInterfaceDeclaration(node) || ts.isClassDeclaration(node) || ts.isTypeLiteralNode(node)) return node.members
  if (ts.isObjectLiteralExpression(node)) return node.properties
  if (ts.isTypeAliasDeclaration(node)) return typeLiterals(node.type)
  if (ts.isVariableDeclaration(node)) {
    const init = node.initializer
    if (init === undefined) return []
    const inner = ts.isAsExpression(init) || ts.isSatisfiesExpression(init) ? init.expression : init
    return ts.isObjectLiteralExpression(inner) ? inner.properties : []
  }
  return []
}

/** The members of the type literals inside a type (`A & { ... }`, a conditional's branches, ...). */
const typeLiterals = (type: ts.TypeNode): readonly ts.Node[] => {
  const found: ts.Node[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isTypeLiteralNode(node)) found.push(...node.members)
    else if (!ts.isTypeReferenceNode(node)) ts.forEachChild(node, visit)
  }
  visit(type)
  return found
}

/** The name a member is shown under: `Client.objects`. */
const memberName = (member: ts.Node): string => {
  const name = (member as { readonly name?: ts.Node }).name
  return name === undefined ? '(member)' : name.getText()
}

/** How the specs' TypeScript programs over lib/ compile: what the package's users compile with. */
export const compilerOptions: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.Node16,
  moduleResolution: ts.ModuleResolutionKind.Node16,
  strict: true,
  noEmit: true,
  skipLibCheck: true,
}

/**
 * Every ```ts block in the `@example` tags of the public entries' exports and of their members
 * (the members of an exported interface, class, type literal or object literal, and of the
 * interfaces those members' types name in lib/ without exporting them), in a stable order.
 *
 * @example
 * ```ts
 * const blocks = publicExamples()
 * ```
 */
export const publicExamples = (): ExampleBlock[] => {
  const entries = PUBLIC_ENTRIES.map(([, file]) => path.join(ROOT, file))
  const program = ts.createProgram(entries, compilerOptions)
  const checker = program.getTypeChecker()
  const blocks: ExampleBlock[] = []
  const seenTags = new Set<ts.JSDocTag>()
  const seenDeclarations = new Set<ts.Node>()
  const perId = new Map<string, number>()

  const addTags = (node: ts.Node, id: string): void => {
    for (const tag of exampleTags(node)) {
      if (seenTags.has(tag)) continue
      seenTags.add(tag)
      for (const { line, code } of blocksOfTag(tag)) {
        const n = (perId.get(id) ?? 0) + 1
        perId.set(id, n)
        blocks.push({
          id: n === 1 ? id : `${id} (${n})`,
          file: path.relative(ROOT, tag.getSourceFile().fileName),
          line,
          code,
        })
      }
    }
  }

  const visitDeclaration = (declaration: ts.Node, id: string): void => {
    if (seenDeclarations.has(declaration)) return
    seenDeclarations.add(declaration)
    addTags(declaration, id)
    for (const member of membersOf(declaration)) {
      const name = `${id}.${memberName(member)}`
      addTags(member, name)
      for (const inner of membersOf(member)) addTags(inner, `${name}.${memberName(inner)}`)
    }
  }

  for (const entry of entries) {
    const source = program.getSourceFile(entry)
    const moduleSymbol = source === undefined ? undefined : checker.getSymbolAtLocation(source)
    if (moduleSymbol === undefined) throw new Error(`${entry} was not found by the compiler`)
    for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
      for (const declaration of target.declarations ?? []) visitDeclaration(declaration, symbol.name)
    }
  }
  return blocks
}

/**
 * Declarations an example may use without making them itself, besides the public exports (which
 * are imported from their entry when an example names one).
 *
 * @example
 * ```ts
 * const names = EXAMPLE_CONTEXT.map(([name]) => name)
 * ```
 */
export const EXAMPLE_CONTEXT: ReadonlyArray<readonly [string, string]> = [
  ['E', "import * as E from 'fp-ts/Either'"],
  ['pipe', "import { pipe } from 'fp-ts/function'"],
  ['t', "import * as t from 'io-ts'"],
  ...['firstValueFrom', 'lastValueFrom', 'from', 'of', 'interval', 'concatMap', 'mergeMap', 'map', 'filter', 'tap', 'take', 'toArray'].map(
    (name) => [name, `import { ${name} } from 'rxjs'`] as const,
  ),
  ['client', "declare const client: import('weaviate-rx').Client"],
  ...['uuid', 'id', 'url', 'authorId', 'articleId', 'otherId', 'fromUuid', 'toUuid'].map(
    (name) => [name, `declare const ${name}: string`] as const,
  ),
  ['vector', 'declare const vector: readonly number[]'],
  ['Article', "declare const Article: import('io-ts').TypeC<{ title: import('io-ts').StringC }>"],
  ['objects', "declare const objects: readonly import('weaviate-rx').BatchObject[]"],
  ['refs', "declare const refs: readonly import('weaviate-rx').BatchReference[]"],
  ['e', "declare const e: import('weaviate-rx').WeaviateError"],
  ['op', "declare const op: import('weaviate-rx').ObservableEither<import('weaviate-rx').WeaviateError, unknown>"],
  ['save', "declare const save: (object: import('weaviate-rx').WeaviateObject) => Promise<void>"],
  [
    'fetchPage',
    "declare const fetchPage: (after: string | undefined) => import('weaviate-rx').ObservableEither<import('weaviate-rx').WeaviateError, readonly import('weaviate-rx').WeaviateObject[]>",
  ],
]

/**
 * How one compiled block went: the block and the compiler's messages about it (none when it
 * type-checks).
 *
 * @example
 * ```ts
 * const failing = results.filter((result: CompiledBlock<ExampleBlock>) => result.errors.length > 0)
 * ```
 */
export interface CompiledBlock<B> {
  readonly block: B
  readonly errors: readonly string[]
}

/**
 * The names each public entry exports, as the compiler sees them: the module, its file and its
 * export names.
 *
 * @example
 * ```ts
 * const all = entryExports().flatMap(([, , names]) => names)
 * ```
 */
export const entryExports = (): ReadonlyArray<readonly [string, string, readonly string[]]> => {
  const entries = PUBLIC_ENTRIES.map(([module, file]) => [module, file, path.join(ROOT, file)] as const)
  const program = ts.createProgram(
    entries.map(([, , file]) => file),
    compilerOptions,
  )
  const checker = program.getTypeChecker()
  return entries.map(([module, file, absolute]) => {
    const source = program.getSourceFile(absolute)
    const moduleSymbol = source === undefined ? undefined : checker.getSymbolAtLocation(source)
    if (moduleSymbol === undefined) throw new Error(`${absolute} was not found by the compiler`)
    return [module, file, checker.getExportsOfModule(moduleSymbol).map((symbol) => symbol.name)] as const
  })
}

/**
 * The public exports by name, each as the import line that brings it in from its entry (the first
 * entry that exports it).
 */
const publicImports = (): Map<string, string> => {
  const imports = new Map<string, string>()
  for (const [module, , names] of entryExports()) {
    for (const name of names) if (!imports.has(name)) imports.set(name, `import { ${name} } from '${module}'`)
  }
  return imports
}

/** Whether `code` makes `name` itself: imports it or declares it as a constant, variable, function, class or type. */
const declares = (code: string, name: string): boolean =>
  new RegExp(
    `import[^;]*\\b${name}\\b[^;]*from|(const|let|var|function|class|interface|type)\\s+${name}\\b|(const|let|var)\\s*[{[][^=]*\\b${name}\\b[^=]*[}\\]]\\s*=`,
  ).test(code)

/**
 * Type-checks `blocks` as one temp project in `dir`, each block a file with the lines of `context`
 * (name, declaration) for the names it uses without making them, and says per block what the
 * compiler said about it. The project maps `weaviate-rx`, `weaviate-rx/paging` and
 * `weaviate-rx/embedded` to lib/.
 *
 * @example
 * ```ts
 * const results = await typeCheckBlocks(dir, [{ name: 'readme-1', code: 'client.objects' }], EXAMPLE_CONTEXT)
 * ```
 */
export const typeCheckBlocks = async <B extends { readonly name: string; readonly code: string }>(
  dir: string,
  blocks: readonly B[],
  context: ReadonlyArray<readonly [string, string]>,
): Promise<CompiledBlock<B>[]> => {
  const files = blocks.map((block, i) => `block-${i + 1}-${block.name.replace(/[^A-Za-z0-9]+/g, '-')}.ts`)
  for (const [i, block] of blocks.entries()) {
    const used = context.filter(([name]) => new RegExp(`(?<![.\\w$])${name}\\b`).test(block.code) && !declares(block.code, name))
    await fs.writeFile(path.join(dir, files[i] ?? ''), [...used.map(([, line]) => line), block.code].join('\n'))
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
        noUnusedParameters: false,
        types: ['node'],
        paths: Object.fromEntries(PUBLIC_ENTRIES.map(([module, file]) => [module, [path.join(ROOT, file)]])),
      },
      include: ['*.ts'],
    }),
  )
  const { stdout, stderr } = await outcome('node', [TSC, '--noEmit', '--pretty', 'false', '-p', dir], { cwd: ROOT })
  const messages = `${stdout}\n${stderr}`.split('\n').filter((line) => line.trim() !== '')
  // Messages other than the first line of a diagnostic continue the one before them.
  const errors = new Map<string, string[]>()
  let last: string[] | undefined
  for (const line of messages) {
    const file = /^(?:.*\/)?(block-\d+-[^(/]*\.ts)\(/.exec(line)?.[1]
    if (file !== undefined) {
      last = errors.get(file) ?? []
      errors.set(file, [...last, line])
      last = errors.get(file)
    } else if (/^\S/.test(line) && /error TS\d+/.test(line)) {
      errors.set('(project)', [...(errors.get('(project)') ?? []), line])
      last = errors.get('(project)')
    } else last?.push(line)
  }
  const project = errors.get('(project)')
  if (project !== undefined) throw new Error(`the examples' project does not compile:\n${project.join('\n')}`)
  return blocks.map((block, i) => ({ block, errors: errors.get(files[i] ?? '') ?? [] }))
}

/**
 * The public examples with the context lines they need: the public exports from their entries,
 * then `EXAMPLE_CONTEXT`.
 *
 * @example
 * ```ts
 * const context = exampleContext()
 * ```
 */
export const exampleContext = (): ReadonlyArray<readonly [string, string]> => [...publicImports(), ...EXAMPLE_CONTEXT]

/**
 * Type-checks every public example in a temp folder under .tmp/ and returns how each went.
 *
 * @example
 * ```ts
 * const failing = (await checkPublicExamples()).filter(({ errors }) => errors.length > 0)
 * ```
 */
export const checkPublicExamples = async (): Promise<CompiledBlock<ExampleBlock & { readonly name: string }>[]> => {
  await fs.mkdir(path.join(ROOT, '.tmp'), { recursive: true })
  const dir = await fs.mkdtemp(path.join(ROOT, '.tmp', 'examples-'))
  try {
    const blocks = publicExamples().map((block) => ({ ...block, name: block.id }))
    return await typeCheckBlocks(dir, blocks, exampleContext())
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
  }
}

/**
 * Prints each failing public example with where it is and what the compiler said (by hand, with
 * ts-node; see the top of this file).
 *
 * @example
 * ```ts
 * await printFailingExamples()
 * ```
 */
export const printFailingExamples = async (): Promise<void> => {
  const results = await checkPublicExamples()
  const failing = results.filter(({ errors }) => errors.length > 0)
  for (const { block, errors } of failing) {
    console.log(`\n${block.id}  ${block.file}:${block.line}\n${block.code}${errors.map((e) => `  ${e}`).join('\n')}`)
  }
  console.log(`\n${results.length} examples, ${failing.length} failing`)
}
