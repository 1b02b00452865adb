/**
 * `client.tenants`: `GET|POST|PUT|DELETE /v1/schema/<Class>/tenants` and
 * `GET|HEAD /v1/schema/<Class>/tenants/<tenant>`. Multi-tenancy exists from Weaviate 1.20 and tenant
 * activity status from 1.21; on older servers each operation is an `UnsupportedVersionError`
 * before any tenant request is sent. Every status read is a {@link TenantActivityStatus}: the
 * legacy names the server stores (`HOT`, `COLD`, `FROZEN`, ...) read as the new ones.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import * as t from 'io-ts'
import { of } from 'rxjs'
import { Tenant, TenantActivityStatusInput, TenantCodec, TenantInput } from '../codecs/class-definition'
import { decode } from '../codecs/decode'
import { CallOptions, OperationContext, withVersion, callInput } from '../context/context'
import { operation } from '../core/operation'
import { WeaviateError } from '../core/errors'
import { HttpRequest } from '../transport/http/types'
import { className } from '../input/names'
import { ObservableEither, flatMap, map } from '../core/observable-either'
import { schemaPath, tenantPath } from '../server/routes'
import { Feature, ServerVersion, supports } from '../server/version'
import { tenantsPerRequest } from '../server/limits'
import { missingFeature } from '../context/when-supported'
import { tenantsOverGrpc } from './tenants-grpc'
import { chunksOf, sendInChunks } from './tenant-chunks'
import type { ClassInput } from './call-input'
import { distinctNames, tenantName, tenantNames, tenants as tenantsInput } from './input'

/** The checked input of an operation on one tenant of a class. */
interface TenantInputOf<T> extends ClassInput {
  readonly tenant: T
}

/** The checked input of an operation on tenants by name. */
interface TenantNamesInput extends ClassInput {
  readonly names: readonly string[]
}

/** The checked input of create and update: the tenants with their statuses. */
interface TenantsInput extends ClassInput {
  readonly tenants: readonly TenantInput[]
}

const Tenants = t.readonlyArray(TenantCodec)

/** The first missing feature of `features` on `version`, as a Left; `undefined` when all are there. */
const statusFeatures = (tenants: readonly TenantInput[]): readonly Feature[] => [
  'tenants',
  ...(tenants.some((tenant) => tenant.activityStatus !== undefined) ? (['tenantActivity'] as const) : []),
  ...(tenants.some((tenant) => tenant.activityStatus === 'OFFLOADED') ? (['tenantOffload'] as const) : []),
]

/** The status name a server of `version` accepts: the legacy names before 1.26. */
const wireStatus = (version: ServerVersion, status: TenantActivityStatusInput): string => {
  if (supports(version, 'tenantStatusNames')) return status
  switch (status) {
    case 'ACTIVE':
      return 'HOT'
    case 'INACTIVE':
      return 'COLD'
    case 'OFFLOADED':
      return 'FROZEN'
  }
}

const wireTenants = (version: ServerVersion, tenants: readonly TenantInput[]): readonly Record<string, string>[] =>
  tenants.map((tenant) =>
    tenant.activityStatus === undefined ? { name: tenant.name } : { name: tenant.name, activityStatus: wireStatus(version, tenant.activityStatus) },
  )

/**
 * The tenant operations of a client. Statuses read as {@link TenantActivityStatus} (`HOT` reads as
 * `ACTIVE`, `COLD` as `INACTIVE`, `FROZEN` as `OFFLOADED`); statuses set are
 * {@link TenantActivityStatusInput}, anything else an `ArgumentValueError` with nothing sent.
 *
 * @example
 * ```ts
 * client.tenants.create('Article', ['tenantA', { name: 'tenantB', activityStatus: 'INACTIVE' }])
 * client.tenants.activate('Article', ['tenantB'])
 * ```
 */
