/**
 * A real headless Chromium for the specs of the web build: the one `@sparticuz/chromium` ships
 * inside its npm package (unpacked on first use into the system's temp folder, so nothing is
 * downloaded), driven by `playwright-core` in the spec's own process. One browser per spec file:
 * launching costs a second or two, a page a few milliseconds.
 */
import { execFile } from 'node:child_process'
import * as path from 'node:path'
import { promisify } from 'node:util'
import { Browser, chromium } from 'playwright-core'

const run = promisify(execFile)
const ROOT = path.resolve(__dirname, '..', '..')

/**
 * The flags of `@sparticuz/chromium` the specs leave out. It is built for serverless functions and
 * turns off what a user's browser enforces: `--disable-web-security` would switch CORS off, and with
 * it the point of a cross-origin page. `--headless` is playwright's to set; `--single-process` and
 * `--no-zygote` save memory on a function at the cost of stability across pages.
 */
const DROPPED_FLAGS = /^--(disable-web-security|allow-running-insecure-content|headless|single-process|no-zygote)(=|$)/

/**
 * The binary's path and flags: `@sparticuz/chromium` is an ES module only, so a child Node imports
 * it (jest's module system cannot) and prints both.
 */
const sparticuz = async (): Promise<{ readonly path: string; readonly args: readonly string[] }> => {
  const script = "import c from '@sparticuz/chromium'; console.log(JSON.stringify({ path: await c.executablePath(), args: c.args }))"
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT })
  return JSON.parse(stdout) as { path: string; args: string[] }
}

/**
 * Launches headless Chromium with CORS and the same-origin policy on, as in a user's browser.
 *
 * @example
 * ```ts
 * const browser = await launchChromium()
 * const page = await browser.newPage()
 * await browser.close()
 * ```
 */
export const launchChromium = async (): Promise<Browser> => {
  const binary = await sparticuz()
  return chromium.launch({ executablePath: binary.path, args: binary.args.filter((flag) => !DROPPED_FLAGS.test(flag)) })
}
