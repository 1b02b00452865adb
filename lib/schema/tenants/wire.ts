/**
 * What the tenant operations share: their checked inputs, the codec of a tenant list, the features
 * a list of tenants needs, and the status names a server of each version takes.
 *
 * @packageDocumentation
 */
import * as t from 'io-ts'
import { TenantActivityStatusInput, TenantCodec, TenantInput } from '../../codecs/class-definition'
import { Feature, ServerVersion, supports } from '../../server/version'
import type { ClassInput } from '../call-input'

/** The checked input of an operation on one tenant of a class. */
export interface TenantInputOf<T> extends ClassInput {
  readonly tenant: T
}

/** The checked input of an operation on tenants by name. */
export interface TenantNamesInput extends ClassInput {
  readonly names: readonly string[]
}

/** The checked input of create and update: the tenants with their statuses. */
export interface TenantsInput extends ClassInput {
  readonly tenants: readonly TenantInput[]
}

export const Tenants = t.readonlyArray(TenantCodec)

/** The features a write of `tenants` needs: tenants, and the statuses it sets. */
export const statusFeatures = (tenants: readonly TenantInput[]): readonly Feature[] => [
  'tenants',
  ...(tenants.some((tenant) => tenant.activityStatus !== undefined) ? (['tenantActivity'] as const) : []),
  ...(tenants.some((tenant) => tenant.activityStatus === 'OFFLOADED') ? (['tenantOffload'] as const) : []),
]

/** The status name a server of `version` accepts: the legacy names before 1.26. */
const wireStatus = (version: ServerVersion, status: TenantActivityStatusInput): string => {
  if (supports(version, 'tenantStatusNames')) return status
  switch (status) {
    case 'ACTIVE':
      return 'HOT'
    case 'INACTIVE':
      return 'COLD'
    case 'OFFLOADED':
      return 'FROZEN'
  }
}

/** The body of a tenant write for a server of `version`. */
export const wireTenants = (version: ServerVersion, tenants: readonly TenantInput[]): readonly Record<string, string>[] =>
  tenants.map((tenant) =>
    tenant.activityStatus === undefined ? { name: tenant.name } : { name: tenant.name, activityStatus: wireStatus(version, tenant.activityStatus) },
  )
