/**
 * `export.getStatus`: `GET /v1/export/<backend>/<id>`.
 *
 * @packageDocumentation
 */
import { OperationContext } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { operation } from '../../core/operation'
import { EXPORT_KEYS, ExportLocation, ExportStatus, checkExportLocation } from './args'
import { getExportStatus } from './status'

/** The status of an export, whatever it is (a failed or cancelled export is a Right here). */
export const getStatus =
  (ctx: OperationContext) =>
  (args: ExportLocation): ObservableEither<WeaviateError, ExportStatus> =>
    operation(
      () => checkExportLocation(EXPORT_KEYS.getStatus, args),
      (input) => getExportStatus(ctx, input),
    )
