/**
 * The official Python client v4, for specs that compare our answers with its answers: installed
 * with the machine's `python3` and pip into the project's cache, `<cache>/python/<package>`, on
 * first use (`<cache>` as for the runtimes: `WEAVIATE_RX_CACHE` or `~/.cache/weaviate-rx`), and run
 * with that folder on `PYTHONPATH`. `WEAVIATE_RX_PYTHON` names another Python that has the client
 * installed, used as it is.
 */
import { execFile } from 'node:child_process'
import { promises as fs } from 'node:fs'
import * as path from 'node:path'
import { promisify } from 'node:util'
import { resolveCacheDir, withCacheTemp } from '../../lib/embedded/binary/cache'

const run = promisify(execFile)

/** The client's version: pinned, so its answers stay those the specs were written against. */
export const PYTHON_CLIENT = 'weaviate-client==4.24.1'

/** How to run a script with the client importable: the interpreter and the environment it needs. */
export interface PythonWithClient {
  readonly python: string
  readonly env: NodeJS.ProcessEnv
}

/**
 * A Python that can `import weaviate`, installing the client into the cache first when it is not
 * there. Two spec files may install it at once: each installs into its own temp folder and renames
 * it into place, and the one that finds the place taken drops its copy.
 *
 * @example
 * ```ts
 * const { python, env } = await pythonWithClient()
 * execFile(python, ['script.py'], { env })
 * ```
 */
export const pythonWithClient = async (): Promise<PythonWithClient> => {
  const given = process.env['WEAVIATE_RX_PYTHON']
  if (given !== undefined && given !== '') return { python: given, env: process.env }
  const cache = resolveCacheDir({}, process.env)
  const home = path.join(cache, 'python', PYTHON_CLIENT.replace('==', '-'))
  const withHome: PythonWithClient = { python: 'python3', env: { ...process.env, PYTHONPATH: home } }
  if (await exists(path.join(home, 'weaviate'))) return withHome
  await withCacheTemp(cache, 'python-client-', async (work) => {
    const staged = path.join(work, 'site')
    await run('python3', ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-input', '--target', staged, PYTHON_CLIENT])
    await fs.mkdir(path.dirname(home), { recursive: true })
    await fs.rename(staged, home).catch(async (error: NodeJS.ErrnoException) => {
      if (!(await exists(path.join(home, 'weaviate')))) throw error
    })
  })
  return withHome
}

const exists = (file: string): Promise<boolean> =>
  fs.access(file).then(
    () => true,
    () => false,
  )
