// Writes lib/transport/client-version.ts from package.json's version, so the compiled package
// carries its own version as a constant (no package.json read at run time, which a bundle or the
// browser could not do). `npm run build` and `npm version` run it; spec/unit/client-version.spec.ts
// fails when the two differ.
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const text = `/**
 * The package's version, written from package.json by scripts/client-version.mjs (\`npm run build\`,
 * \`npm version\`); never edited by hand.
 *
 * @packageDocumentation
 */

/** This package's version, as package.json gives it. */
export const CLIENT_VERSION = '${version}'
`
const target = join(root, 'lib', 'transport', 'client-version.ts')
let current = ''
try {
  current = readFileSync(target, 'utf8')
} catch {
  // first run: no file yet
}
if (current !== text) writeFileSync(target, text)
