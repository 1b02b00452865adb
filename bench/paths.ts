/**
 * Where the bench runs from. `npm run bench` (and `npm run soak`) run the bench compiled:
 * `tsc -p tsconfig.bench.json` writes bench/ and everything it imports (lib/, spec/helpers/) to
 * `build/bench/` and node runs `build/bench/bench/run.js`, the JavaScript a user of the package runs
 * rather than ts-node's (docs/decisions/0015-how-the-bench-measures.md). A bench file can still be run
 * from its source with `npx ts-node --transpile-only bench/<file>.ts`. Files the bench reads or
 * writes (the `.proto` subset, baseline.json, results.json) are found from the
 * repository's root either way, and a child process runs the same kind of file as its parent.
 */
import * as fs from 'node:fs'
import * as path from 'node:path'

/** The repository's root: the nearest folder above this file with a package.json (build/ has none). */
const findRoot = (from: string): string => {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`)
  }
}

/** The repository's root folder. */
export const REPO_ROOT = findRoot(__dirname)

/** The bench's source folder (`bench/`), where its data files live, compiled or not. */
export const BENCH_DIR = path.join(REPO_ROOT, 'bench')

/** True when this process runs the compiled bench (`build/bench/`), false under ts-node. */
export const COMPILED = __filename.endsWith('.js')

/**
 * The node options a child process needs to run `file`, a bench file of this run (`__filename`):
 * none for compiled JavaScript, ts-node's register hook for a `.ts` source.
 *
 * @example
 * ```ts
 * spawn(process.execPath, [...runArgs(__filename), __filename, '--settle'])
 * ```
 */
export const runArgs = (file: string): string[] => (file.endsWith('.ts') ? ['-r', require.resolve('ts-node/register/transpile-only')] : [])

/**
 * Whether Node's `domain` module is loaded in this process (ts-node loads it: its REPL support
 * imports `node:repl`, which imports `domain`); `undefined` where Node does not say.
 */
export const domainLoaded = (): boolean | undefined => {
  const list = (process as unknown as { readonly moduleLoadList?: readonly string[] }).moduleLoadList
  return list === undefined ? undefined : list.includes('NativeModule domain')
}
