/**
 * `export.cancel`: `DELETE /v1/export/<backend>/<id>`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { OperationContext } from '../../context/context'
import { whenSupported } from '../../context/when-supported'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { operation } from '../../core/operation'
import { exportPath } from '../../server/routes'
import { EXPORT_KEYS, ExportLocation, checkExportLocation } from './args'

/**
 * Cancels a running export; its create stream then ends with its `CANCELED` Left. The files
 * written so far stay on the backend. An export that has ended already is a 409 Left.
 */
export const cancelExport =
  (ctx: OperationContext) =>
  (args: ExportLocation): ObservableEither<WeaviateError, void> =>
    operation(
      () => checkExportLocation(EXPORT_KEYS.cancel, args),
      (input) =>
        whenSupported(ctx, ['export'], input.call, { method: 'DELETE', path: exportPath(input.backend, input.exportId), expect: [204] }, () =>
          E.right(undefined),
        ),
    )
