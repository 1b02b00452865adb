/**
 * Finding a `weaviate-server` binary, in this order: `options.binary`, env `WEAVIATE_BIN`, the
 * cache, `weaviate-server` on the search path; then building it with Go, then downloading the
 * release archive. Build and download hold a lock in the cache so concurrent processes do the
 * work once. When everything fails the error names the three ways to supply a binary.
 *
 * @packageDocumentation
 */
import { promises as fs } from 'node:fs'
import * as path from 'node:path'
import { cacheLockDir, cachedBinaryPath, resolveCacheDir } from './cache'
import { defaultDownloadUrl, downloadBinary, expandUrl } from './download'
import { EmbeddedError } from '../errors'
import { executableProblem, findOnPath } from './executable'
import { buildWithGo } from './go-build'
import { withDirLock } from './lock'
import { DEFAULT_VERSION, nonEmpty, progress, type BinaryOptions } from '../options'

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e))

const explicitBinary = async (options: BinaryOptions, env: NodeJS.ProcessEnv): Promise<string | undefined> => {
  const [source, file] =
    options.binary !== undefined
      ? ['options.binary', options.binary]
      : ['env WEAVIATE_BIN', nonEmpty(env['WEAVIATE_BIN'])]
  if (file === undefined) return undefined
  const problem = await executableProblem(file)
  if (problem !== undefined) {
    throw new EmbeddedError({ reason: 'BinaryInvalid', detail: `weaviate-server binary ${file} (from ${source}) ${problem}` })
  }
  return path.resolve(file)
}

const cachedBinary = async (cacheDir: string, version: string): Promise<string | undefined> => {
  const file = cachedBinaryPath(cacheDir, version)
  return (await executableProblem(file)) === undefined ? file : undefined
}

/**
 * The path of a runnable `weaviate-server` for `options.version`, building or downloading it
 * into the cache when needed.
 *
 * @example
 * ```ts
 * const binary = await resolveBinary({ version: '1.39.0' })
 * // '/home/me/.cache/weaviate-rx/bin/1.39.0/weaviate-server'
 * ```
 */
export const resolveBinary = async (
  options: BinaryOptions,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> => {
  const explicit = await explicitBinary(options, env)
  if (explicit !== undefined) return explicit

  const version = options.version ?? DEFAULT_VERSION
  const cacheDir = resolveCacheDir(options, env)
  const searchPath = options.searchPath ?? env['PATH'] ?? ''
  const say = progress(options.log)

  const cached = await cachedBinary(cacheDir, version)
  if (cached !== undefined) return cached
  // A binary on the search path is of an unknown version: used only when no version was asked for.
  const onPath = options.version === undefined ? await findOnPath('weaviate-server', searchPath) : undefined
  if (onPath !== undefined) return onPath

  const reasons: string[] = [
    `not in the cache (${cachedBinaryPath(cacheDir, version)})`,
    options.version === undefined ? 'no weaviate-server on the search path' : 'the search path is not used for an explicit version',
  ]
  const url = expandUrl(options.downloadUrl ?? defaultDownloadUrl(), version)
  await fs.mkdir(path.dirname(cacheLockDir(cacheDir, version)), { recursive: true })
  const made = await withDirLock(
    cacheLockDir(cacheDir, version),
    async (): Promise<string | undefined> => {
      // another process may have finished while we waited for the lock
      const ready = await cachedBinary(cacheDir, version)
      if (ready !== undefined) return ready
      const go = options.build === false ? undefined : await findOnPath('go', searchPath)
      if (go === undefined) {
        reasons.push(options.build === false ? 'building with Go is switched off (build: false)' : 'go is not on the search path')
      } else {
        try {
          return await buildWithGo({ go, version, cacheDir, say, env })
        } catch (e) {
          reasons.push(`the Go build failed: ${messageOf(e)}`)
        }
      }
      try {
        return await downloadBinary({ url, version, cacheDir, say })
      } catch (e) {
        reasons.push(`the download failed: ${messageOf(e)}`)
      }
      return undefined
    },
    { onWait: (pid) => say(`waiting for process ${pid ?? '?'} to finish building/downloading weaviate-server ${version}`) },
  )
  if (made !== undefined) return made
  throw new EmbeddedError({
    reason: 'BinaryNotFound',
    detail: [
      `No weaviate-server binary for Weaviate ${version}. Supply one in any of these three ways:`,
      '  1. pass options.binary or set WEAVIATE_BIN to an executable weaviate-server;',
      `  2. install Go (a toolchain new enough for that release) so it can be built into the cache (${cachedBinaryPath(cacheDir, version)});`,
      `  3. make the release archive reachable at options.downloadUrl (tried ${url}).`,
      'What was tried:',
      ...reasons.map((r) => `  - ${r}`),
    ].join('\n'),
  })
}
