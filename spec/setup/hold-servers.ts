/**
 * Starts the suite's shared servers once for a whole `npm test` (scripts/test.mjs): the global
 * setup of spec/setup/global-setup.ts, then one JSON line on stdout with the variables it set
 * (so both jest runs, `unit`+`server` and `slow`, reuse the same servers instead of starting their
 * own), then waits; stdin closing (the parent ending, however it ends) stops them.
 */
import globalSetup from './global-setup'
import globalTeardown from './global-teardown'

const before = new Set(Object.keys(process.env))

const main = async (): Promise<void> => {
  const setup = globalSetup()
  // Teardown waits for the setup: a server still starting when stdin closes is stopped too.
  let stopping: Promise<void> | undefined
  const stop = (): Promise<void> => (stopping ??= setup.catch(() => undefined).then(() => globalTeardown()))
  process.stdin.on('end', () => void stop().finally(() => process.exit(0)))
  process.stdin.resume()
  await setup
  const variables = Object.fromEntries(Object.entries(process.env).filter(([name]) => !before.has(name) && name.startsWith('WEAVIATE_')))
  process.stdout.write(`${JSON.stringify(variables)}\n`)
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  void globalTeardown().finally(() => process.exit(1))
})
