/**
 * `client.tenants`: `GET|POST|PUT|DELETE /v1/schema/<Class>/tenants` and
 * `GET|HEAD /v1/schema/<Class>/tenants/<tenant>`. Multi-tenancy exists from Weaviate 1.20 and tenant
 * activity status from 1.21; on older servers each operation is an `UnsupportedVersionError`
 * before any tenant request is sent. Every status read is a {@link TenantActivityStatus}: the
 * legacy names the server stores (`HOT`, `COLD`, `FROZEN`, ...) read as the new ones.
 *
 * @packageDocumentation
 */
import { Tenant, TenantInput } from '../../codecs/class-definition'
import { CallOptions, OperationContext } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { createTenants } from './create'
import { deleteTenants } from './delete'
import { tenantExists } from './exists'
import { getTenant } from './get'
import { getTenantsByNames } from './get-by-names'
import { listTenants } from './list'
import { activateTenants, deactivateTenants, offloadTenants } from './set-status'
import { updateTenants } from './update'

/**
 * The tenant operations of a client. Statuses read as {@link TenantActivityStatus} (`HOT` reads as
 * `ACTIVE`, `COLD` as `INACTIVE`, `FROZEN` as `OFFLOADED`); statuses set are
 * {@link TenantActivityStatusInput}, anything else an `ArgumentValueError` with nothing sent.
 *
 * @example
 * ```ts
 * client.tenants.create('Article', ['tenantA', { name: 'tenantB', activityStatus: 'INACTIVE' }])
 * client.tenants.activate('Article', ['tenantB'])
 * ```
 */
export interface TenantsApi {
  /** The tenants of a multi-tenant class, in one request: no server version pages the list. */
  readonly list: (className: string, options?: CallOptions) => ObservableEither<WeaviateError, readonly Tenant[]>
  /**
   * One tenant, or `null` when the class has no tenant of that name. `GET /tenants/<name>` on
   * 1.28+, the list filtered on older servers (1.20+).
   */
  readonly get: (className: string, name: string, options?: CallOptions) => ObservableEither<WeaviateError, Tenant | null>
  /** The tenants of these names that exist (those missing are left out), from the list (1.20+). */
  readonly getByNames: (className: string, names: readonly string[], options?: CallOptions) => ObservableEither<WeaviateError, readonly Tenant[]>
  /** Whether the class has a tenant of this name: `HEAD /tenants/<name>` on 1.25+, the list on older servers (1.20+). */
  readonly exists: (className: string, name: string, options?: CallOptions) => ObservableEither<WeaviateError, boolean>
  /**
   * Adds tenants (names, or `{ name, activityStatus }` from 1.21); emits them as the server stored
   * them. Any number in one request, but on 1.26.0, which takes at most 100: there in requests of
   * 100, as `update` does. A name given twice is an `ArgumentValueError`.
   */
  readonly create: (
    className: string,
    tenants: ReadonlyArray<string | TenantInput>,
    options?: CallOptions,
  ) => ObservableEither<WeaviateError, readonly Tenant[]>
  /**
   * Changes the activity status of tenants (1.21+; `OFFLOADED` 1.26+ with the `offload-s3` module).
   * The server takes at most 100 tenants a request from 1.26 on, so a longer list is sent as
   * requests of 100, one after another, and answered as one: the tenants of every request. A
   * failed request ends the operation; when there are several, the Left is a `TenantsPartialError`
   * naming the tenants `applied`, `failed` and `notSent`. A name the class does not have fails its
   * request (422) after the server changed the other tenants of that request. A name given twice
   * is an `ArgumentValueError`.
   */
  readonly update: (className: string, tenants: readonly TenantInput[], options?: CallOptions) => ObservableEither<WeaviateError, readonly Tenant[]>
  /** `update` with `ACTIVE` for each name (1.21+), in requests of at most 100 like `update`. */
  readonly activate: (className: string, names: readonly string[], options?: CallOptions) => ObservableEither<WeaviateError, readonly Tenant[]>
  /** `update` with `INACTIVE` for each name (1.21+), in requests of at most 100 like `update`. */
  readonly deactivate: (className: string, names: readonly string[], options?: CallOptions) => ObservableEither<WeaviateError, readonly Tenant[]>
  /**
   * `update` with `OFFLOADED` for each name: 1.26+, and the server must have the `offload-s3`
   * module enabled, or it refuses ("can't offload tenants, because offload-s3 module is not enabled").
   * In requests of at most 100 like `update`.
   */
  readonly offload: (className: string, names: readonly string[], options?: CallOptions) => ObservableEither<WeaviateError, readonly Tenant[]>
  /**
   * Removes tenants with all their objects; names that do not exist are ignored by the server. One
   * request whatever the number: no server version caps it.
   */
  readonly delete: (className: string, names: readonly string[], options?: CallOptions) => ObservableEither<WeaviateError, void>
}

/**
 * Binds the tenant operations to a client context.
 */
export const tenantsApi = (ctx: OperationContext): TenantsApi => ({
  list: listTenants(ctx),
  get: getTenant(ctx),
  getByNames: getTenantsByNames(ctx),
  exists: tenantExists(ctx),
  create: createTenants(ctx),
  update: updateTenants(ctx),
  activate: activateTenants(ctx),
  deactivate: deactivateTenants(ctx),
  offload: offloadTenants(ctx),
  delete: deleteTenants(ctx),
})
