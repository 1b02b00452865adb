/**
 * Which spec files need a Weaviate server, read from what each file uses, so the split between
 * the `unit` jest project (no server) and the `server` project (the shared servers of
 * global-setup.ts) follows the code instead of a list kept by hand. jest.config.ts builds both
 * projects from {@link specsWithoutServer}; the runtime matrix (spec/package/node-versions.spec.ts)
 * reruns the same files on other Node majors. The `unit` project's setup file
 * (spec/setup/unit-tier.ts) removes the servers' variables and refuses to start a server, so a
 * file that reaches one through a path this rule does not see fails there with a message naming
 * the rule, instead of passing unnoticed.
 */
import { readFileSync, readdirSync } from 'node:fs'
import * as path from 'node:path'

/**
 * What a spec uses when it talks to a Weaviate server or needs more than the machine's Node: the
 * URL helpers and variables of the shared servers, the client and fixture helpers, a server of its
 * own, or another runtime. A spec whose text matches is a server spec.
 *
 * @example
 * ```ts
 * NEEDS_A_SERVER.test("import { serverUrl } from '../helpers/versions'") // true
 * ```
 */
export const NEEDS_A_SERVER =
  /weaviateUrl|serverUrl|configuredServer|noGraphqlUrl|WEAVIATE_URL|WEAVIATE_GRPC_URL|helpers\/(versions|fixtures|client|embedded-fixtures|runtimes)|cli\/fixtures|startEmbedded/

/** Folders whose specs are never unit specs, whatever they read: clusters, crashes, the packed tarball. */
const NEVER_UNIT = ['spec/slow', 'spec/package']

/**
 * The spec files under `root`/spec that match nothing of {@link NEEDS_A_SERVER}, outside
 * spec/slow and spec/package, relative to `root` with `/` separators, sorted.
 *
 * @example
 * ```ts
 * specsWithoutServer(ROOT) // ['spec/batch/batch-object.spec.ts', ...]
 * ```
 */
export const specsWithoutServer = (root: string): string[] => {
  const found: string[] = []
  const walk = (dir: string): void => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`
      if (entry.isDirectory()) {
        if (!NEVER_UNIT.includes(relative)) walk(relative)
      } else if (entry.isFile() && entry.name.endsWith('.spec.ts')) {
        if (!NEEDS_A_SERVER.test(readFileSync(path.join(root, relative), 'utf8'))) found.push(relative)
      }
    }
  }
  walk('spec')
  return found.sort()
}
