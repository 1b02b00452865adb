/**
 * `tenants.create`: `POST /v1/schema/<Class>/tenants`.
 *
 * @packageDocumentation
 */
import { Tenant, TenantInput } from '../../codecs/class-definition'
import { decode } from '../../codecs/decode'
import { CallOptions, OperationContext, callInput } from '../../context/context'
import { whenSupported } from '../../context/when-supported'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { operation } from '../../core/operation'
import { className } from '../../input/names'
import { schemaPath } from '../../server/routes'
import { tenants as tenantsInput } from '../input'
import { Tenants, TenantsInput, statusFeatures, wireTenants } from './wire'

/** Adds tenants; emits them as the server stored them. */
export const createTenants =
  (ctx: OperationContext) =>
  (name: string, tenants: ReadonlyArray<string | TenantInput>, options?: CallOptions): ObservableEither<WeaviateError, readonly Tenant[]> =>
    operation(
      (): TenantsInput => ({
        className: className('className', name),
        tenants: tenantsInput('tenants', tenants),
        call: callInput('tenants.create', options),
      }),
      (input) =>
        whenSupported(
          ctx,
          statusFeatures(input.tenants),
          input.call,
          (version) => ({ method: 'POST', path: schemaPath(input.className, 'tenants'), body: wireTenants(version, input.tenants), expect: [200] }),
          (res) => decode(Tenants, res.body, res),
        ),
    )
