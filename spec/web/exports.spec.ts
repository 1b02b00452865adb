/**
 * The web entry (lib/web.ts) exports what the Node entry (lib/index.ts) does, but for the options
 * only Node has, and with its own `connect` options and `fetch` type: a user moving a page from a
 * Node script finds every name where it was. No server is needed.
 */
import * as path from 'node:path'
import ts from 'typescript'
import { compilerOptions } from '../helpers/examples'

const ROOT = path.resolve(__dirname, '..', '..')

/** The names `file` exports, as the compiler sees them. */
const exportsOf = (program: ts.Program, file: string): string[] => {
  const source = program.getSourceFile(path.join(ROOT, file))
  const symbol = source === undefined ? undefined : program.getTypeChecker().getSymbolAtLocation(source)
  if (symbol === undefined) throw new Error(`${file} was not found by the compiler`)
  return program
    .getTypeChecker()
    .getExportsOfModule(symbol)
    .map((s) => s.name)
    .sort()
}

describe('the web entry', () => {
  it("exports the Node entry's names but Node's options, plus its own options and fetch type", () => {
    const program = ts.createProgram([path.join(ROOT, 'lib/index.ts'), path.join(ROOT, 'lib/web.ts')], compilerOptions)
    const node = exportsOf(program, 'lib/index.ts')
    const web = exportsOf(program, 'lib/web.ts')
    const nodeOnly = ['ConnectOptions', 'KeepaliveOptions', 'ProxyOption', 'ProxyOptions', 'TlsOptions']
    expect(web).toEqual([...node.filter((name) => !nodeOnly.includes(name)), 'FetchFunction', 'WebConnectOptions'].sort())
  })
})
