/**
 * `tenants.get`: `GET /v1/schema/<Class>/tenants/<tenant>` (1.28+), the list filtered on older
 * servers.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { Tenant, TenantCodec } from '../../codecs/class-definition'
import { decode } from '../../codecs/decode'
import { CallOptions, OperationContext, callInput, withVersion } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither, map } from '../../core/observable-either'
import { operation } from '../../core/operation'
import { className } from '../../input/names'
import { tenantPath } from '../../server/routes'
import { supports } from '../../server/version'
import { tenantName } from '../input'
import { listRun } from './list-run'
import { TenantInputOf } from './wire'

/** One tenant, or `null` when the class has no tenant of that name. */
export const getTenant =
  (ctx: OperationContext) =>
  (name: string, tenant: string, options?: CallOptions): ObservableEither<WeaviateError, Tenant | null> =>
    operation(
      (): TenantInputOf<string> => ({ className: className('className', name), tenant: tenantName('name', tenant), call: callInput('tenants.get', options) }),
      (input) =>
        withVersion(ctx, input.call, (version) =>
          supports(version, 'tenantGet')
            ? ctx.http.run({ method: 'GET', path: tenantPath(input.className, input.tenant), expect: [200, 404], ...input.call }, (res) =>
                res.status === 404 ? E.right(null) : decode(TenantCodec, res.body, res),
              )
            : listRun(ctx, input.className, [input.tenant], input.call).pipe(map((found) => found.find((t) => t.name === input.tenant) ?? null)),
        ),
    )
