/**
 * The tenant update behind `update`, `activate`, `deactivate` and `offload`: `PUT
 * /v1/schema/<Class>/tenants`.
 *
 * @packageDocumentation
 */
import { Tenant, TenantInput } from '../../codecs/class-definition'
import { decode } from '../../codecs/decode'
import { CallOptions, OperationContext } from '../../context/context'
import { whenSupported } from '../../context/when-supported'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { schemaPath } from '../../server/routes'
import { Tenants, statusFeatures, wireTenants } from './wire'

/** Sets the statuses of `tenants`; emits the tenants as the server stored them. */
export const updateRun = (ctx: OperationContext, cls: string, tenants: readonly TenantInput[], call: CallOptions): ObservableEither<WeaviateError, readonly Tenant[]> =>
  whenSupported(
    ctx,
    statusFeatures(tenants).includes('tenantActivity') ? statusFeatures(tenants) : ['tenants', 'tenantActivity'],
    call,
    (version) => ({ method: 'PUT', path: schemaPath(cls, 'tenants'), body: wireTenants(version, tenants), expect: [200] }),
    (res) => decode(Tenants, res.body, res),
  )
