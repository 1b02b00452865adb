/**
 * The server environment of an embedded server's `modules` and `backupPath` options (Weaviate's
 * `ENABLE_MODULES`, comma-separated, and `BACKUP_FILESYSTEM_PATH` with the `backup-filesystem`
 * module).
 *
 * @packageDocumentation
 */
import * as path from 'node:path'
import { EmbeddedError } from '../errors'
import type { ServerOptions } from '../options'

const MODULE_NAME = /^[a-z0-9][a-z0-9-]*$/

const invalid = (detail: string): never => {
  throw new EmbeddedError({ reason: 'InvalidOptions', detail })
}

const modulesEnv = (options: ServerOptions): Record<string, string> => {
  const { modules, backupPath, env } = options
  if (modules !== undefined) {
    if (!Array.isArray(modules)) invalid(`modules must be an array of module names, got ${typeof modules}`)
    modules.forEach((name, i) => {
      if (typeof name !== 'string' || !MODULE_NAME.test(name)) invalid(`modules[${i}] must be a module name such as 'backup-filesystem', got ${JSON.stringify(name)}`)
    })
  }
  if (backupPath !== undefined && (typeof backupPath !== 'string' || !path.isAbsolute(backupPath))) {
    invalid(`backupPath must be an absolute directory path, got ${JSON.stringify(backupPath)}`)
  }
  if (modules !== undefined && env?.['ENABLE_MODULES'] !== undefined) invalid('give the modules either as modules or as env.ENABLE_MODULES, not both')
  if (backupPath !== undefined && env?.['BACKUP_FILESYSTEM_PATH'] !== undefined) invalid('give the backup folder either as backupPath or as env.BACKUP_FILESYSTEM_PATH, not both')
  const enabled = [...(modules ?? [])]
  if (backupPath !== undefined && !enabled.includes('backup-filesystem')) {
    const fromEnv = env?.['ENABLE_MODULES']
    if (fromEnv !== undefined && !fromEnv.split(',').map((m) => m.trim()).includes('backup-filesystem')) {
      invalid("backupPath needs the 'backup-filesystem' module, which env.ENABLE_MODULES leaves out")
    }
    if (fromEnv === undefined) enabled.push('backup-filesystem')
  }
  return {
    ...(enabled.length === 0 ? {} : { ENABLE_MODULES: enabled.join(',') }),
    ...(backupPath === undefined ? {} : { BACKUP_FILESYSTEM_PATH: backupPath }),
  }
}

/**
 * The options with `modules` and `backupPath` turned into `env` (checked first: module names,
 * an absolute backup folder, not given twice); the options as given without them.
 */
export const withModulesEnv = <O extends ServerOptions>(options: O): O =>
  options.modules === undefined && options.backupPath === undefined ? options : { ...options, env: { ...options.env, ...modulesEnv(options) } }
