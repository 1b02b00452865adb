/**
 * `client.tenants`: `GET|POST|PUT|DELETE /v1/schema/<Class>/tenants`. Multi-tenancy exists from
 * Weaviate 1.20 and tenant activity status from 1.21; on older servers each operation is an
 * `UnsupportedVersionError` before any tenant request is sent.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import * as t from 'io-ts'
import { of } from 'rxjs'
import { Tenant, TenantCodec } from '../codecs/class-definition'
import { decode } from '../codecs/decode'
import { CallOptions, OperationContext, withVersion } from '../context/context'
import { operation } from '../core/operation'
import { WeaviateError } from '../core/errors'
import { HttpRequest, HttpResponse } from '../transport/http/types'
import { className } from '../input/names'
import { ObservableEither } from '../core/observable-either'
import { schemaPath } from '../server/routes'
import { Feature, requireFeature } from '../server/version'
import { callInput } from './call-input'
import { tenantNames, tenants as tenantsInput } from './input'

const Tenants = t.readonlyArray(TenantCodec)

/** Sends `req` once the server is known to have `features`; an older server is one Left. */
const whenSupported = <A>(
  ctx: OperationContext,
  features: readonly Feature[],
  call: CallOptions,
  req: HttpRequest,
  interpret: (res: HttpResponse) => E.Either<WeaviateError, A>,
): ObservableEither<WeaviateError, A> =>
  withVersion(ctx, call, (version) => {
    for (const feature of features) {
      const supported = requireFeature(version, feature)
      if (E.isLeft(supported)) return of(supported)
    }
    return ctx.http.run({ ...req, ...call }, interpret)
  })

const statusFeatures = (tenants: readonly Tenant[]): readonly Feature[] =>
  tenants.some((tenant) => tenant.activityStatus !== undefined) ? ['tenants', 'tenantActivity'] : ['tenants']

/**
 * The tenant operations of a client.
 *
 * @example
 * ```ts
 * client.tenants.create('Article', ['tenantA', { name: 'tenantB', activityStatus: 'INACTIVE' }])
 * ```
 */
export interface TenantsApi {
  /** The tenants of a multi-tenant class. */
  readonly list: (className: string, options?: CallOptions) => ObservableEither<WeaviateError, readonly Tenant[]>
  /** Adds tenants (names, or `{ name, activityStatus }` from 1.21); emits them as the server stored them. */
  readonly create: (
    className: string,
    tenants: ReadonlyArray<string | Tenant>,
    options?: CallOptions,
  ) => ObservableEither<WeaviateError, readonly Tenant[]>
  /** Changes the activity status of tenants (1.21+). */
  readonly update: (className: string, tenants: readonly Tenant[], options?: CallOptions) => ObservableEither<WeaviateError, readonly Tenant[]>
  /** Removes tenants with all their objects; names that do not exist are ignored by the server. */
  readonly delete: (className: string, names: readonly string[], options?: CallOptions) => ObservableEither<WeaviateError, void>
}

/**
 * Binds the tenant operations to a client context.
 */
export const tenantsApi = (ctx: OperationContext): TenantsApi => ({
  list: (name, options) =>
    operation(
      () => ({ className: className('className', name), call: callInput('tenants.list', options) }),
      (input) =>
        whenSupported(ctx, ['tenants'], input.call, { method: 'GET', path: schemaPath(input.className, 'tenants'), expect: [200] }, (res) =>
          decode(Tenants, res.body, res),
        ),
    ),
  create: (name, tenants, options) =>
    operation(
      () => ({
        className: className('className', name),
        tenants: tenantsInput('tenants', tenants),
        call: callInput('tenants.create', options),
      }),
      (input) =>
        whenSupported(
          ctx,
          statusFeatures(input.tenants),
          input.call,
          { method: 'POST', path: schemaPath(input.className, 'tenants'), body: input.tenants, expect: [200] },
          (res) => decode(Tenants, res.body, res),
        ),
    ),
  update: (name, tenants, options) =>
    operation(
      () => ({
        className: className('className', name),
        tenants: tenantsInput('tenants', tenants),
        call: callInput('tenants.update', options),
      }),
      (input) =>
        whenSupported(
          ctx,
          ['tenants', 'tenantActivity'],
          input.call,
          { method: 'PUT', path: schemaPath(input.className, 'tenants'), body: input.tenants, expect: [200] },
          (res) => decode(Tenants, res.body, res),
        ),
    ),
  delete: (name, names, options) =>
    operation(
      () => ({
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
    ),
})
