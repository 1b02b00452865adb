/**
 * Files that survive a power loss, not only a crash of the process. A `rename` replaces a file
 * atomically for every other process at once, but the kernel may keep the new content, and the
 * rename itself, in its cache for a while: after a power loss the disk can hold the new name with
 * an empty or half-written file behind it, or the old name still. So a replacement is written, its
 * content flushed (`fsync` through the file handle's `sync()`), renamed, and then the directory
 * flushed, which is what puts the rename on disk (fsync(2): "fsync() on the file does not
 * necessarily ensure that the entry in the directory containing the file has also reached disk").
 *
 * @packageDocumentation
 */
import { promises as fs } from 'node:fs'
import * as path from 'node:path'

/**
 * The part of an open file a durable write uses (`FileHandle` has it).
 */
export interface DurableHandle {
  writeFile(data: string): Promise<void>
  sync(): Promise<void>
  close(): Promise<void>
}

/**
 * The file operations a durable write uses: node's by default; a spec passes its own to see the
 * order of the calls (a spec cannot cut the power).
 */
export interface DurableFs {
  open(file: string, flags: string): Promise<DurableHandle>
  rename(from: string, to: string): Promise<void>
}

/**
 * Node's file operations.
 */
export const NODE_FS: DurableFs = {
  open: (file, flags) => fs.open(file, flags),
  rename: (from, to) => fs.rename(from, to),
}

/**
 * The errors of a platform that cannot open or flush a directory: Windows refuses to open one
 * (`EISDIR`) or to flush it (`EPERM`), and some file systems answer a directory's `fsync` with
 * `EINVAL` ("fd is bound to a special file which does not support synchronization", fsync(2)).
 * There the rename is as durable as the platform makes it; any other error is a real failure.
 */
const REFUSED = new Set(['EISDIR', 'EPERM', 'EINVAL'])

const refused = (e: unknown): boolean => {
  const code = typeof e === 'object' && e !== null && 'code' in e ? e.code : undefined
  return typeof code === 'string' && REFUSED.has(code)
}

/**
 * Flushes a directory, so that the names created or renamed in it are on disk; a platform that
 * refuses to open or flush a directory is not an error (see `REFUSED` above).
 */
export const syncDirectory = async (dir: string, ops: DurableFs = NODE_FS): Promise<void> => {
  let handle: DurableHandle
  try {
    handle = await ops.open(dir, 'r')
  } catch (e) {
    if (refused(e)) return
    throw e
  }
  try {
    await handle.sync()
  } catch (e) {
    if (!refused(e)) throw e
  } finally {
    await handle.close()
  }
}

/**
 * Replaces `file` with `text` so that after a crash or a power loss it holds either its previous
 * content or `text`: writes `temp` (in the same directory), flushes it, renames it over `file`,
 * then flushes the directory.
 */
export const replaceDurably = async (file: string, text: string, temp: string, ops: DurableFs = NODE_FS): Promise<void> => {
  const handle = await ops.open(temp, 'w')
  try {
    await handle.writeFile(text)
    await handle.sync()
  } finally {
    await handle.close()
  }
  await ops.rename(temp, file)
  await syncDirectory(path.dirname(file), ops)
}
