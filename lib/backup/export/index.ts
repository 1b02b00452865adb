/**
 * `client.export`: export collections to a backup backend as Parquet files (`/v1/export/...`),
 * read an export's status, cancel it.
 *
 * @packageDocumentation
 */
import { OperationContext } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { ExportCreateArgs, ExportLocation, ExportStatus } from './args'
import { cancelExport } from './cancel'
import { createExport } from './create'
import { getStatus } from './get-status'

/**
 * `client.export` (Weaviate 1.37.0 and later, on a server run with `EXPORT_ENABLED=true`; without
 * it every call is a 422 Left). An export writes each shard of the chosen collections as Parquet
 * files (`id`, `creation_time`, `update_time`, `vector` as little-endian float32 bytes,
 * `named_vectors`, `multi_vectors` and `properties` as JSON) to a backup backend, under the
 * server's `EXPORT_DEFAULT_PATH` (and `EXPORT_DEFAULT_BUCKET` on object stores). One export runs at a
 * time in a cluster.
 *
 * `create` is cold: each subscription starts one export and follows it. It emits each new status
 * (the answer of the request first, `STARTED`, then every status read that differs from the one
 * before, one read each `pollIntervalMs`) and completes after `SUCCESS`; a `FAILED` or `CANCELED`
 * end is one `Left`, an `UnexpectedStatusError` whose `body` is the {@link ExportStatus}.
 * **Unsubscribing stops the status reads only: the export goes on on the server.** To stop it,
 * call `cancel`.
 *
 * @example
 * ```ts
 * const last = await lastValueFrom(client.export.create({ backend: 'filesystem', exportId: 'articles', include: ['Article'] }))
 * if (E.isRight(last)) console.log(last.right.path, last.right.shardStatus)
 * ```
 */
export interface ExportApi {
  /** Starts an export and follows it to its end (`POST /v1/export/<backend>`). */
  readonly create: (args: ExportCreateArgs) => ObservableEither<WeaviateError, ExportStatus>
  /** The status of an export (`GET /v1/export/<backend>/<id>`); a failed export is a Right here. */
  readonly getStatus: (args: ExportLocation) => ObservableEither<WeaviateError, ExportStatus>
  /** Cancels a running export (`DELETE /v1/export/<backend>/<id>`); the files written so far stay. */
  readonly cancel: (args: ExportLocation) => ObservableEither<WeaviateError, void>
}

/**
 * Binds the export operations to a client context.
 */
export const exportApi = (ctx: OperationContext): ExportApi => ({
  create: createExport(ctx),
  getStatus: getStatus(ctx),
  cancel: cancelExport(ctx),
})
