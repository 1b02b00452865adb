/**
 * Builds `weaviate-server` from the Go module proxy, the way release builds are made
 * (`CGO_ENABLED=0 go install github.com/weaviate/weaviate/cmd/weaviate-server@v<version>`), into a
 * temp dir of the cache, then moves it into place. Takes minutes; go's output is streamed as
 * progress.
 *
 * @packageDocumentation
 */
import * as path from 'node:path'
import { compareVersions, parseVersion } from '../version'
import { installIntoCache, withCacheTemp } from './cache'
import { runCommand } from './command'

/**
 * Options of {@link buildWithGo}.
 *
 * @example
 * ```ts
 * const options: GoBuildOptions = { go: '/usr/local/go/bin/go', version: '1.39.0', cacheDir, say: console.log }
 * ```
 */
export interface GoBuildOptions {
  /** Path of the `go` executable. */
  readonly go: string
  readonly version: string
  readonly cacheDir: string
  /** Progress lines. */
  readonly say: (line: string) => void
  /** Environment for go (GOPATH, GOCACHE, proxies...). Default `process.env`. */
  readonly env?: NodeJS.ProcessEnv
}

const HEARTBEAT_MS = 30_000

/**
 * The `go install` package path of `version`: the module was `github.com/semi-technologies/weaviate`
 * up to v1.17.1 and is `github.com/weaviate/weaviate` from v1.17.2.
 *
 * @example
 * ```ts
 * goPackage('1.39.0') // 'github.com/weaviate/weaviate/cmd/weaviate-server@v1.39.0'
 * ```
 */
export const goPackage = (version: string): string => {
  const parsed = parseVersion(version)
  const firstRenamed = parseVersion('1.17.2')
  const old = parsed !== undefined && firstRenamed !== undefined && compareVersions(parsed, firstRenamed) < 0
  const module = old ? 'github.com/semi-technologies/weaviate' : 'github.com/weaviate/weaviate'
  return `${module}/cmd/weaviate-server@v${version}`
}

/**
 * Builds the binary of `version` and installs it into the cache; resolves its path. Rejects with
 * the tail of go's output when the build fails.
 *
 * @example
 * ```ts
 * const binary = await buildWithGo({ go: '/usr/local/go/bin/go', version: '1.39.0', cacheDir, say })
 * ```
 */
export const buildWithGo = (options: GoBuildOptions): Promise<string> =>
  withCacheTemp(options.cacheDir, 'go-', async (gobin) => {
    const pkg = goPackage(options.version)
    options.say(`building weaviate-server ${options.version}: CGO_ENABLED=0 go install ${pkg} (takes minutes)`)
    const started = Date.now()
    const heartbeat = setInterval(
      () => options.say(`still building weaviate-server (${Math.round((Date.now() - started) / 1000)} s)`),
      HEARTBEAT_MS,
    )
    try {
      const result = await runCommand(options.go, ['install', pkg], {
        env: { ...(options.env ?? process.env), CGO_ENABLED: '0', GOBIN: gobin },
        onLine: (line) => options.say(`go: ${line}`),
      })
      if (result.code !== 0) {
        throw new Error(`go install ${pkg} exited with code ${result.code}:\n${result.tail.join('\n')}`)
      }
    } finally {
      clearInterval(heartbeat)
    }
    const binary = await installIntoCache(path.join(gobin, 'weaviate-server'), options.cacheDir, options.version)
    options.say(`built ${binary}`)
    return binary
  })
