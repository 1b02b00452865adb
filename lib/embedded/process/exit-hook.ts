/**
 * Last-resort cleanup when the Node.js process ends while servers still run: the registered
 * synchronous hooks (SIGKILL a child, remove a temp dir) run, newest first, on `process.on('exit')`
 * and on SIGINT, SIGTERM and SIGHUP, which would otherwise end Node without an `exit` event and
 * orphan the servers. After a signal the hooks run once, and when nobody else handles that signal
 * it is raised again so Node still dies of it as it would have. The listeners exist only while at
 * least one hook is registered.
 *
 * @packageDocumentation
 */

const hooks = new Set<() => void>()
const SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP']

const runHooks = (): void => {
  // newest first, like `defer`: a server registered after its data dir is killed before the dir goes
  const pending = [...hooks].reverse()
  hooks.clear()
  for (const hook of pending) {
    try {
      hook()
    } catch {
      // exiting anyway: one failed cleanup must not stop the others
    }
  }
}

const onSignal = (signal: NodeJS.Signals): void => {
  runHooks()
  uninstall()
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal)
}

const install = (): void => {
  process.on('exit', runHooks)
  for (const signal of SIGNALS) process.on(signal, onSignal)
}

function uninstall(): void {
  process.off('exit', runHooks)
  for (const signal of SIGNALS) process.off(signal, onSignal)
}

/**
 * Registers a synchronous hook for the end of the process; the returned function unregisters it.
 */
export const onProcessExit = (hook: () => void): (() => void) => {
  if (hooks.size === 0) install()
  hooks.add(hook)
  return () => {
    if (hooks.delete(hook) && hooks.size === 0) uninstall()
  }
}
