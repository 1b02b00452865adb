/**
 * The id of an input line that has none: a v5 UUID (the library's `uuidFromKey`) of the input
 * file's identity and the line number. The same line of the same file always gets the same id, so
 * a line sent again (a resumed run, a re-run of the whole file) overwrites its object instead of
 * writing a second one.
 *
 * The identity is the SHA-256 of the file's first 64 KiB and its size: it survives a rename or a
 * copy of the file, and changes when the file is rewritten with other content.
 *
 * @packageDocumentation
 */
import { createHash } from 'node:crypto'
import { promises as fs } from 'node:fs'
import { uuidFromKey } from '../../index'

/** The namespace of every file identity (a fixed random UUID of weaviate-rx import). */
const IMPORT_NAMESPACE = '0f0a9a54-3c2e-4d55-9a43-8b5e5b8f1c6e'

const HEAD_BYTES = 64 * 1024

/**
 * The identity of a file: `sha256:<hex of its first 64 KiB>:<size>`.
 *
 * @example
 * ```ts
 * const identity = await fileIdentity('articles.ndjson')
 * ```
 */
export const fileIdentity = async (file: string): Promise<string> => {
  const handle = await fs.open(file, 'r')
  try {
    const { size } = await handle.stat()
    const head = Buffer.alloc(Math.min(size, HEAD_BYTES))
    await handle.read(head, 0, head.length, 0)
    return `sha256:${createHash('sha256').update(head).digest('hex')}:${size}`
  } finally {
    await handle.close()
  }
}

/**
 * The ids of the lines of one file.
 *
 * @example
 * ```ts
 * const idOf = lineIds(await fileIdentity('articles.ndjson'))
 * idOf(12) === idOf(12) // true
 * ```
 */
export const lineIds = (identity: string): ((line: number) => string) => {
  const namespace = uuidFromKey(IMPORT_NAMESPACE, identity)
  return (line) => uuidFromKey(namespace, `line ${line}`)
}
