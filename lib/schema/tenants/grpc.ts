/**
 * `tenants.list` and `tenants.getByNames` over gRPC: `TenantsGet` (1.25+), its statuses read as
 * the same {@link TenantActivityStatus} names the REST path gives.
 *
 * @packageDocumentation
 */
import { create } from '@bufbuild/protobuf'
import * as E from 'fp-ts/Either'
import { Tenant, TenantActivityStatus } from '../../codecs/class-definition'
import { CallOptions, OperationContext } from '../../context/context'
import { DecodeError, WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import {
  TenantActivityStatus as WireStatus,
  TenantsGetReply,
  TenantsGetRequestSchema,
} from '../../proto/generated/weaviate/v1/tenants_pb'
import { METHODS } from '../../transport/grpc/methods'

/** A wire status as the client reports it; `undefined` for UNSPECIFIED, `null` for a number we do not know. */
const statusOf = (status: WireStatus): TenantActivityStatus | undefined | null => {
  switch (status) {
    case WireStatus.UNSPECIFIED:
      return undefined
    case WireStatus.HOT:
    case WireStatus.ACTIVE:
      return 'ACTIVE'
    case WireStatus.COLD:
    case WireStatus.INACTIVE:
      return 'INACTIVE'
    case WireStatus.FROZEN:
    case WireStatus.OFFLOADED:
      return 'OFFLOADED'
    case WireStatus.FREEZING:
    case WireStatus.OFFLOADING:
      return 'OFFLOADING'
    case WireStatus.UNFREEZING:
    case WireStatus.ONLOADING:
      return 'ONLOADING'
    default:
      return null
  }
}

const tenantsOf = (reply: TenantsGetReply, url: string): E.Either<WeaviateError, readonly Tenant[]> => {
  const out: Tenant[] = []
  for (const [i, tenant] of reply.tenants.entries()) {
    const status = statusOf(tenant.activityStatus)
    if (status === null) {
      return E.left(
        new DecodeError({
          method: 'POST',
          url,
          report: [`tenants[${i}].activityStatus: an unknown tenant activity status ${String(tenant.activityStatus)}`],
        }),
      )
    }
    out.push(status === undefined ? { name: tenant.name } : { name: tenant.name, activityStatus: status })
  }
  return E.right(out)
}

/** The tenants of `className` (those of `names` when given) by `TenantsGet`; a read, so retried. */
export const tenantsOverGrpc = (
  ctx: OperationContext,
  className: string,
  names: readonly string[] | undefined,
  call: CallOptions,
): ObservableEither<WeaviateError, readonly Tenant[]> =>
  ctx.grpc.run(
    METHODS.tenantsGet,
    create(TenantsGetRequestSchema, {
      collection: className,
      params: names === undefined ? { case: undefined } : { case: 'names', value: { values: [...names] } },
    }),
    { idempotent: true, ...call },
    (reply) => tenantsOf(reply, `${ctx.grpc.nodes[0]?.origin ?? ''}${METHODS.tenantsGet.path}`),
  )
