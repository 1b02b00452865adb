/**
 * Bundling a program for a browser or a Worker the way a user's bundler does: esbuild resolves
 * `weaviate-rx` to the repository's web entry and every dependency (rxjs, fp-ts, io-ts, ...) through
 * its package `exports` under the runtime's conditions. A browser bundle is built for esbuild's
 * `browser` platform, which refuses any `node:` or Node built-in import, so a bundle that builds
 * holds none.
 */
import * as path from 'node:path'
import { build } from 'esbuild'

const ROOT = path.resolve(__dirname, '..', '..')

/**
 * The entry a bundler picks for `weaviate-rx` under the `browser`, `workerd` and `worker` conditions.
 *
 * @example
 * ```ts
 * path.relative(ROOT, WEB_ENTRY) // 'lib/web.ts'
 * ```
 */
export const WEB_ENTRY = path.join(ROOT, 'lib', 'web.ts')

/**
 * Where a bundle runs:
 * - `browser`: a `<script>` of a page; the `browser` condition, an IIFE;
 * - `workerd`: a Cloudflare Worker module; the conditions wrangler passes (`workerd`, `worker`,
 *   `browser`), an ES module.
 *
 * @example
 * ```ts
 * const target: WebTarget = 'workerd'
 * ```
 */
export type WebTarget = 'browser' | 'workerd'

const TARGETS = {
  browser: { platform: 'browser', format: 'iife', conditions: ['browser'], mainFields: ['browser', 'module', 'main'] },
  workerd: { platform: 'neutral', format: 'esm', conditions: ['workerd', 'worker', 'browser'], mainFields: ['browser', 'module', 'main'] },
} as const

/**
 * The bundled JavaScript of `entry` (a file of the repository) for `target`, with `weaviate-rx`
 * aliased to {@link WEB_ENTRY}; rejects with esbuild's messages when anything cannot be resolved.
 *
 * @example
 * ```ts
 * const script = await bundleForWeb('spec/web/programs/scenario-page.ts', 'browser')
 * ```
 */
export const bundleForWeb = async (entry: string, target: WebTarget): Promise<string> => {
  const { platform, format, conditions, mainFields } = TARGETS[target]
  const result = await build({
    entryPoints: [path.resolve(ROOT, entry)],
    bundle: true,
    write: false,
    platform,
    format,
    conditions: [...conditions],
    mainFields: [...mainFields],
    target: 'es2022',
    alias: { 'weaviate-rx': WEB_ENTRY },
    logLevel: 'silent',
  })
  const [file] = result.outputFiles
  if (file === undefined) throw new Error(`esbuild wrote nothing for ${entry}`)
  return file.text
}
