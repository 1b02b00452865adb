/**
 * `tenants.activate`, `tenants.deactivate` and `tenants.offload`: `update` with one status for
 * each name.
 *
 * @packageDocumentation
 */
import { Tenant, TenantActivityStatusInput, TenantInput } from '../../codecs/class-definition'
import { CallOptions, OperationContext, callInput } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { operation } from '../../core/operation'
import { className } from '../../input/names'
import { distinctNames, tenantNames } from '../input'
import { updateRun } from './update-run'
import { TenantsInput } from './wire'

/** Sets `status` on the tenants of these names; `operationName` names the operation in errors. */
const setStatus =
  (operationName: string, status: TenantActivityStatusInput) =>
  (ctx: OperationContext) =>
  (name: string, names: readonly string[], options?: CallOptions): ObservableEither<WeaviateError, readonly Tenant[]> =>
    operation(
      (): TenantsInput => ({
        className: className('className', name),
        tenants: distinctNames('names', tenantNames('names', names), (n) => n).map((n): TenantInput => ({ name: n, activityStatus: status })),
        call: callInput(operationName, options),
      }),
      (input) => updateRun(ctx, operationName, input.className, input.tenants, input.call),
    )

/** `tenants.activate`. */
export const activateTenants = setStatus('tenants.activate', 'ACTIVE')

/** `tenants.deactivate`. */
export const deactivateTenants = setStatus('tenants.deactivate', 'INACTIVE')

/** `tenants.offload`. */
export const offloadTenants = setStatus('tenants.offload', 'OFFLOADED')
