/**
 * `export.create`: `POST /v1/export/<backend>`, then the export followed to its end.
 *
 * @packageDocumentation
 */
import { OperationContext } from '../../context/context'
import { whenSupported } from '../../context/when-supported'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { operation } from '../../core/operation'
import { exportPath } from '../../server/routes'
import { ExportCreateArgs, ExportStatus, checkExportCreate } from './args'
import { decodeExportStatus, followExport } from './status'

/** Starts an export and follows it to its end. */
export const createExport =
  (ctx: OperationContext) =>
  (args: ExportCreateArgs): ObservableEither<WeaviateError, ExportStatus> =>
    operation(
      () => checkExportCreate(args),
      (input) =>
        followExport(
          ctx,
          input,
          input.pollIntervalMs,
          whenSupported(ctx, ['export'], input.call, { method: 'POST', path: exportPath(input.backend), body: input.body, expect: [200] }, decodeExportStatus(input)),
        ),
    )
