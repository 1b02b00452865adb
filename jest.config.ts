import type { Config } from 'jest'

type Project = Exclude<NonNullable<Config['projects']>[number], string>

/** Packages published only as ES modules that lib/ loads (OIDC sign-in). */
const ESM_ONLY = ['openid-client', 'oauth4webapi', 'jose']

// One real Weaviate serves the whole run (spec/setup/global-setup.ts); each spec file
// works in its own uniquely named classes so files can run in parallel. globalSetup,
// globalTeardown, testTimeout and maxWorkers are run-wide options: jest 29 reads them only at the
// top level, never inside `projects`.
//
// Two projects:
// - `unit-and-server`: everything in spec/ except spec/slow; `npm test` runs it first, on
//   `maxWorkers` (2) workers;
// - `slow`: spec/slow, the specs that start their own servers or clusters, crash and restart
//   them, or push thousands of operations; their longer timeout (300 s) is set by a setup file,
//   since `testTimeout` cannot differ per project. `npm test` runs them after the others, one file
//   at a time (`--maxWorkers=1`: two clusters at once would fight over the 2 cores and turn a raft
//   election or a restart into a timeout), since jest 29 has no maxWorkers per project.
//   `npx jest --selectProjects slow` runs only these.
// No `--detectOpenHandles` (it forces a single worker): spec/helpers/own-handles.ts checks the
// library's own timers, sockets and HTTP/2 sessions exactly, in the specs of the HTTP transport,
// batch and stream.
const shared: Project = {
  testEnvironment: 'node',
  testMatch: ['**/*.spec.ts'],
  transform: {
    '^.+\\.ts$': 'ts-jest',
    // openid-client and its ES-module-only dependencies, as CommonJS (spec/setup/esm-to-cjs.cjs).
    [`/node_modules/(${ESM_ONLY.join('|')})/.+\\.js$`]: '<rootDir>/spec/setup/esm-to-cjs.cjs',
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
}

const config: Config = {
  globalSetup: '<rootDir>/spec/setup/global-setup.ts',
  globalTeardown: '<rootDir>/spec/setup/global-teardown.ts',
  testTimeout: 60_000,
  maxWorkers: 2,
  reporters: ['default', '<rootDir>/spec/setup/summary-reporter.js'],
  projects: [
    {
      ...shared,
      displayName: 'unit-and-server',
      roots: ['<rootDir>/spec'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/spec/slow/'],
    },
    {
      ...shared,
      displayName: 'slow',
      roots: ['<rootDir>/spec/slow'],
      setupFilesAfterEnv: ['<rootDir>/spec/helpers/slow-timeout.ts'],
    },
  ],
}

export default config