export interface TenantsApi {
  /** The tenants of a multi-tenant class, in one request: no server version pages the list. */
  readonly list: (className: string, options?: CallOptions) => ObservableEither<WeaviateError, readonly Tenant[]>
  /**
   * One tenant, or `null` when the class has no tenant of that name. `GET /tenants/<name>` on
   * 1.28+, the list filtered on older servers (1.20+).
   */
  readonly get: (className: string, name: string, options?: CallOptions) => ObservableEither<WeaviateError, Tenant | null>
  /** The tenants of these names that exist (those missing are left out), from the list (1.20+). */
  readonly getByNames: (className: string, names: readonly string[], options?: CallOptions) => ObservableEither<WeaviateError, readonly Tenant[]>
  /** Whether the class has a tenant of this name: `HEAD /tenants/<name>` on 1.25+, the list on older servers (1.20+). */
  readonly exists: (className: string, name: string, options?: CallOptions) => ObservableEither<WeaviateError, boolean>
  /**
   * Adds tenants (names, or `{ name, activityStatus }` from 1.21); emits them as the server stored
   * them. Any number in one request, but on 1.26.0, which takes at most 100: there in requests of
   * 100, as `update` does. A name given twice is an `ArgumentValueError`.
   */
  readonly create: (
    className: string,
    tenants: ReadonlyArray<string | TenantInput>,
    options?: CallOptions,
  ) => ObservableEither<WeaviateError, readonly Tenant[]>
  /**
   * Changes the activity status of tenants (1.21+; `OFFLOADED` 1.26+ with the `offload-s3` module).
   * The server takes at most 100 tenants a request from 1.26 on, so a longer list is sent as
   * requests of 100, one after another, and answered as one: the tenants of every request. A
   * failed request ends the operation; when there are several, the Left is a `TenantsPartialError`
   * naming the tenants `applied`, `failed` and `notSent`. A name the class does not have fails its
   * request (422) after the server changed the other tenants of that request. A name given twice
   * is an `ArgumentValueError`.
   */
  readonly update: (className: string, tenants: readonly TenantInput[], options?: CallOptions) => ObservableEither<WeaviateError, readonly Tenant[]>
  /** `update` with `ACTIVE` for each name (1.21+), in requests of at most 100 like `update`. */
  readonly activate: (className: string, names: readonly string[], options?: CallOptions) => ObservableEither<WeaviateError, readonly Tenant[]>
  /** `update` with `INACTIVE` for each name (1.21+), in requests of at most 100 like `update`. */
  readonly deactivate: (className: string, names: readonly string[], options?: CallOptions) => ObservableEither<WeaviateError, readonly Tenant[]>
  /**
   * `update` with `OFFLOADED` for each name: 1.26+, and the server must have the `offload-s3`
   * module enabled, or it refuses ("can't offload tenants, because offload-s3 module is not enabled").
   * In requests of at most 100 like `update`.
   */
  readonly offload: (className: string, names: readonly string[], options?: CallOptions) => ObservableEither<WeaviateError, readonly Tenant[]>
  /**
   * Removes tenants with all their objects; names that do not exist are ignored by the server. One
   * request whatever the number: no server version caps it.
   */
  readonly delete: (className: string, names: readonly string[], options?: CallOptions) => ObservableEither<WeaviateError, void>
}

/**
 * Binds the tenant operations to a client context.
 */
