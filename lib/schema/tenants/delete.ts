/**
 * `tenants.delete`: `DELETE /v1/schema/<Class>/tenants`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { CallOptions, OperationContext, callInput } from '../../context/context'
import { whenSupported } from '../../context/when-supported'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { operation } from '../../core/operation'
import { className } from '../../input/names'
import { schemaPath } from '../../server/routes'
import { tenantNames } from '../input'
import { TenantNamesInput } from './wire'

/** Removes tenants with all their objects. */
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
        whenSupported(
          ctx,
          ['tenants'],
          input.call,
          { method: 'DELETE', path: schemaPath(input.className, 'tenants'), body: input.names, expect: [200] },
          () => E.right(undefined),
        ),
    )
