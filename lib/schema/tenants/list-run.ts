/**
 * The tenant list behind `list`, `getByNames`, and `get` and `exists` on older servers: over gRPC
 * `TenantsGet` or the REST list.
 *
 * @packageDocumentation
 */
import { of } from 'rxjs'
import { Tenant } from '../../codecs/class-definition'
import { decode } from '../../codecs/decode'
import { CallOptions, OperationContext, withVersion } from '../../context/context'
import { missingFeature } from '../../context/when-supported'
import { WeaviateError } from '../../core/errors'
import { ObservableEither, flatMap, map } from '../../core/observable-either'
import { schemaPath } from '../../server/routes'
import { supports } from '../../server/version'
import { tenantsOverGrpc } from './grpc'
import { Tenants } from './wire'

const restList = (ctx: OperationContext, cls: string, call: CallOptions): ObservableEither<WeaviateError, readonly Tenant[]> =>
  ctx.http.run({ method: 'GET', path: schemaPath(cls, 'tenants'), expect: [200], ...call }, (res) => decode(Tenants, res.body, res))

/**
 * The tenants of `cls` (those of `names` when given, in the server's order): over gRPC
 * `TenantsGet` when the client's transport is gRPC and the server has it (1.25+), else the REST
 * list, filtered here.
 */
export const listRun = (
  ctx: OperationContext,
  cls: string,
  names: readonly string[] | undefined,
  call: CallOptions,
): ObservableEither<WeaviateError, readonly Tenant[]> =>
  withVersion(ctx, call, (version) => {
    const refused = missingFeature(version, ['tenants'])
    if (refused !== undefined) return of(refused)
    return ctx.transports.choose(undefined, call).pipe(
      flatMap((kind): ObservableEither<WeaviateError, readonly Tenant[]> =>
        kind === 'grpc' && supports(version, 'grpcTenants')
          ? tenantsOverGrpc(ctx, cls, names, call)
          : restList(ctx, cls, call).pipe(map((all) => (names === undefined ? all : all.filter((tenant) => names.includes(tenant.name))))),
      ),
    )
  })
