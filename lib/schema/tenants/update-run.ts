/**
 * The tenant update behind `update`, `activate`, `deactivate` and `offload`: `PUT
 * /v1/schema/<Class>/tenants`, in requests of at most the server's cap (`write-run.ts`).
 *
 * @packageDocumentation
 */
import { Tenant, TenantInput } from '../../codecs/class-definition'
import { CallOptions, OperationContext } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { statusFeatures } from './wire'
import { writeRun } from './write-run'

/** Sets the statuses of `tenants`; emits the tenants as the server stored them. */
export const updateRun = (
  ctx: OperationContext,
  operationName: string,
  cls: string,
  tenants: readonly TenantInput[],
  call: CallOptions,
): ObservableEither<WeaviateError, readonly Tenant[]> =>
  writeRun(ctx, operationName, 'PUT', cls, tenants, statusFeatures(tenants).includes('tenantActivity') ? statusFeatures(tenants) : ['tenants', 'tenantActivity'], call)
