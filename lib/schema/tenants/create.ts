/**
 * `tenants.create`: `POST /v1/schema/<Class>/tenants`.
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
import { TenantsInput, statusFeatures } from './wire'
import { writeRun } from './write-run'

/**
 * Adds tenants; emits them as the server stored them. On 1.26.0, which takes at most 100 a request,
 * in requests of 100, as `update` does.
 */
export const createTenants =
  (ctx: OperationContext) =>
  (name: string, tenants: ReadonlyArray<string | TenantInput>, options?: CallOptions): ObservableEither<WeaviateError, readonly Tenant[]> =>
    operation(
      (): TenantsInput => ({
        className: className('className', name),
        tenants: distinctNames('tenants', tenantsInput('tenants', tenants), (tenant) => tenant.name),
        call: callInput('tenants.create', options),
      }),
      (input) => writeRun(ctx, 'tenants.create', 'POST', input.className, input.tenants, statusFeatures(input.tenants), input.call),
    )
