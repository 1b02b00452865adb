/**
 * `schema.indexStatus`: `GET /v1/schema/<Class>/indexes` (Weaviate 1.38+; an older server is an
 * `UnsupportedVersionError` with nothing sent).
 *
 * @packageDocumentation
 */
import { decode } from '../codecs/decode'
import { IndexStatus, IndexStatusCodec } from '../codecs/index-status'
import { CallOptions, OperationContext, callInput } from '../context/context'
import { whenSupported } from '../context/when-supported'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { className } from '../input/names'
import { indexesPath } from '../server/routes'
import { ClassInput } from './call-input'

/** Reads each property of a class with its inverted indexes and their state (reindex progress included). */
export const indexStatus =
  (ctx: OperationContext) =>
  (name: string, options?: CallOptions): ObservableEither<WeaviateError, IndexStatus> =>
    operation(
      (): ClassInput => ({ className: className('className', name), call: callInput('indexStatus', options) }),
      (input) =>
        whenSupported(ctx, ['indexStatus'], input.call, { method: 'GET', path: indexesPath(input.className), expect: [200] }, (res) =>
          decode(IndexStatusCodec, res.body, res),
        ),
    )
