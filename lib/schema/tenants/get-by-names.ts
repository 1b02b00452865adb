/**
 * `tenants.getByNames`: the tenants of these names that exist, from the list.
 *
 * @packageDocumentation
 */
import { Tenant } from '../../codecs/class-definition'
import { CallOptions, OperationContext, callInput } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { operation } from '../../core/operation'
import { className } from '../../input/names'
import { tenantNames } from '../input'
import { listRun } from './list-run'
import { TenantNamesInput } from './wire'

/** The tenants of these names that exist (those missing are left out). */
export const getTenantsByNames =
  (ctx: OperationContext) =>
  (name: string, names: readonly string[], options?: CallOptions): ObservableEither<WeaviateError, readonly Tenant[]> =>
    operation(
      (): TenantNamesInput => ({ className: className('className', name), names: tenantNames('names', names), call: callInput('tenants.getByNames', options) }),
      (input) => listRun(ctx, input.className, input.names, input.call),
    )
