import type { Config } from 'jest'

type Project = Exclude<NonNullable<Config['projects']>[number], string>

/** Packages published only as ES modules that lib/ loads (OIDC sign-in). */
const ESM_ONLY = ['openid-client', 'oauth4webapi', 'jose']

// One real Weaviate serves the whole run (spec/setup/global-setup.ts); each spec file
// works in its own uniquely named classes so files can run in parallel. globalSetup,
// globalTeardown, testTimeout and maxWorkers are run-wide options: jest 29 reads them only at the
// top level, never inside `projects`.
//
// Two projects, both run by `npx jest` / `npm test`:
// - `unit-and-server`: everything in spec/ except spec/slow;
// - `slow`: spec/slow, the specs that start their own servers or clusters, crash and restart
//   them, or push thousands of operations; their longer timeout (300 s) is set by a setup file,
//   since `testTimeout` cannot differ per project. `npx jest --selectProjects slow` runs only these.
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
