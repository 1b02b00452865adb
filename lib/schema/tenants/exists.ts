/**
 * `tenants.exists`: `HEAD /v1/schema/<Class>/tenants/<tenant>` (1.25+), the list on older servers.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
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

/** Whether the class has a tenant of this name. */
export const tenantExists =
  (ctx: OperationContext) =>
  (name: string, tenant: string, options?: CallOptions): ObservableEither<WeaviateError, boolean> =>
    operation(
      (): TenantInputOf<string> => ({ className: className('className', name), tenant: tenantName('name', tenant), call: callInput('tenants.exists', options) }),
      (input) =>
        withVersion(ctx, input.call, (version) =>
          supports(version, 'tenantExists')
            ? ctx.http.run({ method: 'HEAD', path: tenantPath(input.className, input.tenant), expect: [200, 404], ...input.call }, (res) =>
                E.right(res.status === 200),
              )
            : listRun(ctx, input.className, [input.tenant], input.call).pipe(map((found) => found.some((t) => t.name === input.tenant))),
        ),
    )
