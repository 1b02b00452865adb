import type { Config } from 'jest'
import * as path from 'node:path'
import { specsWithoutServer } from './spec/setup/tiers'

type Project = Exclude<NonNullable<Config['projects']>[number], string>

/** Packages published only as ES modules that lib/ loads (OIDC sign-in), and the Parquet reader of spec/export.spec.ts. */
const ESM_ONLY = ['openid-client', 'oauth4webapi', 'jose', 'hyparquet']

/** The specs that need no server (spec/setup/tiers.ts decides from what each file uses). */
const UNIT_SPECS = specsWithoutServer(__dirname).map((file) => path.join(__dirname, file))

// Three projects; each spec file works in its own uniquely named classes, so files run in
// parallel against the servers they share.
// - `unit`: every spec that needs no server (spec/setup/tiers.ts reads it from each file: no
//   server helper, variable or embedded start); no global setup, and its setup file
//   (spec/setup/unit-tier.ts) makes a spec that reaches for a server anyway fail with a message.
//   `npm run test:unit`.
// - `server`: everything else outside spec/slow, against the shared servers that
//   spec/setup/global-setup.ts starts (one per version and per configuration of
//   spec/helpers/versions.ts, unless their variables name running ones) and
//   global-teardown.ts stops. `npm run test:server`.
// - `slow`: spec/slow, the specs that start their own servers or clusters, crash and restart
//   them, or push thousands of operations; their longer timeout (300 s) is set by a setup file,
//   since `testTimeout` cannot differ per project. Run one file at a time (`--maxWorkers=1`: two
//   clusters at once would fight over the 2 cores and turn a raft election or a restart into a
//   timeout), since jest 29 has no maxWorkers per project. `npm run test:slow`.
// The global setup is a project option, so jest runs it only when a selected project has it: a
// run of `unit` alone starts nothing. testTimeout, maxWorkers and reporters are run-wide.
// No `--detectOpenHandles` (it forces a single worker): spec/helpers/own-handles.ts checks the
// library's own timers, sockets and HTTP/2 sessions exactly, in the specs of the HTTP transport,
// batch and stream.
/** Byte arrays compared as bytes in one call (spec/setup/byte-equality.ts). */
const BYTE_EQUALITY = '<rootDir>/spec/setup/byte-equality.ts'

const shared: Project = {
  testEnvironment: 'node',
  testMatch: ['**/*.spec.ts'],
  transform: {
    '^.+\\.ts$': 'ts-jest',
    // openid-client and its ES-module-only dependencies, and hyparquet, as CommonJS (spec/setup/esm-to-cjs.cjs).
    [`/node_modules/(${ESM_ONLY.join('|')})/.+\\.js$`]: '<rootDir>/spec/setup/esm-to-cjs.cjs',
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
  setupFilesAfterEnv: [BYTE_EQUALITY],
}

const withServers: Project = {
  ...shared,
  globalSetup: '<rootDir>/spec/setup/global-setup.ts',
  globalTeardown: '<rootDir>/spec/setup/global-teardown.ts',
}

const config: Config = {
  testTimeout: 60_000,
  maxWorkers: 2,
  reporters: ['default', '<rootDir>/spec/setup/summary-reporter.js'],
  projects: [
    {
      ...shared,
      displayName: 'unit',
      roots: ['<rootDir>/spec'],
      testMatch: UNIT_SPECS,
      setupFilesAfterEnv: [BYTE_EQUALITY, '<rootDir>/spec/setup/unit-tier.ts'],
    },
    {
      ...withServers,
      displayName: 'server',
      roots: ['<rootDir>/spec'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/spec/slow/', ...UNIT_SPECS.map((file) => `^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)],
    },
    {
      ...withServers,
      displayName: 'slow',
      roots: ['<rootDir>/spec/slow'],
      setupFilesAfterEnv: [BYTE_EQUALITY, '<rootDir>/spec/helpers/slow-timeout.ts'],
    },
  ],
}

export default config
