// `npm run lint`'s folder check: reads dependency-cruiser's JSON (stdin) and counts the pairs of
// folders of lib/ that import each other, type-only imports included. Two kinds of pair count: two
// top-level folders (lib/query and lib/objects), and two sibling folders at any depth
// (lib/query/grpc and lib/query/graphql). A folder and its own subfolders are one unit (an
// index.ts uses its parts, and the parts share their parent's files), so they may import each
// other. Prints each pair with the imports behind it, and exits 1 when there is one.
import { readFileSync } from 'node:fs'

const result = JSON.parse(readFileSync(0, 'utf8'))
const folderOf = (file) => file.split('/').slice(0, -1)

/** The two folders under which a and b part ways, when that is a pair that counts; else undefined. */
const pairOf = (a, b) => {
  const fa = folderOf(a)
  const fb = folderOf(b)
  let i = 0
  while (i < fa.length && i < fb.length && fa[i] === fb[i]) i++
  // One folder holds the other (or they are one folder): a unit, not a pair.
  if (i === fa.length || i === fb.length) return undefined
  return [fa.slice(0, i + 1).join('/'), fb.slice(0, i + 1).join('/')]
}

const edges = new Map()
for (const module of result.modules) {
  if (!module.source.startsWith('lib/')) continue
  for (const dependency of module.dependencies) {
    if (!dependency.resolved.startsWith('lib/')) continue
    const pair = pairOf(module.source, dependency.resolved)
    if (pair === undefined) continue
    const key = pair.join(' -> ')
    if (!edges.has(key)) edges.set(key, [])
    edges.get(key).push(`${module.source} -> ${dependency.resolved}`)
  }
}

const twoWay = [...edges.keys()]
  .map((key) => key.split(' -> '))
  .filter(([a, b]) => a < b && edges.has(`${b} -> ${a}`))
for (const [a, b] of twoWay) {
  console.error(`${a} <-> ${b}`)
  for (const line of [...edges.get(`${a} -> ${b}`), ...edges.get(`${b} -> ${a}`)]) console.error(`    ${line}`)
}
console.log(`folder-pairs: ${twoWay.length} pairs of folders import each other (${edges.size} one-way folder dependencies)`)
process.exit(twoWay.length === 0 ? 0 : 1)
