/**
 * `tenants.delete`: `DELETE /v1/schema/<Class>/tenants`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { of } from 'rxjs'
import { CallOptions, OperationContext, callInput, withVersion } from '../../context/context'
import { missingFeature } from '../../context/when-supported'
import { WeaviateError } from '../../core/errors'
import { ObservableEither, map } from '../../core/observable-either'
import { operation } from '../../core/operation'
import { className } from '../../input/names'
import { tenantsPerRequest } from '../../server/limits'
import { schemaPath } from '../../server/routes'
import { tenantNames } from '../input'
import { chunksOf, sendInChunks } from './chunks'
import { TenantNamesInput } from './wire'

/** Removes tenants with all their objects; one request whatever the number, as no server version caps it. */
export const deleteTenants =
  (ctx: OperationContext) =>
  (name: string, names: readonly string[], options?: CallOptions): ObservableEither<WeaviateError, void> =>
    operation(
      (): TenantNamesInput => ({
        className: className('className', name),
        names: tenantNames('names', names),
        call: callInput('tenants.delete', options),
      }),
      (input) =>
        withVersion(ctx, input.call, (version) => {
          const refused = missingFeature(version, ['tenants'])
          if (refused !== undefined) return of(refused)
          const chunks = chunksOf(input.names, tenantsPerRequest(version, 'delete'))
          return sendInChunks({ operation: 'tenants.delete', className: input.className, nameOf: (n: string) => n }, chunks, (chunk) =>
            ctx.http.run({ method: 'DELETE', path: schemaPath(input.className, 'tenants'), body: chunk, expect: [200], ...input.call }, () => E.right([])),
          ).pipe(map((): void => undefined))
        }),
    )
