/**
 * The specs that need no Weaviate server (the unit tier, spec/setup/tiers.ts), run again on each
 * other supported Node major (22, 24, 26; the whole suite runs on the machine's Node). Each run is
 * a jest of its own on that Node's binary (installed from the npm registry's `node` package into
 * the project's cache on first use), without the global setup and without the test servers' URLs,
 * with the unit tier's setup, so a spec that does reach for a server fails there instead of
 * passing unnoticed.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { sh } from '../helpers/command'
import { specsWithoutServer as unitSpecs } from '../setup/tiers'
import { OTHER_NODES, installedRuntime } from '../helpers/runtimes'

const ROOT = path.resolve(__dirname, '..', '..')
const JEST = path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js')

/**
 * Specs of the unit tier that are not run again here: what they check does not depend on the Node
 * that runs it. spec/documentation.spec.ts type-checks the README, the guides and the examples with
 * the TypeScript compiler (three compilations of lib/, the unit tier's longest file).
 */
const SAME_ON_EVERY_NODE = ['spec/documentation.spec.ts']

/** The unit tier's spec files (spec/setup/tiers.ts) but SAME_ON_EVERY_NODE, relative to the repository. */
const specsWithoutServer = (): string[] => unitSpecs(ROOT).filter((file) => !SAME_ON_EVERY_NODE.includes(file))

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
    specs = specsWithoutServer()
  }, 300_000)

  it('passes every spec that needs no server', async () => {
    // The unit project's setup files (jest.config.ts): byte arrays compared as bytes, and no server.
    const config = {
      rootDir: ROOT,
      testEnvironment: 'node',
      transform: { '^.+\\.ts$': 'ts-jest' },
      testMatch: ['**/*.spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/spec/setup/byte-equality.ts', '<rootDir>/spec/setup/unit-tier.ts'],
    }
    // The report goes to a file of its own: a spec may write to stdout (the web bundle's size).
    const dir = await mkdtemp(path.join(tmpdir(), 'weaviate-rx-node-versions-'))
    const reportFile = path.join(dir, 'report.json')
    let report: JestReport
    try {
      const args = [JEST, '--config', JSON.stringify(config), '--ci', '--silent', '--maxWorkers=1', '--json', `--outputFile=${reportFile}`, '--runTestsByPath', ...specs]
      await sh(node, args, { cwd: ROOT, env: withoutServers() })
      report = JSON.parse(await readFile(reportFile, 'utf8')) as JestReport
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
    expect(specs.length).toBeGreaterThan(10)
    expect({
      success: report.success,
      failed: report.numFailedTests,
      files: report.testResults.map((result) => path.relative(ROOT, result.name)).sort(),
    }).toEqual({ success: true, failed: 0, files: specs })
    expect(report.numPassedTests).toBeGreaterThan(100)
  }, 300_000)
})