export const tenantsApi = (ctx: OperationContext): TenantsApi => {
  const listRequest = (cls: string): HttpRequest => ({ method: 'GET', path: schemaPath(cls, 'tenants'), expect: [200] })
  const restList = (cls: string, call: CallOptions): ObservableEither<WeaviateError, readonly Tenant[]> =>
    ctx.http.run({ ...listRequest(cls), ...call }, (res) => decode(Tenants, res.body, res))

  /**
   * The tenants of `cls` (those of `names` when given, in the server's order): over gRPC
   * `TenantsGet` when the client's transport is gRPC and the server has it (1.25+), else the REST
   * list, filtered here.
   */
  const listRun = (cls: string, names: readonly string[] | undefined, call: CallOptions): ObservableEither<WeaviateError, readonly Tenant[]> =>
    withVersion(ctx, call, (version) => {
      const refused = missingFeature(version, ['tenants'])
      if (refused !== undefined) return of(refused)
      return ctx.transports.choose(undefined, call).pipe(
        flatMap((kind): ObservableEither<WeaviateError, readonly Tenant[]> =>
          kind === 'grpc' && supports(version, 'grpcTenants')
            ? tenantsOverGrpc(ctx, cls, names, call)
            : restList(cls, call).pipe(map((all) => (names === undefined ? all : all.filter((tenant) => names.includes(tenant.name))))),
        ),
      )
    })

  const updateWith =
    (operationName: string, status: TenantActivityStatusInput) =>
    (name: string, names: readonly string[], options?: CallOptions): ObservableEither<WeaviateError, readonly Tenant[]> =>
      operation(
        (): TenantsInput => ({
          className: className('className', name),
          tenants: distinctNames('names', tenantNames('names', names), (n) => n).map((n): TenantInput => ({ name: n, activityStatus: status })),
          call: callInput(operationName, options),
        }),
        (input) => updateRun(operationName, input.className, input.tenants, input.call),
      )

  /**
   * Tenants created or updated in requests of at most the server's cap (`server/limits.ts`), sent
   * one after another: one result, the tenants as the server answered each request.
   */
  const writeRun = (
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

  const updateRun = (operationName: string, cls: string, tenants: readonly TenantInput[], call: CallOptions): ObservableEither<WeaviateError, readonly Tenant[]> =>
    writeRun(operationName, 'PUT', cls, tenants, statusFeatures(tenants).includes('tenantActivity') ? statusFeatures(tenants) : ['tenants', 'tenantActivity'], call)

  return {
    list: (name, options) =>
      operation(
        (): ClassInput => ({ className: className('className', name), call: callInput('tenants.list', options) }),
        (input) => listRun(input.className, undefined, input.call),
      ),
    get: (name, tenant, options) =>
      operation(
        (): TenantInputOf<string> => ({ className: className('className', name), tenant: tenantName('name', tenant), call: callInput('tenants.get', options) }),
        (input) =>
          withVersion(ctx, input.call, (version) =>
            supports(version, 'tenantGet')
              ? ctx.http.run({ method: 'GET', path: tenantPath(input.className, input.tenant), expect: [200, 404], ...input.call }, (res) =>
                  res.status === 404 ? E.right(null) : decode(TenantCodec, res.body, res),
                )
              : listRun(input.className, [input.tenant], input.call).pipe(map((found) => found.find((t) => t.name === input.tenant) ?? null)),
          ),
      ),
    getByNames: (name, names, options) =>
      operation(
        (): TenantNamesInput => ({ className: className('className', name), names: tenantNames('names', names), call: callInput('tenants.getByNames', options) }),
        (input) => listRun(input.className, input.names, input.call),
      ),
    exists: (name, tenant, options) =>
      operation(
        (): TenantInputOf<string> => ({ className: className('className', name), tenant: tenantName('name', tenant), call: callInput('tenants.exists', options) }),
        (input) =>
          withVersion(ctx, input.call, (version) =>
            supports(version, 'tenantExists')
              ? ctx.http.run({ method: 'HEAD', path: tenantPath(input.className, input.tenant), expect: [200, 404], ...input.call }, (res) =>
                  E.right(res.status === 200),
                )
              : listRun(input.className, [input.tenant], input.call).pipe(map((found) => found.some((t) => t.name === input.tenant))),
          ),
      ),
    create: (name, tenants, options) =>
      operation(
        (): TenantsInput => ({
          className: className('className', name),
          tenants: distinctNames('tenants', tenantsInput('tenants', tenants), (tenant) => tenant.name),
          call: callInput('tenants.create', options),
        }),
        (input) => writeRun('tenants.create', 'POST', input.className, input.tenants, statusFeatures(input.tenants), input.call),
      ),
    update: (name, tenants, options) =>
      operation(
        (): TenantsInput => ({
          className: className('className', name),
          tenants: distinctNames('tenants', tenantsInput('tenants', tenants), (tenant) => tenant.name),
          call: callInput('tenants.update', options),
        }),
        (input) => updateRun('tenants.update', input.className, input.tenants, input.call),
      ),
    activate: updateWith('tenants.activate', 'ACTIVE'),
    deactivate: updateWith('tenants.deactivate', 'INACTIVE'),
    offload: updateWith('tenants.offload', 'OFFLOADED'),
    delete: (name, names, options) =>
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
      ),
  }
}
