/**
 * The binary cache layout: `<cache>/bin/<version>/weaviate-server` for finished binaries and
 * `<cache>/tmp/` for work in progress, on the same file system so a finished binary is moved into
 * place with one atomic rename and never seen half-written.
 *
 * @packageDocumentation
 */
import { promises as fs } from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { nonEmpty, type BinaryOptions } from '../options'

/**
 * The cache root: `options.cacheDir`, env `WEAVIATE_RX_CACHE`, or `~/.cache/weaviate-rx`.
 */
export const resolveCacheDir = (options: BinaryOptions, env: NodeJS.ProcessEnv): string =>
  options.cacheDir ?? nonEmpty(env['WEAVIATE_RX_CACHE']) ?? path.join(os.homedir(), '.cache', 'weaviate-rx')

/**
 * Where the cache keeps the binary of `version`.
 */
export const cachedBinaryPath = (cacheDir: string, version: string): string =>
  path.join(cacheDir, 'bin', version, 'weaviate-server')

/**
 * The lock dir guarding the build or download of `version`.
 */
export const cacheLockDir = (cacheDir: string, version: string): string =>
  path.join(cacheDir, 'bin', `${version}.lock`)

/**
 * Runs `work` in a fresh temp dir under `<cache>/tmp/` and removes the dir afterwards.
 */
export const withCacheTemp = async <A>(
  cacheDir: string,
  prefix: string,
  work: (dir: string) => Promise<A>,
): Promise<A> => {
  const root = path.join(cacheDir, 'tmp')
  await fs.mkdir(root, { recursive: true })
  const dir = await fs.mkdtemp(path.join(root, prefix))
  try {
    return await work(dir)
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
  }
}

/**
 * Makes `file` executable and renames it to the cache path of `version`; returns that path.
 */
export const installIntoCache = async (file: string, cacheDir: string, version: string): Promise<string> => {
  const target = cachedBinaryPath(cacheDir, version)
  await fs.mkdir(path.dirname(target), { recursive: true })
  await fs.chmod(file, 0o755)
  await fs.rename(file, target)
  return target
}
