/**
 * The version gate of a definition's configuration: a definition that uses no version-dependent
 * setting is sent at once; one that does waits for the server version (read once per client) and
 * is one `UnsupportedVersionError`, with nothing sent, when the server lacks a setting.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { of } from 'rxjs'
import { CallOptions, OperationContext, withVersion } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { ConfigParts, configFeatures, requireConfigFeatures } from './config-check'

/**
 * Runs `run` once the server is known to have every setting `parts` uses.
 */
export const whenConfigSupported = <A>(
  ctx: OperationContext,
  call: CallOptions,
  parts: ConfigParts,
  run: () => ObservableEither<WeaviateError, A>,
): ObservableEither<WeaviateError, A> =>
  configFeatures(parts).length === 0
    ? run()
    : withVersion(ctx, call, (version) => {
        const supported = requireConfigFeatures(version, parts)
        return E.isLeft(supported) ? of(supported) : run()
      })
