/**
 * Builds `weaviate-server` from the Go module proxy, the same way for every version: download the
 * module at that version (`go mod download -json <module>@v<version>` names its directory in the
 * module cache), copy it to a writable temp dir of the cache, and
 * `CGO_ENABLED=0 go build -ldflags=-checklinkname=0 -o <tmp> ./cmd/weaviate-server` there; then
 * move the binary into place.
 *
 * Why not `go install module@version`: for the old module path the proxy refuses the module's
 * version list, which `go install` reads for deprecation notices, so it fails for 1.13 and 1.14.
 * `-checklinkname=0` lets the old `golang.org/x/net` of those releases link with current Go
 * ("invalid reference to syscall.recvmsg"); it changes nothing for new releases. Takes minutes;
 * go's output is streamed as progress.
 *
 * @packageDocumentation
 */
import { promises as fs } from 'node:fs'
import * as path from 'node:path'
import { compareVersions, parseVersion } from '../../server/version'
import { installIntoCache, withCacheTemp } from './cache'
import { runCommand } from './command'

/**
 * Options of {@link buildWithGo}.
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
 * The Go module of `version`: `github.com/semi-technologies/weaviate` up to v1.17.1,
 * `github.com/weaviate/weaviate` from v1.17.2.
 */
export const goModule = (version: string): string => {
  const parsed = parseVersion(version)
  const firstRenamed = parseVersion('1.17.2')
  const old = parsed !== undefined && firstRenamed !== undefined && compareVersions(parsed, firstRenamed) < 0
  return `${old ? 'github.com/semi-technologies/weaviate' : 'github.com/weaviate/weaviate'}@v${version}`
}

/** The module's directory from `go mod download -json` output, or the reason there is none. */
const moduleDir = (json: string): { readonly dir: string } | { readonly error: string } => {
  try {
    const parsed: unknown = JSON.parse(json)
    if (typeof parsed === 'object' && parsed !== null) {
      const { Dir, Error: failure } = parsed as { Dir?: unknown; Error?: unknown }
      if (typeof failure === 'string') return { error: failure }
      if (typeof Dir === 'string') return { dir: Dir }
    }
    return { error: `unexpected output: ${json.slice(0, 200)}` }
  } catch {
    return { error: `unexpected output: ${json.slice(0, 200)}` }
  }
}

/** Makes every file and folder below `dir` writable by its owner (the module cache is read-only). */
const makeWritable = async (dir: string): Promise<void> => {
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name)
    const stat = await fs.lstat(file)
    if (!stat.isSymbolicLink()) await fs.chmod(file, stat.mode | 0o200)
  }
  await fs.chmod(dir, 0o755)
}

/**
 * Builds the binary of `version` and installs it into the cache; resolves its path. Rejects with
 * go's message when the version does not exist, and with the tail of go's output when the build
 * fails.
 */
export const buildWithGo = (options: GoBuildOptions): Promise<string> =>
  withCacheTemp(options.cacheDir, 'go-', async (work) => {
    const module = goModule(options.version)
    const env = { ...(options.env ?? process.env), CGO_ENABLED: '0' }
    const started = Date.now()
    const heartbeat = setInterval(
      () => options.say(`still building weaviate-server ${options.version} (${Math.round((Date.now() - started) / 1000)} s)`),
      HEARTBEAT_MS,
    )
    try {
      options.say(`building weaviate-server ${options.version} from ${module} (takes minutes)`)
      const json: string[] = []
      const download = await runCommand(options.go, ['mod', 'download', '-json', module], {
        env,
        onStdoutLine: (line) => json.push(line),
        onLine: (line) => options.say(`go: ${line}`),
      })
      const found = moduleDir(json.join('\n'))
      if ('error' in found) throw new Error(`go mod download ${module} failed: ${found.error}`)
      if (download.code !== 0) throw new Error(`go mod download ${module} exited with code ${download.code}:\n${download.tail.join('\n')}`)
      const source = path.join(work, 'src')
      await fs.cp(found.dir, source, { recursive: true })
      await makeWritable(source)
      const output = path.join(work, 'weaviate-server')
      const args = ['build', '-ldflags=-checklinkname=0', '-o', output, './cmd/weaviate-server']
      const build = await runCommand(options.go, args, { env, cwd: source, onLine: (line) => options.say(`go: ${line}`) })
      if (build.code !== 0) throw new Error(`go ${args.join(' ')} (in ${module}) exited with code ${build.code}:\n${build.tail.join('\n')}`)
      const binary = await installIntoCache(output, options.cacheDir, options.version)
      options.say(`built ${binary}`)
      return binary
    } finally {
      clearInterval(heartbeat)
    }
  })
