/**
 * The one place that turns class names, UUIDs and property names into paths and beacons, per
 * server version. Every segment is percent-encoded, so no input can reach another endpoint.
 *
 * @packageDocumentation
 */

const segment = encodeURIComponent

/**
 * `/objects/<Class>/<uuid>` when the class is known and namespaces are supported, else
 * `/objects/<uuid>`. The class name must already be upper-cased.
 *
 * @example
 * ```ts
 * objectPath(true, 'Article', id) // '/objects/Article/<id>'
 * ```
 */
export const objectPath = (namespaced: boolean, className: string | undefined, uuid: string): string =>
  namespaced && className !== undefined
    ? `/objects/${segment(className)}/${segment(uuid)}`
    : `/objects/${segment(uuid)}`

/**
 * The references path of a property: `/objects/[<Class>/]<uuid>/references/<property>`.
 *
 * @example
 * ```ts
 * referencePath(true, 'Article', id, 'writtenBy') // '/objects/Article/<id>/references/writtenBy'
 * ```
 */
export const referencePath = (
  namespaced: boolean,
  className: string | undefined,
  uuid: string,
  property: string,
): string => `${objectPath(namespaced, className, uuid)}/references/${segment(property)}`

/**
 * A beacon: `weaviate://localhost/<Class>/<uuid>` when the class is known and supported, else
 * `weaviate://localhost/<uuid>`.
 *
 * @example
 * ```ts
 * beacon(true, 'Author', id) // 'weaviate://localhost/Author/<id>'
 * ```
 */
export const beacon = (namespaced: boolean, className: string | undefined, uuid: string): string =>
  namespaced && className !== undefined
    ? `weaviate://localhost/${className}/${uuid}`
    : `weaviate://localhost/${uuid}`

/**
 * The schema paths: `/schema`, `/schema/<Class>`, `/schema/<Class>/properties`,
 * `/schema/<Class>/tenants` (the same on every server version).
 *
 * @example
 * ```ts
 * schemaPath('Article', 'tenants') // '/schema/Article/tenants'
 * ```
 */
export const schemaPath = (className?: string, sub?: 'properties' | 'tenants'): string =>
  className === undefined ? '/schema' : `/schema/${segment(className)}${sub === undefined ? '' : `/${sub}`}`
