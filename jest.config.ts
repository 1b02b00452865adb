import type { Config } from 'jest'

// One real Weaviate serves the whole run (spec/setup/global-setup.ts); each spec file
// works in its own uniquely named classes so files can run in parallel.
const config: Config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/spec'],
  testMatch: ['**/*.spec.ts'],
  transform: { '^.+\\.ts$': 'ts-jest' },
  globalSetup: '<rootDir>/spec/setup/global-setup.ts',
  globalTeardown: '<rootDir>/spec/setup/global-teardown.ts',
  testTimeout: 60_000,
  maxWorkers: 2,
}

export default config
