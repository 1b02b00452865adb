/**
 * The specs that need no Weaviate server, run again on each other supported Node major (22, 24,
 * 26; the whole suite runs on the machine's Node). Each run is a jest of its own on that Node's
 * binary (installed from the npm registry's `node` package into the project's cache on first use),
 * without the global setup and without the test servers' URLs, so a spec that does reach for a
 * server fails there instead of passing unnoticed.
 */
import { promises as fs } from 'node:fs'
import * as path from 'node:path'
import { sh } from '../helpers/command'
import { OTHER_NODES, installedRuntime } from '../helpers/runtimes'

const ROOT = path.resolve(__dirname, '..', '..')
const JEST = path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js')

/**
 * What a spec uses when it talks to a Weaviate server: the URL helpers and variables, the client
 * and fixture helpers, or a server of its own.
 */
const NEEDS_A_SERVER = /weaviateUrl|serverUrl|WEAVIATE_URL|helpers\/(fixtures|client|embedded-fixtures)|cli\/fixtures|startEmbedded/

/** The spec files (relative to the repository) that use none of NEEDS_A_SERVER. */
const specsWithoutServer = async (): Promise<string[]> => {
  const found: string[] = []
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await fs.readdir(path.join(ROOT, dir), { withFileTypes: true })) {
      const relative = path.join(dir, entry.name)
      if (entry.isDirectory() && !['spec/slow', 'spec/package'].includes(relative)) await walk(relative)
      else if (entry.isFile() && entry.name.endsWith('.spec.ts')) {
        if (!NEEDS_A_SERVER.test(await fs.readFile(path.join(ROOT, relative), 'utf8'))) found.push(relative)
      }
    }
  }
  await walk('spec')
  return found.sort()
}

/** This run's environment less the test servers' URLs and jest's own worker variables. */
const withoutServers = (): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('WEAVIATE_URL') && !name.startsWith('JEST_')))

/** The parts of jest's `--json` report this spec reads. */
interface JestReport {
  readonly success: boolean
  readonly numFailedTests: number
  readonly numPassedTests: number
  readonly testResults: ReadonlyArray<{ readonly name: string }>
}

describe.each(OTHER_NODES)('on %s', (name) => {
  let node = ''
  let specs: string[] = []

  beforeAll(async () => {
    node = await installedRuntime(name)
    specs = await specsWithoutServer()
  }, 300_000)

  it('passes every spec that needs no server', async () => {
    const config = { rootDir: ROOT, testEnvironment: 'node', transform: { '^.+\\.ts$': 'ts-jest' }, testMatch: ['**/*.spec.ts'] }
    const args = [JEST, '--config', JSON.stringify(config), '--ci', '--silent', '--maxWorkers=1', '--json', '--runTestsByPath', ...specs]
    const { stdout } = await sh(node, args, { cwd: ROOT, env: withoutServers() })
    const report = JSON.parse(stdout) as JestReport
    expect(specs.length).toBeGreaterThan(10)
    expect({
      success: report.success,
      failed: report.numFailedTests,
      files: report.testResults.map((result) => path.relative(ROOT, result.name)).sort(),
    }).toEqual({ success: true, failed: 0, files: specs })
    expect(report.numPassedTests).toBeGreaterThan(100)
  }, 300_000)
})
