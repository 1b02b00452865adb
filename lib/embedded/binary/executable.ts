/**
 * Questions about executables on disk: is this file an executable, and which file on a PATH
 * string is the first executable of that name.
 *
 * @packageDocumentation
 */
import { constants, promises as fs } from 'node:fs'
import * as path from 'node:path'

/**
 * Why a path is not a usable executable, or `undefined` when it is one.
 */
export const executableProblem = async (file: string): Promise<string | undefined> => {
  let stat
  try {
    stat = await fs.stat(file)
  } catch {
    return 'does not exist'
  }
  if (!stat.isFile()) return 'is not a file'
  try {
    await fs.access(file, constants.X_OK)
    return undefined
  } catch {
    return 'is not executable (chmod +x it)'
  }
}

/**
 * The first executable named `name` in the directories of `searchPath` (PATH syntax).
 */
export const findOnPath = async (name: string, searchPath: string): Promise<string | undefined> => {
  for (const dir of searchPath.split(path.delimiter)) {
    if (dir === '') continue
    const candidate = path.join(dir, name)
    if ((await executableProblem(candidate)) === undefined) return candidate
  }
  return undefined
}
