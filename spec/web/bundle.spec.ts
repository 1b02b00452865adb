/**
 * The web build (lib/web.ts) as a user's bundler sees it: `weaviate-rx` resolved through the
 * package's `exports` under the browser's and workerd's conditions, bundled with esbuild for each
 * platform from a small page that connects, searches and streams. esbuild refuses a `node:`
 * import when it bundles for the browser; the spec also fails on any module of undici or grpc-js
 * in the bundle, and on any module that reads `Buffer` or `process` without asking whether it is
 * there. It reports the page's size, minified and gzipped (docs/decisions, the web build record).
 */
import * as esbuild from 'esbuild'
import { promises as fs } from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { gzipSync } from 'node:zlib'
import packageJson from '../../package.json'

const ROOT = path.resolve(__dirname, '..', '..')

/** The page: what a user's first screen does. */
const PAGE = `
import { connect } from 'weaviate-rx'
const client = connect({ url: location.origin })
client.query.nearVector({ className: 'Article', vector: [0.1, 0.2], limit: 10, returnProperties: ['title'] }).subscribe((r) => console.log(r))
client.objects.stream({ className: 'Article' }).subscribe((o) => console.log(o))
`

/** What the web build's page may weigh, gzipped: its size with a little room, so growth is a decision (docs/decisions/0017-web-build.md; the aim is 60 KB). */
const GZIP_BUDGET = 160 * 1024

/** A module no web bundle may hold. */
const NODE_ONLY = /(^|\/)node_modules\/(undici|@grpc\/grpc-js)\/|^node:/

type Exports = string | { readonly [condition: string]: Exports }

/** The file `exports['.']` gives under `conditions`, as a resolver picks it: the first matching key, in order. */
const exportFor = (entry: Exports, conditions: readonly string[]): string | undefined => {
  if (typeof entry === 'string') return entry
  for (const [condition, target] of Object.entries(entry)) {
    if (condition === 'default' || conditions.includes(condition)) {
      const found = exportFor(target, conditions)
      if (found !== undefined) return found
    }
  }
  return undefined
}

const rootExport = (packageJson as unknown as { exports: Record<string, Exports> }).exports['.'] ?? {}

/**
 * Resolves `weaviate-rx` through the package's `exports` under the build's conditions, to the
 * TypeScript source of the file it names (dist/web.js is lib/web.ts), so no build is needed.
 */
const thisPackage = (conditions: readonly string[]): esbuild.Plugin => ({
  name: 'weaviate-rx-exports',
  setup(build) {
    build.onResolve({ filter: /^weaviate-rx$/ }, () => {
      const target = exportFor(rootExport, conditions)
      if (target === undefined) return { errors: [{ text: `no export of weaviate-rx under ${conditions.join(', ')}` }] }
      return { path: path.join(ROOT, target.replace(/^\.\/dist\//, 'lib/').replace(/\.js$/, '.ts')) }
    })
  },
})

interface Bundled {
  readonly minified: number
  readonly gzipped: number
  readonly inputs: readonly string[]
  readonly text: string
}

let scratch = ''

beforeAll(async () => {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'weaviate-rx-web-bundle-'))
})

afterAll(async () => {
  await fs.rm(scratch, { recursive: true, force: true })
})

/** The page bundled for `platform` under `conditions`, split as a bundler splits it (openid-client's dynamic import is a chunk of its own). */
const bundle = async (platform: esbuild.Platform, conditions: readonly string[]): Promise<Bundled> => {
  const result = await esbuild.build({
    stdin: { contents: PAGE, resolveDir: ROOT, loader: 'ts', sourcefile: 'page.ts' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform,
    conditions: [...conditions],
    mainFields: ['browser', 'module', 'main'],
    minify: true,
    write: false,
    metafile: true,
    outdir: path.join(scratch, platform),
    logLevel: 'silent',
    plugins: [thisPackage(platform === 'browser' ? ['browser', ...conditions] : conditions)],
  })
  const page = Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint !== undefined)
  const file = result.outputFiles.find((out) => page !== undefined && out.path.endsWith(path.basename(page[0])))
  if (page === undefined || file === undefined) throw new Error('esbuild wrote no page')
  return {
    minified: file.contents.length,
    gzipped: gzipSync(file.contents).length,
    inputs: Object.keys(result.metafile.inputs),
    text: result.outputFiles.map((out) => out.text).join('\n'),
  }
}

describe('the web build, bundled as a user would', () => {
  it("selects dist/web.js for the browser, workerd, edge-light and worker conditions, and Node's build without them", () => {
    const picked = [['browser'], ['workerd', 'worker', 'browser'], ['edge-light'], ['worker'], ['node', 'require'], ['deno', 'node', 'import'], ['bun', 'node', 'import']].map((c) => exportFor(rootExport, c))
    expect(picked).toEqual(['./dist/web.js', './dist/web.js', './dist/web.js', './dist/web.js', './dist/index.js', './dist/index.js', './dist/index.js'])
  })

  it.each([
    ['the browser', 'browser', []],
    ['workerd', 'neutral', ['workerd', 'worker', 'browser']],
  ] as const)('bundles for %s with no module of undici, grpc-js or node:', async (_name, platform, conditions) => {
    const bundled = await bundle(platform, conditions)
    expect(bundled.inputs.filter((input) => NODE_ONLY.test(input))).toEqual([])
    expect(bundled.inputs).toContain('lib/web.ts')
  })

  it('fails when a module of the graph imports a Node built-in', async () => {
    const page = `import { connect } from 'weaviate-rx'\nimport { readFileSync } from 'node:fs'\nconsole.log(connect, readFileSync)`
    await expect(
      esbuild.build({ stdin: { contents: page, resolveDir: ROOT, loader: 'ts' }, bundle: true, platform: 'browser', write: false, logLevel: 'silent', plugins: [thisPackage(['browser'])] }),
    ).rejects.toThrow(/node:fs/)
  })

  it("reads Node's globals (Buffer, process, setImmediate, require, __dirname) only after asking whether they are there", async () => {
    const { text } = await bundle('browser', [])
    // A free name (not a property, not part of a word) is guarded when a `typeof` of a Node global
    // or a read on `globalThis` comes just before it; minified code keeps the guard beside the use.
    const free = [...text.matchAll(/(?<![\w$.])(Buffer|process|setImmediate|clearImmediate|require|__dirname|__filename)(?![\w$])/g)]
    const around = free.map((m) => text.slice(Math.max(0, (m.index ?? 0) - 80), (m.index ?? 0) + 30))
    expect(around.filter((near) => !/typeof (Buffer|process|setImmediate)|globalThis\./.test(near))).toEqual([])
  })

  it('keeps the page that connects, searches and streams within its size budget', async () => {
    const { minified, gzipped } = await bundle('browser', [])
    process.stdout.write(`web build page: ${(minified / 1024).toFixed(1)} KB minified, ${(gzipped / 1024).toFixed(1)} KB gzipped\n`)
    expect(gzipped).toBeLessThan(GZIP_BUDGET)
  })
})
