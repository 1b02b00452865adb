/**
 * The own-handles check (spec/helpers/own-handles.ts) sees one leaked timer: a child jest runs
 * spec/fixtures/own-handles/leak.fixture.ts (three operations on this run's 1.39.0 server, whose
 * WEAVIATE_URL it inherits, and a timer of the spec's own) twice, once as lib/ is and once with
 * `objects.exists` made to leak one unref'd timer per call (spec/fixtures/own-handles/
 * inject-leak.cjs). No stub: the leak is in lib/ as the child compiles it, the server is real.
 */
import { execFile } from 'node:child_process'
import { promises as fs } from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'

const ROOT = path.resolve(__dirname, '..')
const FIXTURE_CONFIG = path.join(ROOT, 'spec', 'fixtures', 'own-handles', 'jest.config.cjs')
const JEST = path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js')

interface Outcome {
  readonly title: string
  readonly status: string
  readonly failure: string
}

interface FixtureRun {
  readonly tests: Outcome[]
  /** Failures outside the tests (the after-all check that nothing is left open). */
  readonly fileMessage: string
}

/** Runs the fixture in a child jest (in band, its JSON report in a temp file) and returns each test's outcome. */
const runFixture = async (injectLeak: boolean): Promise<FixtureRun> => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'own-handles-'))
  const report = path.join(dir, 'report.json')
  try {
    await new Promise<void>((resolve) => {
      execFile(
        process.execPath,
        [JEST, '--config', FIXTURE_CONFIG, '--runInBand', '--ci', '--json', '--outputFile', report],
        { cwd: ROOT, env: { ...process.env, WEAVIATE_RX_INJECT_LEAK: injectLeak ? '1' : '0' }, maxBuffer: 16 * 1024 * 1024 },
        // A failing run exits 1; the report says why.
        () => resolve(),
      )
    })
    const parsed = JSON.parse(await fs.readFile(report, 'utf8')) as {
      testResults: { message: string; assertionResults: { title: string; status: string; failureMessages: string[] }[] }[]
    }
    const file = parsed.testResults[0]
    if (file === undefined) throw new Error('the fixture run reported no test file')
    if (file.assertionResults.length === 0) throw new Error(`the fixture file did not run: ${file.message}`)
    return {
      tests: file.assertionResults.map((r) => ({ title: r.title, status: r.status, failure: r.failureMessages.join('\n') })),
      fileMessage: file.message,
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
  }
}

describe('the own-handles check on a fixture spec run alone', () => {
  it('passes every test, and the check after closing, when lib/ leaks nothing', async () => {
    const { tests, fileMessage } = await runFixture(false)
    expect(fileMessage).toBe('')
    expect(tests.map(({ title, status }) => ({ title, status }))).toEqual([
      { title: 'reads the meta', status: 'passed' },
      { title: 'asks whether an object exists', status: 'passed' },
      { title: 'reads the meta again', status: 'passed' },
    ])
  }, 180_000)

  it('fails the one test whose operation leaks a timer, naming the timer and where lib/ made it', async () => {
    const { tests } = await runFixture(true)
    expect(tests.map(({ title, status }) => ({ title, status }))).toEqual([
      { title: 'reads the meta', status: 'passed' },
      { title: 'asks whether an object exists', status: 'failed' },
      { title: 'reads the meta again', status: 'passed' },
    ])
    const failure = tests[1]?.failure ?? ''
    expect(failure).toContain('"type": "Timeout"')
    expect(failure).toMatch(/lib\/objects\/exists\.ts:\d+/)
  }, 180_000)
})
