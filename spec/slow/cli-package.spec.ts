/**
 * The `weaviate-rx` command as a user gets it: the package is built and packed (`npm pack`) in a
 * temporary folder, installed into a fresh project from that tarball, and run with `npx`.
 * Installation reads the npm cache first (`--prefer-offline`): `npm ci` of this repository has put
 * every dependency there.
 */
import { execFile } from 'node:child_process'
import * as fs from 'node:fs/promises'
import * as os from 'node:os'
import * as path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)
const ROOT = path.resolve(__dirname, '..', '..')
const NPM_QUIET = ['--no-audit', '--no-fund', '--loglevel=error']

/** npm's own warnings about the machine's npm configuration are not the command's output. */
const withoutNpmWarnings = (text: string): string =>
  text
    .split(/(?<=\n)/)
    .filter((line) => !line.startsWith('npm warn '))
    .join('')

let dir = ''
let project = ''

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'weaviate-rx-package-'))
  const packageDir = path.join(dir, 'package')
  project = path.join(dir, 'project')
  await fs.mkdir(project, { recursive: true })
  await run(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', path.join(ROOT, 'tsconfig.build.json'), '--outDir', path.join(packageDir, 'dist')])
  await fs.copyFile(path.join(ROOT, 'package.json'), path.join(packageDir, 'package.json'))
  await fs.copyFile(path.join(ROOT, 'README.md'), path.join(packageDir, 'README.md'))
  const packed = await run('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', dir], { cwd: packageDir })
  const tarball = path.join(dir, packed.stdout.trim().split('\n').pop() ?? '')
  await fs.writeFile(path.join(project, 'package.json'), JSON.stringify({ name: 'uses-weaviate-rx', version: '1.0.0', private: true }))
  await run('npm', ['install', '--prefer-offline', ...NPM_QUIET, tarball], { cwd: project })
}, 600_000)

afterAll(async () => {
  if (dir !== '') await fs.rm(dir, { recursive: true, force: true })
})

describe('the packed package installed into a fresh project', () => {
  it('npx weaviate-rx --help prints the commands and exits 0', async () => {
    const help = await run('npx', ['--no-install', 'weaviate-rx', '--help'], { cwd: project })
    expect(help.stdout).toMatch(/^Usage: weaviate-rx <command> \[options\]\n/)
    expect(help.stdout).toMatch(/\n {2}export {4}.*\n {2}import {4}.*\n {2}copy {6}.*\n {2}verify {4}/)
  })

  it('npx weaviate-rx copy --help describes the copy options', async () => {
    const help = await run('npx', ['--no-install', 'weaviate-rx', 'copy', '--help'], { cwd: project })
    expect(help.stdout).toContain('--from')
    expect(help.stdout).toContain('--checkpoint')
  })

  it('an unknown command exits 64 with one line on stderr', async () => {
    const failed = await run('npx', ['--no-install', 'weaviate-rx', 'frobnicate'], { cwd: project }).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => ({ code: e.code, stderr: withoutNpmWarnings(e.stderr) }),
    )
    expect(failed).toEqual({ code: 64, stderr: "weaviate-rx: unknown command 'frobnicate' (see 'weaviate-rx --help')\n" })
  })

  it('the library entries load from the installed package', async () => {
    const script = "const rx = require('weaviate-rx'); const e = require('weaviate-rx/embedded'); const p = require('weaviate-rx/paging'); console.log(typeof rx.connect, typeof e.startEmbedded, typeof p.toAsyncIterable)"
    const loaded = await run(process.execPath, ['-e', script], { cwd: project })
    expect(loaded.stdout).toBe('function function function\n')
  })
})
