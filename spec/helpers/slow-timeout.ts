/**
 * Setup file of the `slow` jest project (jest.config.ts): its specs start clusters, crash and
 * restart servers and run thousands of operations, so tests and hooks get 300 s instead of the
 * run-wide 60 s (jest 29 has no per-project `testTimeout`).
 */
jest.setTimeout(300_000)
