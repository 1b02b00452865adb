/**
 * `tenants.update`: `PUT /v1/schema/<Class>/tenants` with the statuses given.
 *
 * @packageDocumentation
 */
import { Tenant, TenantInput } from '../../codecs/class-definition'
import { CallOptions, OperationContext, callInput } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { operation } from '../../core/operation'
import { className } from '../../input/names'
import { distinctNames, tenants as tenantsInput } from '../input'
import { updateRun } from './update-run'
import { TenantsInput } from './wire'

/** Changes the activity status of tenants. */
export const updateTenants =
  (ctx: OperationContext) =>
  (name: string, tenants: readonly TenantInput[], options?: CallOptions): ObservableEither<WeaviateError, readonly Tenant[]> =>
    operation(
      (): TenantsInput => ({
        className: className('className', name),
        tenants: distinctNames('tenants', tenantsInput('tenants', tenants), (tenant) => tenant.name),
        call: callInput('tenants.update', options),
      }),
      (input) => updateRun(ctx, 'tenants.update', input.className, input.tenants, input.call),
    )
