/**
 * The tenant write behind `create` and the status updates: `POST` or `PUT
 * /v1/schema/<Class>/tenants` in requests of at most the server's cap (`server/limits.ts`), sent
 * one after another and answered as one result (`chunks.ts`).
 *
 * @packageDocumentation
 */
import { of } from 'rxjs'
import { Tenant, TenantInput } from '../../codecs/class-definition'
import { decode } from '../../codecs/decode'
import { CallOptions, OperationContext, withVersion } from '../../context/context'
import { missingFeature } from '../../context/when-supported'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { tenantsPerRequest } from '../../server/limits'
import { schemaPath } from '../../server/routes'
import { Feature } from '../../server/version'
import { chunksOf, sendInChunks } from './chunks'
import { Tenants, wireTenants } from './wire'

/** Creates (`POST`) or updates (`PUT`) `tenants`; emits the tenants as the server answered each request. */
export const writeRun = (
  ctx: OperationContext,
  operationName: string,
  method: 'POST' | 'PUT',
  cls: string,
  tenants: readonly TenantInput[],
  features: readonly Feature[],
  call: CallOptions,
): ObservableEither<WeaviateError, readonly Tenant[]> =>
  withVersion(ctx, call, (version) => {
    const refused = missingFeature(version, features)
    if (refused !== undefined) return of(refused)
    const chunks = chunksOf(tenants, tenantsPerRequest(version, method === 'POST' ? 'create' : 'update'))
    return sendInChunks({ operation: operationName, className: cls, nameOf: (tenant: TenantInput) => tenant.name }, chunks, (chunk) =>
      ctx.http.run({ method, path: schemaPath(cls, 'tenants'), body: wireTenants(version, chunk), expect: [200], ...call }, (res) =>
        decode(Tenants, res.body, res),
      ),
    )
  })
