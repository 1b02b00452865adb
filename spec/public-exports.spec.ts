// The public export list lives in the entries (lib/index.ts, lib/paging/index.ts,
// lib/embedded.ts); the API reference's category table (typedoc-categories.json) names the same
// exports again, grouped. This spec holds the table to the entries, so neither can drift: every
// export of an entry is in exactly one category of that entry, and the table names nothing the
// entry does not export. No server is needed.
import path from 'node:path'
import categories from '../typedoc-categories.json'
import { entryExports } from './helpers/examples'

/** TypeDoc's module name of an entry file: its name, or its folder's for an `index.ts`. */
const moduleName = (file: string): string => {
  const base = path.basename(file, '.ts')
  return base === 'index' && path.dirname(file) !== 'lib' ? path.basename(path.dirname(file)) : base
}

const table: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = categories

const entries = entryExports()

describe('the category table of the API reference (typedoc-categories.json)', () => {
  it('has one table per public entry and no other', () => {
    expect(Object.keys(table).sort()).toEqual(entries.map(([, file]) => moduleName(file)).sort())
  })

  it.each(entries.map(([module, file, names]) => [module, file, names] as const))(
    'names every export of %s (%s) in exactly one category, and nothing else',
    (_module, file, names) => {
      const listed = Object.values(table[moduleName(file)] ?? {}).flat()
      const twice = listed.filter((name, i) => listed.indexOf(name) !== i)
      expect({ missing: names.filter((name) => !listed.includes(name)).sort(), notExported: listed.filter((name) => !names.includes(name)).sort(), twice }).toEqual({
        missing: [],
        notExported: [],
        twice: [],
      })
    },
  )
})
