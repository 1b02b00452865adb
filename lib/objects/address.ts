/**
 * The path of one object for the connected server version, with the deprecation warnings of the
 * reads and deletes (writes always carry a class and do not warn).
 *
 * @packageDocumentation
 */
import { OperationContext } from '../context'
import { objectPath } from '../paths'
import { ServerVersion, supportsClassNamespaces } from '../version'

/**
 * `/objects/<Class>/<uuid>` from 1.14 with a class, else `/objects/<uuid>`.
 *
 * @example
 * ```ts
 * addressOf(ctx, version, 'Article', id, { warn: true })
 * ```
 */
export const addressOf = (
  ctx: OperationContext,
  version: ServerVersion,
  className: string | undefined,
  uuid: string,
  options: { readonly warn: boolean },
): string => {
  const namespaced = supportsClassNamespaces(version)
  if (options.warn && namespaced && className === undefined) ctx.deprecations.warn('object-class-missing')
  if (options.warn && !namespaced && className !== undefined) ctx.deprecations.warn('object-class-unsupported')
  return objectPath(namespaced, className, uuid)
}
