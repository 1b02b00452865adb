/**
 * Downloads a release archive of `weaviate-server`, unpacks it with the system `tar` (or `unzip`
 * for `.zip`) in a temp dir of the cache and moves the binary into place.
 *
 * @packageDocumentation
 */
import { createWriteStream, promises as fs } from 'node:fs'
import * as path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { Agent, interceptors, request } from 'undici'
import { installIntoCache, withCacheTemp } from './cache'
import { runCommand } from './command'

/**
 * The official release asset for the platform: GitHub releases carry
 * `weaviate-v<version>-linux-<amd64|arm64>.tar.gz` (and a universal `darwin-all.zip` for macOS),
 * each holding a binary named `weaviate`.
 */
export const defaultDownloadUrl = (platform: NodeJS.Platform = process.platform): string =>
  platform === 'darwin'
    ? 'https://github.com/weaviate/weaviate/releases/download/v{version}/weaviate-v{version}-darwin-all.zip'
    : 'https://github.com/weaviate/weaviate/releases/download/v{version}/weaviate-v{version}-{os}-{arch}.tar.gz'

/**
 * Fills `{version}`, `{os}` (`linux`, `darwin`, `windows`) and `{arch}` (`amd64`, `arm64`, or
 * Node's name for others) into a URL template.
 */
export const expandUrl = (
  template: string,
  version: string,
  platform: NodeJS.Platform = process.platform,
  arch: string = process.arch,
): string => {
  const os = platform === 'win32' ? 'windows' : platform
  const goArch = arch === 'x64' ? 'amd64' : arch
  return template.replaceAll('{version}', version).replaceAll('{os}', os).replaceAll('{arch}', goArch)
}

/**
 * Options of {@link downloadBinary}.
 */
export interface DownloadOptions {
  /** The archive URL (placeholders already filled in). */
  readonly url: string
  readonly version: string
  readonly cacheDir: string
  /** Progress lines. */
  readonly say: (line: string) => void
}

const BINARY_NAMES = ['weaviate-server', 'weaviate']
const MiB = 1024 * 1024

/** A pass-through stream that reports progress every 10 % (or every 25 MiB without a length). */
const progressMeter = (total: number | undefined, say: (line: string) => void): Transform => {
  let received = 0
  let reported = 0
  const step = total === undefined ? 25 * MiB : total / 10
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length
      if (received - reported >= step) {
        reported = received
        const of = total === undefined ? '' : ` of ${(total / MiB).toFixed(0)} MiB`
        say(`downloaded ${(received / MiB).toFixed(0)} MiB${of}`)
      }
      callback(null, chunk)
    },
  })
}

const fetchTo = async (url: string, file: string, say: (line: string) => void): Promise<void> => {
  const agent = new Agent()
  try {
    const response = await request(url, {
      dispatcher: agent.compose(interceptors.redirect({ maxRedirections: 5 })),
      headersTimeout: 60_000,
      bodyTimeout: 60_000,
    })
    if (response.statusCode !== 200) {
      await response.body.dump()
      throw new Error(`GET ${url} answered ${response.statusCode}`)
    }
    const length = Number(response.headers['content-length'])
    await pipeline(response.body, progressMeter(Number.isFinite(length) ? length : undefined, say), createWriteStream(file))
  } finally {
    await agent.close()
  }
}

const findBinary = async (dir: string, depth = 3): Promise<string | undefined> => {
  const entries = await fs.readdir(dir, { withFileTypes: true })
  const hit = entries.find((e) => e.isFile() && BINARY_NAMES.includes(e.name))
  if (hit !== undefined) return path.join(dir, hit.name)
  if (depth === 0) return undefined
  for (const entry of entries.filter((e) => e.isDirectory())) {
    const found = await findBinary(path.join(dir, entry.name), depth - 1)
    if (found !== undefined) return found
  }
  return undefined
}

const unpack = async (archive: string, dir: string, url: string): Promise<void> => {
  const isZip = /\.zip(\?|$)/.test(url)
  const [command, args] = isZip ? ['unzip', ['-q', archive, '-d', dir]] : ['tar', ['-xzf', archive, '-C', dir]]
  const result = await runCommand(command, args)
  if (result.code !== 0) {
    throw new Error(`${command} could not unpack ${url} (exit ${result.code}):\n${result.tail.join('\n')}`)
  }
}

/**
 * Downloads and unpacks the archive at `url` and installs its `weaviate` / `weaviate-server`
 * binary into the cache; resolves the binary's path.
 */
export const downloadBinary = (options: DownloadOptions): Promise<string> =>
  withCacheTemp(options.cacheDir, 'download-', async (dir) => {
    options.say(`downloading weaviate-server ${options.version} from ${options.url}`)
    const archive = path.join(dir, 'archive')
    await fetchTo(options.url, archive, options.say)
    const unpacked = path.join(dir, 'unpacked')
    await fs.mkdir(unpacked)
    await unpack(archive, unpacked, options.url)
    const found = await findBinary(unpacked)
    if (found === undefined) {
      throw new Error(`the archive ${options.url} holds no file named ${BINARY_NAMES.join(' or ')}`)
    }
    const binary = await installIntoCache(found, options.cacheDir, options.version)
    options.say(`installed ${binary}`)
    return binary
  })
