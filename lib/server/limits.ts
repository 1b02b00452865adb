/**
 * How many tenants one request may carry, by operation and server version: the caps the server
 * enforces with a 422, each with the server source it was read from. The tenant operations split
 * a longer list into requests of at most the cap.
 *
 * @packageDocumentation
 */
import { ServerVersion, compareVersions, parseVersion } from './version'

/** The tenant requests whose list of tenants the server may cap. */
export type TenantRequestKind = 'create' | 'update' | 'delete'

/** One cap: at most `max` tenants a request on the versions from `since` up to (not including) `until`. */
interface TenantCap {
  readonly max: number
  readonly since: string
  readonly until?: string
}

/**
 * The caps, per request kind. Read from `usecases/schema/tenant.go` at each tag, where
 * `validateTenants` refuses more than 100 tenants with `ErrMsgMaxAllowedTenants` ("maximum number of
 * tenants allowed to be updated simultaneously is 100"):
 * - update (`PUT /schema/{c}/tenants`, activity status): 100 from v1.26.0 through v1.39.0
 *   (`UpdateTenants` calls `validateTenants(tenants, false)`); no cap at v1.25.x and before.
 * - create (`POST /schema/{c}/tenants`): 100 at v1.26.0 only (`AddTenants` calls the same check);
 *   v1.26.1 and every later tag pass `allowOverHundred = true` (commit 2558b5784a, "allow over 100
 *   on tenants creation").
 * - delete (`DELETE /schema/{c}/tenants`): no cap at any tag (`DeleteTenants` checks only for
 *   empty names).
 *
 * The list is not capped or paged at any tag: `GET /schema/{c}/tenants` takes no `limit` or `after`
 * (openapi-specs/schema.json, `tenants.get` at v1.39.0) and gRPC `TenantsGetRequest` only a list of
 * names (grpc/proto/v1/tenants.proto at v1.39.0), so a list is one request.
 */
export const TENANT_CAPS: Readonly<Record<TenantRequestKind, readonly TenantCap[]>> = {
  create: [{ max: 100, since: '1.26.0', until: '1.26.1' }],
  update: [{ max: 100, since: '1.26.0' }],
  delete: [],
}

/** A version string of the table, parsed; the table holds only valid ones. */
const parsed = (raw: string): ServerVersion => parseVersion(raw) ?? { raw, major: 0, minor: 0, patch: 0 }

/**
 * The most tenants one `kind` request may carry on a server of `version`; `undefined` when the
 * server takes any number.
 */
export const tenantsPerRequest = (version: ServerVersion, kind: TenantRequestKind): number | undefined =>
  TENANT_CAPS[kind].find(
    (cap) => compareVersions(version, parsed(cap.since)) >= 0 && (cap.until === undefined || compareVersions(version, parsed(cap.until)) < 0),
  )?.max
