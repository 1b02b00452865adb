/**
 * `tenants.list`: the tenants of a class.
 *
 * @packageDocumentation
 */
import { Tenant } from '../../codecs/class-definition'
import { CallOptions, OperationContext, callInput } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { operation } from '../../core/operation'
import { className } from '../../input/names'
import type { ClassInput } from '../call-input'
import { listRun } from './list-run'

/** The tenants of a multi-tenant class. */
export const listTenants =
  (ctx: OperationContext) =>
  (name: string, options?: CallOptions): ObservableEither<WeaviateError, readonly Tenant[]> =>
    operation(
      (): ClassInput => ({ className: className('className', name), call: callInput('tenants.list', options) }),
      (input) => listRun(ctx, input.className, undefined, input.call),
    )
